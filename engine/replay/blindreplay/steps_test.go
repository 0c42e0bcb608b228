package blindreplay

import (
	"bytes"
	"os"
	"testing"

	"miskatonic/engine"
	"miskatonic/engine/arkham"
)

// TestStepsFixture: the kept host-blind record steps through move by move: as many steps as
// the record's moves, each move a player's, the first position dealt and the last one over;
// while a round is on, no hand is shown (the record holds only what was opened in public), and
// at the game's end its outcome and the last round's result are.
func TestStepsFixture(t *testing.T) {
	data, err := os.ReadFile("testdata/arkham-blind-3.json")
	if err != nil {
		t.Fatal(err)
	}
	s, err := NewSteps(data)
	if err != nil || s.Err != nil {
		t.Fatalf("steps: %v, %v", err, s.Err)
	}
	if s.Len() != s.Result.Moves || s.Len() == 0 {
		t.Fatalf("%d steps, the record has %d moves", s.Len(), s.Result.Moves)
	}
	for i := 1; i <= s.Len(); i++ {
		m, ok := s.Move(i)
		if !ok || !m.Seat.Valid(s.Config.Game.Seats) || m.Kind == engine.KindDeal {
			t.Fatalf("move %d: %+v %v", i, m, ok)
		}
	}
	if _, ok := s.Move(0); ok {
		t.Fatal("a move before the first")
	}
	hidden := 0
	for i := 0; i <= s.Len(); i++ {
		v, err := s.View(i, 0)
		av, ok := v.(*arkham.View)
		if err != nil || !ok || av == nil {
			t.Fatalf("view %d: %T %v", i, v, err)
		}
		if av.Outcome == nil {
			for _, p := range av.Positions {
				if p.Card == 0 {
					hidden++
				}
			}
		}
	}
	if hidden == 0 {
		t.Fatal("no card was ever hidden in the public replay")
	}
	last, _ := s.View(s.Len(), engine.Observer)
	if lv := last.(*arkham.View); lv.Outcome == nil || lv.LastRound == nil {
		t.Fatal("the last position is not the game's end")
	}
	t.Logf("%d steps, %d deals audited, %d entries", s.Len(), s.Result.Deals, s.Result.Entries)
}

// TestStepsRefuseForgeries: a damaged or forged record never panics; one that does not decode
// is an error, and one that decodes but fails its checks stops its steps at the failure, with
// the reason.
func TestStepsRefuseForgeries(t *testing.T) {
	data, err := os.ReadFile("testdata/arkham-blind-3.json")
	if err != nil {
		t.Fatal(err)
	}
	whole, _ := NewSteps(data)
	for _, c := range []struct {
		name   string
		data   []byte
		decode bool // decodes, then fails a check
	}{
		{"empty", nil, false},
		{"not json", []byte("not a record"), false},
		{"cut short", data[:len(data)/2], false},
		{"unknown field", bytes.Replace(data, []byte(`"names"`), []byte(`"namez"`), 1), false},
		{"chain step changed", flip(data, `"deck":[{"c1":"`, 5), true},
		{"a signature changed", flip(data, `"sig":"`, 3), true},
		{"entry renumbered", bytes.Replace(data, []byte(`{"seq":7,`), []byte(`{"seq":8,`), 1), true},
		{"other version", bytes.Replace(data, []byte(`"version":1`), []byte(`"version":9`), 1), true},
	} {
		t.Run(c.name, func(t *testing.T) {
			s, err := NewSteps(c.data)
			if !c.decode {
				if err == nil {
					t.Fatal("decoded")
				}
				return
			}
			if err != nil || s.Err == nil {
				t.Fatalf("a forged record steps to its end: %v", err)
			}
			if s.Len() >= whole.Len() {
				t.Fatalf("%d steps of %d", s.Len(), whole.Len())
			}
			if _, err := s.View(s.Len(), engine.Observer); err != nil {
				t.Fatal(err)
			}
			t.Logf("%d steps, then: %v", s.Len(), s.Err)
		})
	}
}

func flip(data []byte, after string, at int) []byte {
	i := bytes.Index(data, []byte(after))
	out := bytes.Clone(data)
	if i >= 0 {
		out[i+len(after)+at] ^= 0x01
	}
	return out
}

// FuzzSteps: no record, however made, panics the replay.
func FuzzSteps(f *testing.F) {
	data, _ := os.ReadFile("testdata/arkham-blind-3.json")
	f.Add(data)
	f.Add([]byte(`{"game":"arkham/blind","version":1,"config":{},"log":[]}`))
	f.Fuzz(func(t *testing.T, b []byte) {
		s, err := NewSteps(b)
		if err != nil {
			return
		}
		for i := 0; i <= s.Len(); i++ {
			_, _ = s.Move(i)
			_, _ = s.View(i, engine.Observer)
		}
	})
}
