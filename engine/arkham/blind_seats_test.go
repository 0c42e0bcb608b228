package arkham

import (
	"testing"

	"miskatonic/engine"
)

// TestBlindRetireRejoin: a key holder leaves the holders only between deals, never the last
// one, and comes back only between deals; each refusal changes nothing.
func TestBlindRetireRejoin(t *testing.T) {
	b, err := NewBlind(BlindConfig{Config: engine.Config{Seats: 3}, Holders: []engine.Seat{0, 1}, Runner: map[engine.Seat]engine.Seat{2: 0}})
	if err != nil {
		t.Fatal(err)
	}
	for name, err := range map[string]error{
		"a bot seat":            b.Retire(2, 0),
		"run by itself":         b.Retire(1, 1),
		"run by a non-holder":   b.Retire(1, 2),
		"rejoin a holder":       b.Rejoin(1),
		"rejoin an unseated id": b.Rejoin(5),
	} {
		if err == nil {
			t.Fatalf("%s: accepted", name)
		}
	}
	if err := b.Retire(1, 0); err != nil {
		t.Fatal(err)
	}
	if got := b.Holders(); len(got) != 1 || got[0] != 0 || b.Runner(1) != 0 {
		t.Fatalf("holders %v, seat 1 run by %d", got, b.Runner(1))
	}
	if err := b.Retire(0, 0); err == nil {
		t.Fatal("the last holder left")
	}
	m := engine.DealMove([32]byte{7})
	if err := b.Step(BlindInput{Move: &m}); err != nil {
		t.Fatal(err)
	}
	if err := b.Rejoin(1); err == nil {
		t.Fatal("rejoined mid-round")
	}
	if got := b.Holders(); len(got) != 1 {
		t.Fatalf("a refused rejoin changed the holders: %v", got)
	}
}
