package arkham

import (
	"crypto/sha256"
	"encoding/hex"
	"fmt"
	"os"
	"testing"

	"miskatonic/engine"
	"miskatonic/engine/rng"
)

// goldenDeterminize pins what Determinize and DeterminizeWith build for fixed seeds: the whole
// rebuilt game (every hidden card, log and seen record), not only what the seat may see. A
// refactor must leave it unchanged; regenerate with GOLDEN_PRINT=1 only for an intended change.
const goldenDeterminize = "17f8315cb44f92676cf8725c276ddda1c009939d5701490e5629b66fb31341b7"

func TestDeterminizeGolden(t *testing.T) {
	cfgs := allConfigs()
	r := rng.FromInt(2026)
	h := sha256.New()
	built := 0
	for i := 0; i < 24; i++ {
		g, err := New(cfgs[(i*53)%len(cfgs)])
		if err != nil {
			t.Fatal(err)
		}
		for step := 0; step < 3000 && !g.Status().Over; step++ {
			st := g.Status()
			if st.Deal != nil {
				if err := g.Apply(engine.DealMove(r.Seed())); err != nil {
					t.Fatal(err)
				}
				continue
			}
			for s := 0; s < g.Players(); s++ {
				v := g.ViewOf(engine.Seat(s))
				seed := uint64(i*100000 + step*10 + s)
				d, err := Determinize(v, rng.FromInt(seed))
				fmt.Fprintf(h, "%d %v %#v\n", seed, err, d)
				// DeterminizeWith with the true own card and with a wrong guess.
				mine := g.held[s].open()
				d, err = DeterminizeWith(v, rng.FromInt(seed), mine)
				fmt.Fprintf(h, "%v %#v\n", err, d)
				d, err = DeterminizeWith(v, rng.FromInt(seed), CardID(1+int(seed)%int(maxCard)))
				fmt.Fprintf(h, "%v %#v\n", err, d)
				built++
			}
			legal := g.Legal(st.Active[0])
			if err := g.Apply(legal[r.Intn(len(legal))]); err != nil {
				t.Fatal(err)
			}
		}
	}
	got := hex.EncodeToString(h.Sum(nil))
	if os.Getenv("GOLDEN_PRINT") != "" {
		t.Logf("goldenDeterminize = %q (%d views)", got, built)
		return
	}
	if got != goldenDeterminize {
		t.Fatalf("determinizations changed: hash %s, want %s", got, goldenDeterminize)
	}
}
