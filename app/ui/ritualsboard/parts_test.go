package ritualsboard

import (
	"encoding/json"
	"testing"

	"github.com/maxence-charriere/go-app/v9/pkg/app"

	"miskatonic/app/i18n"
	"miskatonic/app/ui/board"
	"miskatonic/app/ui/board/boardtest"
	"miskatonic/engine"
	"miskatonic/engine/bot"
	"miskatonic/engine/rituals"
	"miskatonic/engine/rng"
)

// The countdown does not run by itself in these tests (go-app's test dispatcher would wait a
// second on every update for its timer); TestPartsFollowEveryUpdate counts it down by hand.
func init() { after = func(app.Context, func(app.Context)) {} }

// screen stands in for the game screen: it draws the board from props it is handed, as
// app/ui's GameScreen does on every session change.
type screen struct {
	app.Compo
	p     board.Props
	state *Table // what a fresh table starts from: the UI-local state of the one being updated
	first *Table // the first table drawn: the one go-app mounts and then updates
}

func (s *screen) Render() app.UI {
	ui := Draw(s.p)
	if t, ok := ui.(*Table); ok {
		if s.state != nil {
			t.sel, t.selFor, t.winKey, t.winLeft, t.evSel = s.state.sel, s.state.selFor, s.state.winKey, s.state.winLeft, s.state.evSel
		}
		if s.first == nil {
			s.first = t
		}
	}
	return app.Main().Body(ui)
}

// gameProps plays a seeded bot game of the given size and returns, for each viewer (every seat,
// then the watcher), the props its page is handed at each step: the view as a guest decodes it
// off the wire, the viewer's legal moves, the seats locked in so far in a sealed step, and table
// talk that grows now and then.
func gameProps(tb testing.TB, seats int, seed uint64) [][]board.Props {
	g, err := rituals.New(engine.Config{Seats: seats})
	if err != nil {
		tb.Fatal(err)
	}
	bots := make([]bot.Func, seats)
	for s := range bots {
		bots[s], _ = bot.New("rituals", bot.LevelHeuristic, seed+uint64(s))
	}
	roster := []board.Seat{{Name: "Ann"}, {Name: "Bea", Bot: true}, {Name: "Cy"}, {Name: "Dee"}, {Name: "Eve"}}[:seats]
	out := make([][]board.Props, seats+1)
	step := 0
	snap := func() {
		var locked []engine.Seat
		if st := g.Status(); st.Sealed {
			locked = st.Active[:step%(len(st.Active)+1)]
		}
		for i := range out {
			me := engine.Seat(i)
			if i == seats {
				me = engine.Observer
			}
			raw, err := json.Marshal(g.View(me))
			if err != nil {
				tb.Fatal(err)
			}
			v, err := rituals.Rules{}.DecodeView(raw)
			if err != nil {
				tb.Fatal(err)
			}
			p := board.Props{View: v, Seats: roster, Seq: step, Table: "t1", Locked: locked,
				OnAct: func(app.Context, engine.Move) {}}
			if me != engine.Observer {
				p.Legal = g.Legal(me)
			}
			out[i] = append(out[i], p)
		}
		step++
	}
	snap()
	if _, err := bot.Play(g, bots, rng.FromInt(seed), func(bot.Decision) { snap() }); err != nil {
		tb.Fatal(err)
	}
	snap()
	return out
}

// update hands the mounted screen new props and lets go-app redraw what changed.
func update(d app.ClientDispatcher, s *screen, p board.Props) {
	s.p = p
	d.Dispatch(app.Dispatch{Mode: app.Update, Source: s, Function: func(app.Context) {}})
	settle(d)
}

// onTable runs fn on the mounted table and redraws it from there, as a tap or a timer does.
func onTable(d app.ClientDispatcher, t *Table, fn func()) {
	d.Dispatch(app.Dispatch{Mode: app.Update, Source: t, Function: func(app.Context) { fn() }})
	settle(d)
}

// settle runs the dispatcher until nothing is left: the test dispatcher's Consume stops after
// one frame, leaving the OnUpdate the frame dispatched (the countdown's arming) for later, where
// a browser runs it at once.
func settle(d app.ClientDispatcher) {
	d.Consume()
	d.Consume()
}

// BenchmarkGuestUpdate is the go-app side of showing one move to a guest (seat 1 of 4): the
// board drawn from the new props and diffed against the mounted tree (the DOM calls are no-ops
// natively).
func BenchmarkGuestUpdate(b *testing.B) {
	props := gameProps(b, 4, 3)[1]
	s := &screen{p: props[0]}
	d := app.NewClientTester(s)
	defer d.Close()
	b.ReportAllocs()
	b.ResetTimer()
	for i := 0; i < b.N; i++ {
		update(d, s, props[1+i%(len(props)-1)])
	}
}

// TestPartsFollowEveryUpdate: the table, updated move after move as a page is (its parts
// redrawn only when their inputs change), shows exactly what a table drawn afresh from the same
// props shows, at every step of whole games, for every seat and the watcher, in two languages;
// so no part is ever left stale. Now and then the viewer picks a sealed option first, as a
// player does before locking in, or presses an event card whose choices are then drawn on the
// places or players (UI-local state the parts must follow too).
func TestPartsFollowEveryUpdate(t *testing.T) {
	defer i18n.SetLang(i18n.English)
	games := []struct {
		seats int
		seed  uint64
		lang  i18n.Lang
	}{{4, 3, i18n.English}, {3, 8, i18n.French}}
	if testing.Short() {
		games = games[:1]
	}
	pressed := 0
	for _, gm := range games {
		lang := gm.lang
		i18n.SetLang(lang)
		for viewer, props := range gameProps(t, gm.seats, gm.seed) {
			s := &screen{p: props[0]}
			d := app.NewClientTester(s)
			for i, p := range props[1:] {
				update(d, s, p)
				if err := boardtest.PartsReach(s, s.first); err != nil {
					d.Close()
					t.Fatalf("%s, %d seats, viewer %d, step %d: %v", gm.lang, gm.seats, viewer, i+1, err)
				}
				if i%3 == 0 && len(p.Legal) > 0 && (p.Legal[0].Kind == rituals.MoveGrab || p.Legal[0].Kind == rituals.MoveSend) {
					k := moveKey(p.Legal[i%len(p.Legal)])
					onTable(d, s.first, func() { s.first.sel = k }) // a tap on an option
				}
				if i%2 == 0 && len(p.Legal) > 0 && p.Legal[0].Kind == rituals.MovePass {
					if cards, plays := cardPlays(p.Legal); len(cards) > 0 && targetKind(plays[cards[0]][0]) != "" {
						onTable(d, s.first, func() { s.first.evSel = cards[0] }) // a press on an event card: its targets drawn
						pressed++
					}
				}
				if i%4 == 1 && s.first.winKey != "" && s.first.winLeft > 1 {
					onTable(d, s.first, func() { s.first.winLeft-- }) // a second of the countdown
				}
				fresh := &screen{p: p, state: s.first}
				fd := app.NewClientTester(fresh)
				settle(fd)
				want := boardtest.Canonical(app.HTMLString(fresh))
				fd.Close()
				if got := boardtest.Canonical(app.HTMLString(s)); got != want {
					d.Close()
					t.Fatalf("%s, %d seats, viewer %d, step %d: the updated table differs from a fresh one:\n%s",
						lang, gm.seats, viewer, i+1, boardtest.FirstDiff(got, want))
				}
			}
			d.Close()
		}
	}
	if pressed == 0 {
		t.Fatal("no event card with targets was ever pressed: the case does not test the targets")
	}
}
