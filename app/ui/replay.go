package ui

import (
	"fmt"
	"strconv"

	"github.com/maxence-charriere/go-app/v9/pkg/app"

	"miskatonic/app/i18n"
	"miskatonic/app/session"
	"miskatonic/app/ui/board"
	"miskatonic/app/ui/lang"
	"miskatonic/engine"
	"miskatonic/engine/games"
	"miskatonic/engine/replay"
	"miskatonic/engine/replay/blindreplay"
)

// keyLastRecord is where the table keeps the last finished game's record (History: the
// replay page offers it without a file).
const keyLastRecord = "miskatonic.lastRecord"

// Replay is the page that imports a game record (a file, or a link's fragment), verifies it
// against its deal proofs (engine/replay) and steps through it on the game's own board, through
// the shared game contract only: any game plays back.
type Replay struct {
	app.Compo

	rec     *engine.Record
	steps   stepper
	blind   *blindreplay.Steps // a host-blind record's (replayblind.go), else nil
	verdict replay.Verdict
	at      int
	seat    engine.Seat
	err     string
	last    bool   // a record of this browser's last game is in storage
	own     []byte // this browser's identity key, if it has one: its seat is pointed out
}

func (r *Replay) OnNav(ctx app.Context) {
	r.seat = engine.Observer
	r.own = session.OwnKey(session.DefaultStore())
	if frag := app.Window().URL().Fragment; frag == fragLast {
		r.loadText(lastRecord())
		return
	} else if frag != "" {
		rec, err := RecordFromFragment(frag)
		r.load(rec, err)
		return
	}
	r.last = lastRecord() != ""
}

// lastRecord is the record the table kept (raw JSON, set by the table's page). Read as it was
// written: go-app's LocalStorage.Get would decode it as JSON into a string, and find none.
func lastRecord() string {
	v := app.Window().Get("localStorage").Call("getItem", keyLastRecord)
	if !v.Truthy() {
		return ""
	}
	return v.String()
}

// load checks rec and shows it from its first position.
func (r *Replay) load(rec engine.Record, err error) {
	r.rec, r.steps, r.blind, r.err, r.at = nil, nil, nil, "", 0
	if err != nil {
		r.err = badRecord("replay.why_damaged", err)
		return
	}
	rules, ok := games.Lookup(rec.Game)
	if !ok {
		r.err = badRecord("replay.why_unknown_game", fmt.Errorf("unknown game %q", rec.Game))
		return
	}
	r.verdict = replay.Verify(rules, rec)
	if !r.verdict.Verified {
		app.Log("miskatonic: replay not verified:", r.verdict.Problem)
	}
	steps, err := replay.NewSteps(rules, replay.Fill(rules, rec))
	if steps == nil {
		r.err = badRecord("replay.why_moves", err)
		return
	}
	r.rec, r.steps = &rec, openSteps{steps}
}

func (r *Replay) loadText(text string) {
	if blindreplay.IsBlind([]byte(text)) {
		r.loadBlind([]byte(text))
		return
	}
	rec, err := RecordFromFile([]byte(text))
	r.load(rec, err)
}

func (r *Replay) Render() app.UI {
	var player app.UI
	if r.steps != nil {
		player = r.player()
	}
	return app.Main().ID("replay").Class("mk-page", "replay-page").Body(
		&lang.Switch{},
		app.H1().Text(i18n.T("replay.title")),
		app.P().Class("muted").Text(i18n.T("replay.lead")),
		r.importer(),
		app.If(r.err != "", app.P().Class("problem").ID("replay-error").Attr("role", "alert").Text(r.err)),
		player,
		app.P().Body(app.Elem("a").Attr("href", "/").Text(i18n.T("app.back_home"))),
	)
}

func (r *Replay) importer() app.UI {
	return app.Div().Class("replay-import").Body(
		app.Elem("label").Attr("for", "replay-file").Text(i18n.T("replay.open_file")),
		app.ElemSelfClosing("input").Attr("type", "file").ID("replay-file").Attr("accept", ".json,application/json").OnChange(func(ctx app.Context, e app.Event) {
			files := ctx.JSSrc().Get("files")
			if files.Length() == 0 {
				return
			}
			files.Index(0).Call("text").Then(func(v app.Value) {
				ctx.Dispatch(func(ctx app.Context) { r.loadText(v.String()) })
			})
		}),
		app.If(r.last && r.rec == nil, app.Elem("button").Class("btn").ID("replay-last").Text(i18n.T("replay.last")).OnClick(func(ctx app.Context, e app.Event) {
			r.loadText(lastRecord())
		})),
	)
}

func (r *Replay) player() app.UI {
	rules, _ := games.Lookup(r.rec.Game)
	n := r.steps.Len()
	return app.Div().Class("replay-player").Body(
		r.verdictBanner(n),
		r.who(),
		app.Div().Class("replay-controls").Attr("role", "group").Attr("aria-label", i18n.T("replay.controls")).Body(
			r.step("replay-start", "«", "replay.to_start", func(int) int { return 0 }),
			r.step("replay-back", "◀", "replay.back", func(at int) int { return at - 1 }),
			r.step("replay-forward", "▶", "replay.forward", func(at int) int { return at + 1 }),
			r.step("replay-end", "»", "replay.to_end", func(int) int { return r.steps.Len() }),
			app.ElemSelfClosing("input").Attr("type", "range").ID("replay-slider").Attr("min", 0).Attr("max", n).Attr("value", r.at).Attr("aria-label", i18n.T("replay.position")).
				OnInput(func(ctx app.Context, e app.Event) {
					i, _ := strconv.Atoi(ctx.JSSrc().Get("value").String())
					r.at = i
				}),
			app.Elem("span").ID("replay-at").DataSet("at", r.at).DataSet("end", n).Attr("aria-live", "polite").Text(r.where(n)),
			r.seatPicker(rules),
		),
		r.board(rules),
		r.summary(rules),
	)
}

func (r *Replay) verdictBanner(n int) app.UI {
	if r.blind != nil {
		return r.blindBanner(n)
	}
	v := r.verdict
	switch v.Kind {
	case replay.Verified:
		return app.P().Class("replay-verdict", "ok").ID("replay-verdict").DataSet("verified", "true").DataSet("kind", v.Kind).
			Text(i18n.T("replay.verified", i18n.T("replay.verified_deals", v.Deals),
				i18n.T("replay.verified_signed", v.Signed), i18n.T("replay.verified_replayed", n)))
	case replay.Unproven:
		// Not an alert: nothing in it is false, but it must never read as verified.
		return app.P().Class("replay-verdict", "unproven").ID("replay-verdict").DataSet("verified", "false").DataSet("kind", v.Kind).
			Text(i18n.T("replay.unproven", unprovenWhy(v.Reason)))
	}
	return app.P().Class("replay-verdict", "bad").ID("replay-verdict").DataSet("verified", "false").DataSet("kind", replay.Failed).Attr("role", "alert").
		Text(i18n.T("replay.not_verified", verdictWhy(v)))
}

// verdictWhy words what a record's check stopped at, from where it stopped (the deal or the
// move); the verifier's English detail went to the console when the record was loaded.
func verdictWhy(v replay.Verdict) string {
	switch {
	case v.Epoch > 0:
		return i18n.T("replay.fail_deal", v.Epoch)
	case v.Seq > 0:
		return i18n.T("replay.fail_move", v.Seq)
	}
	return i18n.T("replay.fail_record")
}

// badRecord words why a record cannot be opened (why is a catalog key) and logs err, the
// developer's English, to the console.
func badRecord(why string, err error) string {
	app.Log("miskatonic: record:", err)
	return i18n.T("replay.bad_record", i18n.T(why))
}

// step is one control button; to computes the target from the position at click time (go-app
// may keep an earlier render's handler, so nothing from this render is captured).
func (r *Replay) step(id, glyph, label string, to func(at int) int) app.UI {
	n := r.steps.Len()
	t := to(r.at)
	disabled := t < 0 || t > n || t == r.at
	return app.Elem("button").Class("btn").ID(id).Title(i18n.T(label)).Attr("aria-label", i18n.T(label)).Attr("disabled", disabled).Text(glyph).
		OnClick(func(ctx app.Context, e app.Event) {
			if r.steps != nil {
				r.at = min(max(to(r.at), 0), r.steps.Len())
			}
		})
}

// where says which move the replay stands after, and what it was.
func (r *Replay) where(n int) string {
	m, ok := r.steps.Move(r.at)
	if !ok {
		return i18n.T("replay.at_start", n)
	}
	if m.Seat == engine.Dealer {
		return i18n.T("replay.at_deal", r.at, n)
	}
	return i18n.T("replay.at", r.at, n, r.mover(m.Seat), moveKindName(r.rec.Game, m.Kind))
}

// moveKindName is a move's kind in the reader's words: each game's board names its kinds
// (replay.kind.<game>.<kind>); a kind it does not name shows as recorded.
func moveKindName(game, kind string) string {
	key := "replay.kind." + game + "." + kind
	if !i18n.Has(key) {
		return kind
	}
	return i18n.T(key)
}

func (r *Replay) mover(s engine.Seat) string {
	switch {
	case s == engine.Dealer:
		return i18n.T("replay.dealer")
	case s >= 0 && int(s) < len(r.rec.Names):
		return r.rec.Names[s]
	}
	return i18n.T("replay.seat", int(s)+1)
}

// seatPicker chooses whose eyes the replay shows: the public view, or one player's.
func (r *Replay) seatPicker(rules engine.Rules) app.UI {
	if r.blind != nil {
		return nil // a host-blind record holds what everyone saw, no seat's own cards
	}
	opts := []app.UI{app.Elem("option").Attr("value", "-1").Attr("selected", r.seat == engine.Observer).Text(i18n.T("replay.public"))}
	for s := 0; s < r.rec.Config.Seats; s++ {
		opts = append(opts, app.Elem("option").Attr("value", strconv.Itoa(s)).Attr("selected", r.seat == engine.Seat(s)).Text(r.mover(engine.Seat(s))))
	}
	return app.Elem("span").Body(
		app.Elem("label").Attr("for", "replay-seat").Text(i18n.T("replay.seen_by")),
		app.Elem("select").ID("replay-seat").Body(opts...).OnChange(func(ctx app.Context, e app.Event) {
			i, _ := strconv.Atoi(ctx.JSSrc().Get("value").String())
			r.seat = engine.Seat(i)
		}),
	)
}

// board draws the position on the game's own board, with no moves to make.
func (r *Replay) board(rules engine.Rules) app.UI {
	game, ok := board.Lookup(r.rec.Game)
	if !ok || game.Board == nil {
		return nil
	}
	v, err := r.steps.View(r.at, r.seat)
	if err != nil {
		return app.P().Class("problem").Text(badRecord("replay.why_moves", err))
	}
	p := board.Props{View: v, Seq: r.at, Table: "replay", OnAct: func(app.Context, engine.Move) {}}
	for s := 0; s < r.rec.Config.Seats; s++ {
		p.Seats = append(p.Seats, board.Seat{Name: r.mover(engine.Seat(s))})
	}
	return app.Div().Class("replay-board").Body(game.Board(p))
}
