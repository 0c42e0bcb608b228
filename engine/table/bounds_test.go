package table

import (
	"strings"
	"testing"

	"miskatonic/engine"
	"miskatonic/engine/arkham"
	"miskatonic/engine/wire"
)

// Finding 10: a host cannot make a guest follow a game longer than the game can be. A modified
// host page sends seat 1 a log chunk and then a view numbered past Arkham Ritual's longest game
// (the moves themselves are real ones, repeated): seat 1 refuses both before keeping any of it
// and fails the deal with the reason; the other seats, told the truth, are unaffected.
func TestLogBoundedByGameLength(t *testing.T) {
	defer checkNoLeak(t)()
	limit := arkham.Rules{}.MaxMoves(engine.Config{})
	sent := false
	far := func(s engine.Seat, m wire.Message) wire.Message {
		v, ok := m.(*wire.View)
		if !ok || s != 1 || v.Move == nil || sent {
			return m
		}
		sent = true
		f := *v
		f.Seq = limit + 1
		return &f
	}
	tt := newCheatTable(t, 3, arkham.Rules{}, far, nil, nil)
	tt.play()
	if d := tt.firstFailure(1); !strings.Contains(d.Problem, "has at most") {
		t.Fatalf("seat 1: %+v", d)
	}
	if st := tt.guests[1].State(); st.Seq > limit {
		t.Fatalf("seat 1 took seq %d", st.Seq)
	}
	tt.guests[1].mu.Lock()
	_, kept := tt.guests[1].audit.MoveAt(limit + 1)
	tt.guests[1].mu.Unlock()
	if kept {
		t.Fatal("seat 1's auditor kept a move past the game's end")
	}
	for _, s := range []engine.Seat{0, 2} {
		for _, d := range tt.guests[s].State().Deals {
			if d.State == DealFailed {
				t.Fatalf("seat %d failed too: %+v", s, d)
			}
		}
	}
	tt.close()

	// A log chunk reaching past the end is refused the same way.
	chunk := func(s engine.Seat, m wire.Message) wire.Message {
		if _, ok := m.(*wire.View); !ok || s != 2 {
			return m
		}
		return &wire.Log{From: limit - 1, Moves: []engine.Move{{Seat: 0, Kind: "pass"}, {Seat: 0, Kind: "pass"}}}
	}
	tt = newCheatTable(t, 3, arkham.Rules{}, chunk, nil, nil)
	if d := tt.firstFailure(2); !strings.Contains(d.Problem, "has at most") {
		t.Fatalf("seat 2: %+v", d)
	}
	tt.close()
}
