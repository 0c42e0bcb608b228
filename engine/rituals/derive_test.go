package rituals

import (
	"testing"

	"miskatonic/engine/rng"
)

func TestDeriveMatchesRng(t *testing.T) {
	r := rng.FromInt(3)
	for i := 0; i < 200; i++ {
		key := r.Seed()
		for _, l := range append([]string{labelDeck, "", "x"}, grabLabels[:]...) {
			if got, want := derive(key, l), rng.Derive(key, l); got != want {
				t.Fatalf("derive(%x, %q) = %x, want %x", key, l, got, want)
			}
		}
	}
}
