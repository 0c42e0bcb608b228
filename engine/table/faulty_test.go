package table

import (
	"fmt"
	"testing"
	"time"

	"miskatonic/engine"
)

// playFaulty plays games whole games of rules (one with -short), seeds 1 to games, between a
// host and guests guests over links that drop, duplicate, delay and reorder frames: every guest
// must end with the host's view of its seat and every deal verified; then check, if set, looks
// at the finished table.
func playFaulty(t *testing.T, rules engine.Rules, guests, games int, check func(t *testing.T, tt *testTable)) {
	defer checkNoLeak(t)()
	if testing.Short() {
		games = 1
	}
	for seed := uint64(1); seed <= uint64(games); seed++ {
		t.Run(fmt.Sprint("seed", seed), func(t *testing.T) {
			opts := randomOptions(rules, guests, newRand(seed))
			tt := newTable(t, tableOpts{rules: rules, guests: guests, seed: seed, opts: opts,
				faults: &Faults{Drop: 0.05, Dup: 0.05, MaxDelay: 2 * time.Millisecond}})
			tt.play()
			tt.finish()
			tt.checkViews()
			if check != nil {
				check(t, tt)
			}
			tt.close()
		})
	}
}
