package shadows

import (
	"bytes"
	"fmt"
	"os"
	"testing"

	"miskatonic/engine"
	"miskatonic/engine/enginetest"
	"miskatonic/engine/rng"
)

// leakCheck: a shadow nobody viewed has no identity in the game, and no view names one; every
// seat's view equals the public one but for its seat number (co-op: nothing is private).
func leakCheck(eg engine.Game, s engine.Seat, b []byte) error {
	g := eg.(*Game)
	pub, _ := jsonOf(g.ViewOf(engine.Observer))
	own := bytes.Replace(b, []byte(fmt.Sprintf(`"seat":%d,`, s)), []byte(`"seat":-1,`), 1)
	if !bytes.Equal(own, pub) {
		return fmt.Errorf("seat %d sees something the public view does not", s)
	}
	if g.phase >= phAction && !g.known {
		v := g.ViewOf(s)
		if v.Threat.Shadow != 0 || v.Threat.ShadowNm != "" {
			return fmt.Errorf("unviewed shadow shown")
		}
	}
	return nil
}

func TestConformance(t *testing.T) {
	amount, _ := enginetest.AmountOf(os.Getenv("SHADOWS_CONFORMANCE_GAMES"), enginetest.Amount{Games: 2, Every: 3}, 0, enginetest.Amount{Games: 1, Every: 5})
	enginetest.Run(t, Rules{}, allConfigs(), enginetest.Plays(amount), enginetest.Seed(15), enginetest.Leaks(leakCheck), enginetest.InvariantOf(checkInvariants))
}

// TestRandomPlayouts plays many random games over every config, checking the invariants after
// every move, and that every way to end happens.
func TestRandomPlayouts(t *testing.T) {
	cfgs := allConfigs()
	n := enginetest.Scaled(3000, 600)
	rnd := rng.FromInt(2026)
	ends := map[string]int{}
	for i := 0; i < n; i++ {
		cfg := cfgs[i%len(cfgs)]
		g, _ := New(cfg)
		if err := playRandom(g, rnd, func() error { return checkInvariants(g) }); err != nil {
			t.Fatalf("game %d (%v): %v", i, cfg, err)
		}
		st := g.Status()
		if !st.Over || st.Result == nil || !st.Result.Coop {
			t.Fatalf("game %d: over=%v result=%+v", i, st.Over, st.Result)
		}
		if w := len(st.Result.Winners); (st.Result.Reason == ReasonWin) != (w == cfg.Seats) || (w != 0 && w != cfg.Seats) {
			t.Fatalf("game %d: reason %s with winners %v", i, st.Result.Reason, st.Result.Winners)
		}
		ends[st.Result.Reason]++
	}
	// Corruption losses are rare in random play; TestLoseCorruption covers them.
	for _, r := range []string{ReasonMadness, ReasonThreat} {
		if ends[r] == 0 {
			t.Errorf("no random game ended by %s: %v", r, ends)
		}
	}
	t.Logf("%d games: %v", n, ends)
}
