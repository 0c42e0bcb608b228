package table

import (
	"testing"

	"miskatonic/engine/rituals"
)

func init() { extraRules[rituals.Rules{}.Name()] = rituals.Rules{} }

// TestSealedRituals plays a whole Rituals of Madness game through the real host and guests with
// random players: its sealed steps (the setup grab, sending out cultists) are committed and
// opened through the table, and every guest verifies every deal and sealed move in its replay.
func TestSealedRituals(t *testing.T) {
	defer checkNoLeak(t)()
	tt := newTable(t, tableOpts{rules: rituals.Rules{}, guests: 3, seed: 21})
	defer tt.close()
	tt.play()
	tt.finish()
	tt.checkViews()
	sealed := 0
	tt.host.do(func() { sealed = len(tt.host.nonces) })
	if sealed == 0 {
		t.Fatal("no sealed move went through the table")
	}
	t.Logf("%d moves, %d of them sealed", tt.host.State().Seq, sealed)
}
