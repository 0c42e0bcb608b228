package rituals

import (
	"crypto/sha256"
	"encoding/hex"
	"encoding/json"
	"testing"

	"miskatonic/engine"
	"miskatonic/engine/enginetest"
	"miskatonic/engine/rng"
)

// TestGoldenPlayouts pins 3,000 seeded random games: every move and every outcome. If it changes,
// recorded games no longer replay the same: that is a rules change and Rules.Version must go up.
func TestGoldenPlayouts(t *testing.T) {
	const want = "a2770b388d1ff976d1e72ae03c7a0001707499f1dc22e2166f03d6940d4e699f"
	h := sha256.New()
	rnd := rng.FromInt(77)
	fail := enginetest.FailOn(t)
	for i := 0; i < 3000; i++ {
		g, _ := New(engine.Config{Seats: 2 + i%4})
		enginetest.WalkWith(g, rnd, 0, enginetest.Hooks{After: func(s engine.Seat, m engine.Move, err error) {
			b, _ := json.Marshal(m)
			h.Write(b)
			fail(s, m, err)
		}})
		b, _ := json.Marshal(g.Status().Result)
		h.Write(b)
	}
	if got := hex.EncodeToString(h.Sum(nil)); got != want {
		t.Fatalf("playout digest %s, want %s", got, want)
	}
}
