package ui

import (
	"encoding/json"

	"github.com/maxence-charriere/go-app/v9/pkg/app"

	"miskatonic/app/i18n"
	"miskatonic/app/ui/uiloop"
	"miskatonic/engine"
)

// exported is the finished game's record as the table offers it: a file to download, a link
// when it fits, and the replay page. Made once per game (the table id names it).
type exported struct {
	table  string
	making string // the game whose record is being made after the page's paint
	file   string // blob: URL of the JSON
	name   string
	link   string // "" when too long for a link
}

// exportRecord makes rec's file, link and this browser's kept copy (see recordPanel).
func (g *GameScreen) exportRecord(table string, rec *engine.Record) {
	raw, err := json.Marshal(rec)
	if err != nil {
		return
	}
	if g.rec.file != "" {
		app.Window().Get("URL").Call("revokeObjectURL", g.rec.file)
	}
	blob := app.Window().Get("Blob").New([]any{string(raw)}, map[string]any{"type": "application/json"})
	g.rec = exported{table: table, making: table, file: app.Window().Get("URL").Call("createObjectURL", blob).String(),
		name: RecordFileName(*rec), link: RecordLink(app.Window().Get("location").Get("origin").String(), *rec)}
	app.Window().Get("localStorage").Call("setItem", keyLastRecord, string(raw))
}

// recordPanel offers the finished game's record with its proofs (host and solo tables: the
// host's page holds every deal's transcript; a guest's once the host sent it and it passed the
// guest's own checks, guestrecord.go). It also keeps the record as this browser's last
// game, for the replay page.
func (g *GameScreen) recordPanel() app.UI {
	snap := g.snap
	if !snap.Status.Over || !app.IsClient {
		return nil
	}
	if g.Sess.PlaysBlind() {
		return g.blindRecordPanel()
	}
	if g.rec.table != snap.Table {
		rec := g.Sess.ProvenRecord()
		if rec == nil {
			return g.guestRecordWait(snap)
		}
		// The record is made once the page has drawn the game's end, not in the task that
		// draws the last move: its JSON, its link (the whole record compressed) and the kept
		// copy were ~11 % of that task on a host's page, and the last move of a game was often
		// the slowest of all (the three-browser test's p99). The panel follows a frame later.
		if g.ctx == nil { // not mounted: nothing to come back to after the paint
			g.exportRecord(snap.Table, rec)
		} else {
			if g.rec.making != snap.Table {
				table := snap.Table
				g.rec.making = table
				uiloop.AfterPaint(g.ctx, g, func() {
					if g.snap.Table == table && g.rec.table != table {
						g.exportRecord(table, rec)
						g.ctx.Dispatch(func(app.Context) {}) // draws the panel
					}
				})
			}
			return nil
		}
	}
	replayHref := HrefReplay
	if g.rec.link != "" {
		replayHref = g.rec.link
	}
	var link app.UI = app.P().Class("muted", "small").ID("record-no-link").Text(i18n.T("record.too_long"))
	if g.rec.link != "" {
		link = app.Div().Class("record-link").Body(
			app.Elem("label").Attr("for", "record-link").Text(i18n.T("record.link")),
			app.ElemSelfClosing("input").ID("record-link").Attr("readonly", true).Attr("value", g.rec.link).OnFocus(func(ctx app.Context, e app.Event) { ctx.JSSrc().Call("select") }),
			app.Elem("button").Class("btn").ID("record-copy").Text(i18n.T("record.copy")).OnClick(func(ctx app.Context, e app.Event) {
				if c := app.Window().Get("navigator").Get("clipboard"); c.Truthy() {
					c.Call("writeText", g.rec.link)
				}
			}),
		)
	}
	return app.Elem("section").Class("record-panel").ID("record-panel").Body(
		app.Elem("h2").Text(i18n.T("record.title")),
		app.P().Class("muted").Text(i18n.T("record.lead")),
		app.Div().Class("record-actions").Body(
			app.Elem("a").Class("btn", "primary").ID("record-download").Attr("href", g.rec.file).Attr("download", g.rec.name).Text(i18n.T("record.download")),
			app.Elem("a").Class("btn").ID("record-replay").Attr("href", replayHref).Text(i18n.T("record.replay")),
		),
		link,
	)
}
