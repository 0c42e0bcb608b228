package ui

import (
	"github.com/maxence-charriere/go-app/v9/pkg/app"

	"miskatonic/app/i18n"
	"miskatonic/app/session"
)

// errorText words an error for the player in their language, by its problem
// (session.ProblemOf): a join's or a table's problem, or an engine error's kind, worded like a
// host's refusal. The error's English is for developers: it goes to the console, never on
// screen.
func errorText(err error) string {
	app.Log("miskatonic:", err)
	return i18n.T(session.ProblemOf(err))
}
