package arkham

import (
	"bytes"
	"encoding/json"
	"fmt"
	"os"
	"testing"

	"miskatonic/engine"
	"miskatonic/engine/enginetest"
	"miskatonic/engine/rng"
)

// allConfigs is every table size with every option combination (5 × 160).
func allConfigs() []engine.Config {
	var out []engine.Config
	var rec func(i int, cur map[string]string)
	rec = func(i int, cur map[string]string) {
		if i == len(OptionList) {
			for n := MinPlayers; n <= MaxPlayers; n++ {
				m := map[string]string{}
				for k, v := range cur {
					m[k] = v
				}
				out = append(out, engine.Config{Seats: n, Options: m})
			}
			return
		}
		choices := OptionList[i].Choices
		if k := OptionList[i].Key; k == "first" || k == "helper" {
			// Table choices that change no card: defaults here (every size would not take
			// every first seat); options_test.go covers them.
			choices = choices[:1]
		}
		for _, c := range choices {
			cur[OptionList[i].Key] = c
			rec(i+1, cur)
		}
	}
	rec(0, map[string]string{})
	return out
}

// leakCheck searches the live part of a view (everything but the options and the last, fully
// revealed round, whose card names may repeat this round's hidden cards) for cards the seat may
// not know, and checks the seat's own card is hidden.
func leakCheck(eg engine.Game, s engine.Seat, b []byte) error {
	g := eg.(*Game)
	opt, players := bytes.Index(b, []byte(`"options":`)), bytes.Index(b, []byte(`"players":`))
	last := bytes.Index(b, []byte(`"lastRound":`))
	if opt < 0 || players < opt || last < players {
		return fmt.Errorf("view fields out of the expected order")
	}
	live := append(append([]byte{}, b[:opt]...), b[players:last]...)
	for _, k := range secrets(g, s) {
		q, _ := json.Marshal(k)
		if bytes.Contains(live, q) {
			return fmt.Errorf("%s", q)
		}
	}
	for _, p := range g.ViewOf(s).Positions {
		if p.Card != 0 && (p.Seat == s || (s == engine.Observer && !p.Dummy)) {
			return fmt.Errorf("position %d's card is shown to seat %d", p.Seat, s)
		}
	}
	return nil
}

// TestConformance runs the engine/enginetest suite over every table size and option
// combination. ARKHAM_CONFORMANCE_GAMES=N plays N games per config (13 gives 10,400 games).
func TestConformance(t *testing.T) {
	cfgs := allConfigs()
	amount, short := enginetest.AmountOf(os.Getenv("ARKHAM_CONFORMANCE_GAMES"), enginetest.Amount{Games: 1, Every: 2}, 8, enginetest.Amount{Games: 1, Every: 3})
	if short {
		var some []engine.Config
		for i := 0; i < len(cfgs); i += 7 {
			some = append(some, cfgs[i])
		}
		cfgs = some
	}
	enginetest.Run(t, Rules{}, cfgs, enginetest.Plays(amount), enginetest.Seed(11), enginetest.Leaks(leakCheck), enginetest.InvariantOf(checkInvariants))
}

// TestRandomPlayouts plays 12,000 fast random games across every config and checks the
// invariants after every move and that every game ends.
func TestRandomPlayouts(t *testing.T) {
	cfgs := allConfigs()
	n := enginetest.Scaled(12000, 2000)
	rnd := rng.FromInt(2026)
	causes := map[string]int{}
	var buf []engine.Move
	for i := 0; i < n; i++ {
		cfg := cfgs[i%len(cfgs)]
		g, err := New(cfg)
		if err != nil {
			t.Fatal(err)
		}
		for step := 0; ; step++ {
			if step > 5000 {
				t.Fatalf("game %d (%v) does not end", i, cfg)
			}
			if !enginetest.Step(t, g, rnd, &buf, func() string { return fmt.Sprintf("game %d", i) },
				func(_ engine.Seat, legal []engine.Move) engine.Move { return legal[rnd.Intn(len(legal))] }) {
				break
			}
			if g.phase == phDeal || g.phase == phOver {
				if g.hasLast && g.last.round == g.round {
					causes[string(causeNames[g.last.cause])]++
				}
			}
			if err := checkInvariants(g); err != nil {
				t.Fatalf("game %d (%v) step %d: %v", i, cfg, step, err)
			}
		}
		st := g.Status()
		if !st.Over || st.Result == nil {
			t.Fatalf("game %d: over=%v", i, st.Over)
		}
		zero := false
		for _, s := range g.sanity[:g.players] {
			zero = zero || s == 0
		}
		if !zero {
			t.Fatalf("game %d ended with nobody at 0 sanity", i)
		}
	}
	// Every way a round can end must have happened.
	for _, c := range causeNames[1:] {
		if causes[string(c)] == 0 {
			t.Errorf("no round ended by %s in %d games: %v", c, n, causes)
		}
	}
	t.Logf("%d games, round ends: %v", n, causes)
}
