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

// TestSealedRoundOfBotsOnly: a sealed round in which every seat still choosing is a bot (the
// grab's second pass after two bots chose the same place, or a sending-out round once the one
// person has nobody left to send) has no guest to open the last move. The host must apply it by
// itself; a solo table against bots once waited for it forever ("waiting for 1 of 4 players").
func TestSealedRoundOfBotsOnly(t *testing.T) {
	defer checkNoLeak(t)()
	for seed := uint64(1); seed <= 12; seed++ {
		tt := newTable(t, tableOpts{rules: rituals.Rules{}, guests: 1, bots: 3, seed: seed})
		tt.play()
		tt.finish()
		tt.checkViews()
		tt.close()
	}
}
