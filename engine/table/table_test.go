package table

import (
	"testing"
	"time"
)

func TestToyGameOverPipes(t *testing.T) {
	defer checkNoLeak(t)()
	tt := newTable(t, tableOpts{guests: 3, bots: 1, seed: 1})
	tt.play()
	tt.finish()
	tt.checkViews()
	tt.close()
}

func TestToyGameOverFaultyPipes(t *testing.T) {
	defer checkNoLeak(t)()
	for seed := uint64(1); seed <= 3; seed++ {
		tt := newTable(t, tableOpts{guests: 6, seed: seed, faults: &Faults{Drop: 0.1, Dup: 0.1, MaxDelay: 3 * time.Millisecond}})
		tt.play()
		tt.finish()
		tt.checkViews()
		tt.close()
	}
}
