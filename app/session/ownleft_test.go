package session

import (
	"testing"
	"time"

	"miskatonic/engine/table"
	"miskatonic/engine/wire"
)

// TestLeftSoloGameLeavesNoNote: a person who leaves a solo game in the middle of a round and
// opens another table is not told that "this browser left the game before the deal was
// revealed": it was their own table (engine/table TestLeftOwnTableCarriesNoNote has the other
// half, a table someone else hosted).
func TestLeftSoloGameLeavesNoNote(t *testing.T) {
	st := &MemStore{}
	s, err := StartSolo(st, SoloConfig{Name: "Ann", Game: "arkham", Players: 3, Level: "heuristic"})
	if err != nil {
		t.Fatal(err)
	}
	playUntil(t, s, 30*time.Second, func(g table.GuestState) bool {
		return g.Seq >= 2 && len(g.Deals) > 0 && g.Deals[0].State == table.DealPending
	})
	s.Close() // left mid-round: deal 1 not revealed yet

	next, err := StartSolo(st, SoloConfig{Name: "Ann", Game: "rituals", Players: 3, Level: "heuristic"})
	if err != nil {
		t.Fatal(err)
	}
	defer next.Forget()
	snap := playUntil(t, next, 30*time.Second, func(g table.GuestState) bool { return g.Seq >= 1 })
	for _, d := range snap.PrevDeals {
		if d.Code == wire.DealLeftBefore {
			t.Fatalf("the next solo table notes the person's own left game: %+v", snap.PrevDeals)
		}
	}
}
