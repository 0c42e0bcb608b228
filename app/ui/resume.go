package ui

// The home page's saved tables (issue 24): every game's saved solo game and hosted table is
// offered back on its own row, resumed by its own game's page, and each can be abandoned
// alone after a confirmation.

import (
	"github.com/maxence-charriere/go-app/v9/pkg/app"

	"miskatonic/app/i18n"
	"miskatonic/app/session"
	"miskatonic/app/ui/board"
	"miskatonic/app/ui/uiloop"
)

// Resume lists the tables saved in this browser, each with Resume and Abandon.
type Resume struct {
	app.Compo

	saved      []session.SavedTable
	abandoning string // id of the row asking "abandon for good?", "" when none
	ctx        app.Context
}

func (r *Resume) OnMount(ctx app.Context) {
	r.ctx = ctx
	r.saved = session.SavedTables(session.DefaultStore())
}

// rowID names a saved table's row and buttons: kind and game, as "solo-arkham".
func rowID(t session.SavedTable) string { return string(t.Kind) + "-" + t.Game }

func (r *Resume) Render() app.UI {
	if len(r.saved) == 0 {
		return app.Elem("section").Class("mk-resume").ID("resume").Hidden(true)
	}
	rows := []app.UI{app.P().Text(i18n.T("resume.lead"))}
	for _, t := range r.saved {
		rows = append(rows, r.row(t))
	}
	return app.Elem("section").Class("mk-resume").ID("resume").Body(rows...)
}

func (r *Resume) row(t session.SavedTable) app.UI {
	id := rowID(t)
	label, href, class := i18n.T("resume.solo"), board.SoloPath(t.Game), []string{"mk-btn"}
	if t.Kind == session.Host {
		label, href, class = i18n.T("resume.table"), board.NewPath(t.Game), []string{"mk-btn", "mk-btn-primary"}
	}
	actions := []app.UI{
		app.Elem("a").ID("resume-"+id).Class(class...).Attr("href", href).Text(label),
		app.Elem("button").Attr("type", "button").ID("abandon-" + id).Class("mk-btn").Text(i18n.T("resume.abandon")).
			OnClick(func(ctx app.Context, e app.Event) { r.abandoning = id }),
	}
	var confirm app.UI
	if r.abandoning == id {
		// Abandoning cannot be undone: the player says so twice.
		confirm = app.Div().Class("mk-confirm").ID("abandon-ask-"+id).Aria("live", "polite").Body(
			app.P().Text(i18n.T("resume.abandon_ask", i18n.T("game."+t.Game))),
			app.Div().Class("mk-actions").Body(
				app.Elem("button").Attr("type", "button").ID("abandon-yes-"+id).Class("mk-btn", "mk-btn-danger").
					Text(i18n.T("resume.abandon_yes")).OnClick(func(ctx app.Context, e app.Event) { r.abandon(t) }),
				app.Elem("button").Attr("type", "button").ID("abandon-no-"+id).Class("mk-btn").
					Text(i18n.T("resume.abandon_no")).OnClick(func(ctx app.Context, e app.Event) { r.abandoning = "" }),
			),
		)
	}
	return app.Div().Class("mk-resume-row").ID("saved-"+id).Body(
		app.Elem("h3").Class("mk-resume-game").Text(i18n.T("game."+t.Game)),
		app.Div().Class("mk-actions").Body(actions...),
		confirm,
	)
}

// abandon deletes that one table's save (ending it if it is this page's table: a hosted
// table's guests are told), off the UI goroutine.
func (r *Resume) abandon(t session.SavedTable) {
	uiloop.Go(func() {
		st := session.DefaultStore()
		session.Abandon(st, t.Kind, t.Game)
		saved := session.SavedTables(st)
		r.ctx.Dispatch(func(ctx app.Context) { r.saved, r.abandoning = saved, "" })
	})
}
