//go:build !wasm

package main

import (
	"bytes"
	"encoding/json"
	"errors"
	"testing"

	"miskatonic/engine"
	"miskatonic/engine/games"
)

// TestRitualsSimAndReplay: Rituals of Madness plays through sim at every table size with no
// game-specific hook, and a simulated record replays to the same outcome; a tampered move is
// refused with its index.
func TestRitualsSimAndReplay(t *testing.T) {
	r, ok := games.Lookup("rituals")
	if !ok {
		t.Fatal("rituals is not registered")
	}
	for _, players := range []int{0, 2, 5} {
		st, err := simulate(simSpec{rules: r, n: 50, players: players, seed: 3})
		if err != nil {
			t.Fatal(err)
		}
		if st.Games != 50 || st.AvgRounds < 3 || st.AvgTurns < st.AvgRounds {
			t.Fatalf("%d players: %+v", players, st)
		}
	}
	var buf bytes.Buffer
	st, err := simulate(simSpec{rules: r, n: 1, players: 4, seed: 9, record: &buf})
	if err != nil {
		t.Fatal(err)
	}
	rep, err := replay(buf.Bytes())
	if err != nil {
		t.Fatal(err)
	}
	if !rep.Status.Over || rep.Outcome == nil || len(rep.Outcome.Scores) != 4 || rep.Moves != st.Moves {
		t.Fatalf("replay: %+v", rep.Status)
	}
	var rec engine.Record
	if err := json.Unmarshal(buf.Bytes(), &rec); err != nil {
		t.Fatal(err)
	}
	rec.Moves[1].Option = "no-such-place" // the first grab
	b, _ := json.Marshal(rec)
	var re *engine.ReplayError
	if _, err := replay(b); !errors.As(err, &re) || re.Index != 1 || engine.KindOf(err) != engine.KindIllegal {
		t.Fatalf("tampered grab: %v", err)
	}
}
