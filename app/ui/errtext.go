package ui

import (
	"miskatonic/app/i18n"
	"miskatonic/engine"
	"miskatonic/engine/wire"
)

// errorText words an error for the player in their language. An engine or table error is
// worded from its kind (the same catalog entries as a host's refusal); anything else (storage,
// the network) keeps its English detail behind the translated "something went wrong".
func errorText(err error) string {
	if k := engine.KindOf(err); k != "" && i18n.Has("why."+wire.RefusedCode(k)) {
		return i18n.Why(i18n.Current(), wire.RefusedCode(k), nil, "")
	}
	return i18n.T("app.error", err.Error())
}
