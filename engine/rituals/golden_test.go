package rituals

import (
	"crypto/sha256"
	"encoding/hex"
	"encoding/json"
	"testing"

	"miskatonic/engine"
	"miskatonic/engine/rng"
)

// TestGoldenPlayouts pins 3,000 seeded random games: every move and every outcome. If it changes,
// recorded games no longer replay the same: that is a rules change and Rules.Version must go up.
func TestGoldenPlayouts(t *testing.T) {
	const want = "a2770b388d1ff976d1e72ae03c7a0001707499f1dc22e2166f03d6940d4e699f"
	h := sha256.New()
	rnd := rng.FromInt(77)
	var buf []engine.Move
	for i := 0; i < 3000; i++ {
		g, _ := New(engine.Config{Seats: 2 + i%4})
		for {
			s, ok := g.Mover()
			if !ok {
				break
			}
			if s == engine.Dealer {
				g.ApplyDeal(rnd.Seed())
				continue
			}
			buf = g.AppendLegal(buf[:0], s)
			m := buf[rnd.Intn(len(buf))]
			b, _ := json.Marshal(m)
			h.Write(b)
			if err := g.Apply(m); err != nil {
				t.Fatal(err)
			}
		}
		b, _ := json.Marshal(g.Status().Result)
		h.Write(b)
	}
	if got := hex.EncodeToString(h.Sum(nil)); got != want {
		t.Fatalf("playout digest %s, want %s", got, want)
	}
}
