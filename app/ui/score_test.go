package ui

import (
	"reflect"
	"testing"

	"miskatonic/engine"
)

// TestRunningScoreReload: the score saved with the table comes back whole after a reload, and a
// game counted before the reload is not counted again when its end is seen once more.
func TestRunningScoreReload(t *testing.T) {
	var s tally
	s.note(snapOf("g1", 0, 0, true, []engine.Seat{1, 2}))
	s.note(snapOf("g2", 0, 0, true, []engine.Seat{0, 1}))
	var back tally
	back.load(s.save())
	if !reflect.DeepEqual(back.scores(), s.scores()) {
		t.Fatalf("after reload %+v, want %+v", back.scores(), s.scores())
	}
	back.note(snapOf("g2", 0, 0, true, []engine.Seat{0, 1}))
	if back.games != 2 {
		t.Fatalf("a game counted twice across the reload: %d games", back.games)
	}
	var blank tally
	blank.load(nil)
	blank.load([]byte("not json"))
	if blank.scores() != nil {
		t.Fatal("nothing saved made a score")
	}
}
