//go:build !wasm

package latency

import (
	"context"
	"testing"
)

// TestPion measures a move over real pion data channels and the raw ping beside it.
func TestPion(t *testing.T) {
	rep, err := Measure(context.Background(), Config{Guests: 2, Moves: 30, Pings: 50, Seed: 7})
	if err != nil {
		t.Fatal(err)
	}
	if len(rep.Raw) != 50 || len(rep.Total) < 30 || rep.Movers["guest"] == 0 {
		t.Fatalf("measured %d pings, %d moves (%v)", len(rep.Raw), len(rep.Total), rep.Movers)
	}
	for _, s := range Stages {
		if len(rep.Stage[s]) != rep.Movers["guest"] {
			t.Errorf("stage %s measured %d times for %d pion moves", s, len(rep.Stage[s]), rep.Movers["guest"])
		}
	}
	for _, l := range rep.Lines() {
		t.Log(l)
	}
}

// BenchmarkMovePion is one move over pion data channels, Send to every seat's State.
func BenchmarkMovePion(b *testing.B) {
	rep, err := Measure(context.Background(), Config{Guests: 2, Moves: min(max(b.N, 20), 300), Pings: 100, Seed: 9})
	if err != nil {
		b.Fatal(err)
	}
	report(b, rep)
}
