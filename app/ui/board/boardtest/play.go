package boardtest

import (
	"encoding/json"
	"testing"

	"github.com/maxence-charriere/go-app/v9/pkg/app"

	"miskatonic/app/ui/board"
	"miskatonic/engine"
	"miskatonic/engine/bot"
	"miskatonic/engine/rng"
)

// EachState plays a seeded game of rules with one heuristic bot a seat (seat s seeded seed+s;
// the game's bot package must be imported) and calls f with the game before the first move and
// after every decision. G is the game's own type, which rules.New must return.
func EachState[G engine.Game](tb testing.TB, rules engine.Rules, seats int, seed uint64, f func(g G)) {
	tb.Helper()
	g, err := rules.New(engine.Config{Seats: seats})
	if err != nil {
		tb.Fatal(err)
	}
	bots := make([]bot.Func, seats)
	for s := range bots {
		bots[s], _ = bot.New(rules.Name(), bot.LevelHeuristic, seed+uint64(s))
	}
	own, ok := g.(G)
	if !ok {
		tb.Fatalf("%s: the game is a %T", rules.Name(), g)
	}
	f(own)
	if _, err := bot.Play(g, bots, rng.FromInt(seed), func(bot.Decision) { f(own) }); err != nil {
		tb.Fatal(err)
	}
}

// GameProps plays a seeded bot game (as EachState) and returns, for each viewer (every seat,
// then the watcher), the props its page is handed at each step, the last after the game's end:
// the view as a guest decodes it off the wire, the viewer's legal moves and the roster's first
// seats. With sealed, the seats locked in so far in a sealed step grow with the step.
func GameProps(tb testing.TB, rules engine.Rules, seats int, seed uint64, roster []board.Seat, sealed bool) [][]board.Props {
	tb.Helper()
	out := make([][]board.Props, seats+1)
	step := 0
	var last engine.Game
	snap := func(g engine.Game) {
		last = g
		var locked []engine.Seat
		if st := g.Status(); sealed && st.Sealed {
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
			v, err := rules.DecodeView(raw)
			if err != nil {
				tb.Fatal(err)
			}
			p := board.Props{View: v, Seats: roster[:seats], Seq: step, Table: "t1", Locked: locked,
				OnAct: func(app.Context, engine.Move) {}}
			if me != engine.Observer {
				p.Legal = g.Legal(me)
			}
			out[i] = append(out[i], p)
		}
		step++
	}
	EachState[engine.Game](tb, rules, seats, seed, snap)
	snap(last)
	return out
}
