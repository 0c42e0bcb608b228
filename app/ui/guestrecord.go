package ui

import (
	"github.com/maxence-charriere/go-app/v9/pkg/app"

	"miskatonic/app/i18n"
	"miskatonic/app/session"
	"miskatonic/engine/table"
)

// guestRecordWait is a guest's record panel before it has a record to offer: at game over it
// asks the host once (the host refuses before the end, when the record would show hidden
// cards), says so while the record arrives and is checked, and says why when the host refused
// it or sent one that is not the game this browser saw. Nil for host and solo tables.
func (g *GameScreen) guestRecordWait(snap session.Snapshot) app.UI {
	if snap.Kind != session.Guest {
		return nil
	}
	if snap.RecordState == "" && session.RecordAskable(snap) && g.recAsked != snap.Table {
		g.recAsked = snap.Table // once per game: a failed ask is repeated by hand
		_ = g.Sess.AskRecord()
	}
	var body app.UI
	switch snap.RecordState {
	case table.RecordFailed:
		body = app.Div().Body(
			app.P().Class("problem").ID("record-refused").Body(
				app.Text(i18n.T("guestrecord.refused")+" "),
				app.Elem("strong").Text(i18n.T("guestrecord.why."+whyTail(snap.RecordCode))),
			),
			app.Elem("details").Body(
				app.Elem("summary").Text(i18n.T("guestrecord.detail")),
				app.P().Class("muted", "small").Attr("lang", "en").Text(snap.RecordProblem),
			),
			app.Div().Class("record-actions").Body(
				app.Elem("button").Class("btn").ID("record-ask").Text(i18n.T("guestrecord.again")).OnClick(func(ctx app.Context, e app.Event) {
					_ = g.Sess.AskRecord()
				}),
			),
		)
	default:
		// Asking, or waiting for this browser's own check of the last deals.
		body = app.P().Class("muted").ID("record-asking").Attr("aria-live", "polite").Text(i18n.T("guestrecord.asking"))
	}
	return app.Elem("section").Class("record-panel").ID("record-panel").Body(
		app.Elem("h2").Text(i18n.T("record.title")),
		body,
	)
}

// whyTail is the catalog tail of a record code ("record.moves" → "moves").
func whyTail(code string) string {
	const p = "record."
	if len(code) > len(p) && code[:len(p)] == p {
		return code[len(p):]
	}
	return "other"
}
