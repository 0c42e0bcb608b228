package table

import (
	"fmt"
	"testing"

	"miskatonic/engine"
	"miskatonic/engine/arkham"
	"miskatonic/engine/rituals"
	"miskatonic/engine/shadows"
)

// The fuzzing host's findings, each as one deviation made on purpose in every game: an honest
// guest must report a failure or have verified a game the oracle re-derives. While a finding is
// open (knownOpen, the one skip list), its case is skipped; emptying its entry there turns it
// into a regression test. -fuzzhost.open runs the open ones too (to try a fix before the entry
// goes).
func TestFuzzHostFindings(t *testing.T) {
	defer checkNoLeak(t)()
	for _, c := range []struct {
		kind  string
		after int // from the how-manieth frame it applies to
		games []engine.Rules
	}{
		{devViewFinal, 0, []engine.Rules{arkham.Rules{}, rituals.Rules{}, shadows.Rules{}}},
		{devLobbyKey, 2, []engine.Rules{arkham.Rules{}, rituals.Rules{}}},
		{devViewStand, 2, []engine.Rules{arkham.Rules{}, shadows.Rules{}}},
		{devPledgeStand, 0, []engine.Rules{rituals.Rules{}}},
		{devRecordNames, 0, []engine.Rules{arkham.Rules{}, shadows.Rules{}}},
	} {
		for _, rules := range c.games {
			t.Run(c.kind+"/"+rules.Name(), func(t *testing.T) {
				if why, open := knownOpen[c.kind]; open && !*fuzzOpen {
					t.Skip("known open: " + why)
				}
				for seed := uint64(1); seed <= 3; seed++ {
					fg := fuzzGame{seed: seed, rules: rules, guests: 2, bots: 1, mode: modeCheat}
					if lo, _ := rules.Seats(); lo > 3 {
						fg.bots = lo - 2
					}
					// The victim is guest 0 (seat 0): a steady lie, so it fires in every game.
					fg.devs = []*deviation{{kind: c.kind, guest: 0, after: c.after, steady: true, seen: map[int]int{}}}
					r, err := playFuzzGame(t, fg, fg.budget())
					if err != nil {
						t.Fatal(err)
					}
					if len(r.fired) == 0 {
						t.Fatalf("seed %d: the deviation never happened", seed)
					}
					if len(r.holes) > 0 {
						t.Errorf("seed %d: %v", seed, r.holes)
					}
					t.Log(fmt.Sprintf("seed %d: caught %d, verified %d, stalled %d", seed, r.caught, r.ok, r.silent))
				}
			})
		}
	}
}
