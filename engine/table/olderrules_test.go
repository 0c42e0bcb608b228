package table

import (
	"testing"

	"miskatonic/engine/rituals"
)

// TestHostOnOlderRulesFollowed: a Rituals table saved before rules version 2 resumes under
// version 1 (Resume, engine.RulesAt). Guests on this build (version 2) join it, follow it under
// version 1 — the views it sends, whose logs empty as a round ends, checked as version 1 draws
// them — and finish the game with every deal verified and no view refused. A host on a version
// this build never played is still refused (TestRulesVersionMismatch).
func TestHostOnOlderRulesFollowed(t *testing.T) {
	defer checkNoLeak(t)()
	v1, ok := rituals.Rules{}.AtVersion(1)
	if !ok || v1.Version() != 1 {
		t.Fatal("no version 1")
	}
	tt := newTable(t, tableOpts{rules: v1, guests: 3, seed: 71})
	tt.play()
	tt.finish()
	tt.checkViews()
	for i, g := range tt.guests {
		st := g.State()
		if st.Dropped != nil || st.Fault != nil {
			t.Fatalf("guest %d: dropped %+v, fault %+v", i, st.Dropped, st.Fault)
		}
	}
	tt.close()
}
