package table

import (
	"testing"

	"miskatonic/engine"
	"miskatonic/engine/arkham"
	"miskatonic/engine/rituals"
	"miskatonic/engine/shadows"
	"miskatonic/engine/wire"
)

// The fuzzing host's findings, each as one deviation made on purpose in every game: an honest
// guest must report a failure or have verified a game the oracle re-derives. While a finding is
// open (knownOpen, the one skip list), its case is skipped; emptying its entry there turns it
// into a regression test. -fuzzhost.open runs the open ones too (to try a fix before the entry
// goes). Each case plays -fuzzhost.seeds games (1 in make test: 40 cases, each a whole game;
// -fuzzhost.workers cases run side by side: most wait out a stalled table's stallAfter).
func TestFuzzHostFindings(t *testing.T) {
	defer checkNoLeak(t)()

	all := []engine.Rules{arkham.Rules{}, rituals.Rules{}, shadows.Rules{}}
	var names []string
	var runs []func(t *testing.T)
	for _, c := range []struct {
		kind  string
		typ   wire.Type // for rewrite
		after int       // from the how-manieth frame it applies to
		games []engine.Rules
	}{
		{devViewFinal, "", 0, all},
		{devViewAgain, "", 2, all},
		{devLobbyKey, "", 2, []engine.Rules{arkham.Rules{}, rituals.Rules{}}},
		{devLobbyStand, "", 0, all},
		{devRewrite, wire.TLobby, 0, all},
		{devRosterDrop, "", 0, all},
		{devRosterEmpty, "", 0, all},
		{devRewrite, wire.TCommit, 0, all},
		{devViewStand, "", 2, []engine.Rules{arkham.Rules{}, shadows.Rules{}}},
		{devLogStand, "", 2, []engine.Rules{arkham.Rules{}, shadows.Rules{}}},
		{devPledgeStand, "", 0, []engine.Rules{rituals.Rules{}}},
		{devActiveDrop, "", 0, []engine.Rules{rituals.Rules{}}}, // seat 0's own seat left out: stalled, now named
		{devWithhold, wire.TView, 2, all},                       // every view from the third on kept back: stalled, now named
		{devWithhold, wire.TSeals, 0, all},                      // the set of seals kept back, then the seat benched: now named
		{devRecordNames, "", 0, []engine.Rules{arkham.Rules{}, shadows.Rules{}}},
		{devRecordField, "", 0, []engine.Rules{arkham.Rules{}, shadows.Rules{}}}, // a Rituals record comes in parts: not rewritten
	} {
		kind := c.kind
		if c.typ != "" {
			kind += "." + string(c.typ)
		}
		for _, rules := range c.games {
			names = append(names, kind+"/"+rules.Name())
			runs = append(runs, func(t *testing.T) {
				if why, open := knownOpen[kind]; open && !*fuzzOpen {
					t.Skip("known open: " + why)
				}
				for seed := uint64(1); seed <= *fuzzSeeds; seed++ {
					fg := fuzzGame{seed: seed, rules: rules, guests: 2, bots: 1, mode: modeCheat}
					if lo, _ := rules.Seats(); lo > 3 {
						fg.bots = lo - 2
					}
					// The victim is guest 0 (seat 0): a steady lie, so it fires in every game.
					fg.devs = []*deviation{{kind: c.kind, typ: c.typ, guest: 0, after: c.after, steady: true, seen: map[int]int{}}}
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
					if r.caught == 0 && r.silent > 0 {
						t.Errorf("seed %d: the table stalled and no honest guest named the host: %v", seed, r.detail)
					}
					t.Logf("seed %d: caught %d %v, verified %d, stalled %d", seed, r.caught, r.why, r.ok, r.silent)
				}
			})
		}
	}
	sideBySide(t, *fuzzWorkers, names, func(t *testing.T, i int) { runs[i](t) })
}
