package table

import (
	"encoding/json"
	"slices"
	"sync"
	"testing"

	"miskatonic/engine"
	"miskatonic/engine/wire"
)

// TestSealedProgressShowsOnlySeats: while a sealed round is open every guest is told who has
// locked in (so a board can say "waiting for 1 of 4; Ann, Bea have chosen"), and nothing else:
// each progress frame, as it reaches a guest, holds the round's base and seat numbers only —
// the seats that had committed by then, never a commitment, a nonce or a choice.
func TestSealedProgressShowsOnlySeats(t *testing.T) {
	defer checkNoLeak(t)()
	var mu sync.Mutex
	var frames []wire.Locked
	tt := sealedTable(t, 16, func(c *tamper) {
		c.out = func(_ engine.Seat, m wire.Message) wire.Message {
			if l, ok := m.(*wire.Locked); ok {
				mu.Lock()
				frames = append(frames, *l)
				mu.Unlock()
			}
			return m
		}
	})
	defer tt.close()
	tt.play()
	tt.finish()
	tt.checkViews()
	mu.Lock()
	defer mu.Unlock()
	if len(frames) == 0 {
		t.Fatal("no progress frame reached any guest")
	}
	rounds := map[int]bool{}
	for _, l := range frames {
		b, _ := json.Marshal(l)
		var fields map[string]json.RawMessage
		json.Unmarshal(b, &fields)
		for k := range fields {
			if k != "base" && k != "seats" {
				t.Errorf("progress frame carries %q: %s", k, b)
			}
		}
		if !slices.IsSorted(l.Seats) || len(l.Seats) >= 4 {
			t.Errorf("progress frame %s: seats not a part of the round's, in seat order", b)
		}
		for _, s := range l.Seats {
			if s < 0 || s > 3 {
				t.Errorf("progress frame %s names seat %d", b, s)
			}
		}
		rounds[l.Base] = true
	}
	t.Logf("%d progress frames over %d rounds", len(frames), len(rounds))
	// The guests' state followed: the last round's progress is the complete set.
	for i, g := range tt.guests {
		if st := g.State(); len(st.Locked) != 4 {
			t.Errorf("guest %d ends with locked-in seats %v", i, st.Locked)
		}
	}
}
