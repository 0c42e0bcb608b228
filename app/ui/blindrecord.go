package ui

// The record panel of a host-blind game: its record is the table's signed log (app/session
// blindrecord.go), which every page holds, so host and guests alike offer it at once. The replay
// page checks it whole, as every page folded it, and steps through it (replayblind.go; the CLI:
// `miskatonic replay FILE`). Too long for a link, it opens from this browser's storage.

import (
	"strconv"

	"github.com/maxence-charriere/go-app/v9/pkg/app"

	"miskatonic/app/i18n"
)

func (g *GameScreen) blindRecordPanel() app.UI {
	snap := g.snap
	raw := g.Sess.BlindRecord() // made once the game is over, then kept
	if raw == nil {
		return nil
	}
	key := "blind:" + snap.Table + ":" + strconv.Itoa(snap.Seq) + ":" + strconv.Itoa(len(raw))
	if g.rec.table != key {
		if g.rec.file != "" {
			app.Window().Get("URL").Call("revokeObjectURL", g.rec.file)
		}
		blob := app.Window().Get("Blob").New([]any{string(raw)}, map[string]any{"type": "application/json"})
		g.rec = exported{table: key, file: app.Window().Get("URL").Call("createObjectURL", blob).String(),
			name: "miskatonic-arkham-blind-" + snap.Table + ".json"}
		if snap.Status.Over {
			keepLastRecord(raw)
		}
	}
	return app.Elem("section").Class("record-panel").ID("record-panel").DataSet("blind", "true").Body(
		app.Elem("h2").Text(i18n.T("record.title")),
		app.P().Class("muted").Text(i18n.T("record.blind_lead")),
		app.Div().Class("record-actions").Body(
			app.Elem("a").Class("btn", "primary").ID("record-download").Attr("href", g.rec.file).Attr("download", g.rec.name).Text(i18n.T("record.download")),
			app.Elem("a").Class("btn").ID("record-replay").Attr("href", HrefReplay+"#"+fragLast).Text(i18n.T("record.replay")),
		),
	)
}

// keepLastRecord keeps raw as this browser's last game for the replay page; a record too large
// for the browser's storage is not kept (the download still holds it), never a crash.
func keepLastRecord(raw []byte) {
	store := app.Window().Get("localStorage")
	defer func() {
		if recover() != nil { // setItem throws when storage is full (syscall/js panics)
			store.Call("removeItem", keyLastRecord) // not another game's record in its place
		}
	}()
	store.Call("setItem", keyLastRecord, string(raw))
}
