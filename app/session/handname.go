package session

import (
	"strings"
	"unicode/utf8"

	"miskatonic/app/i18n"
	"miskatonic/engine/wire"
)

// handName is what the person's extra seat n (n ≥ 1) is called at the table: "Ann (2nd
// character)", in the language this page reads, rather than the host's bare "Ann 2", which
// reads like another player. The person's own name is shortened, never the note, so the whole
// fits the table's name limit (the host would otherwise cut the end off).
func handName(name string, n int) string {
	name = strings.TrimSpace(name)
	if name == "" {
		name = i18n.T("quick.you")
	}
	for {
		out := i18n.T("lobby.hand_name", name, n+1)
		if len(out) <= wire.MaxName || name == "" {
			return out
		}
		_, size := utf8.DecodeLastRuneInString(name)
		name = strings.TrimSpace(name[:len(name)-size])
	}
}
