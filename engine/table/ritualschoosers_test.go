package table

import (
	"sync/atomic"
	"testing"
	"time"

	"miskatonic/engine"
	"miskatonic/engine/rituals"
	"miskatonic/engine/wire"
)

// Rituals is an engine.ViewChoosers: its one deal stays secret until the game's end, so the
// guests' replay never reaches a sealed round before it opens.
var _ engine.ViewChoosers = rituals.Rules{}

// Issue 23 item 6, for Rituals of Madness: the host leaves its own seat (0) out of the setup
// grab's Status.Active in the views it sends, holds its own pick back and relays the set of
// seats 1 and 2 only, to read their picks before choosing. Before: the guests took the round's
// seats from the host's status (the deal key is secret until the game's end, so no replay
// reached the round) and opened at once. Now: the seats come from rituals.Choosers on the
// public view (every seat without a place picks), the set is short, nothing is opened, and
// each guest fails the deal naming the host.
func TestAttackRitualsHostSeatLeftOut(t *testing.T) {
	defer checkNoLeak(t)()
	var opened atomic.Int32
	var relayed atomic.Bool
	var tt *testTable
	tt = newTable(t, tableOpts{rules: rituals.Rules{}, guests: 3, seed: 23, wrap: func(i int, c Conn) Conn {
		tc := &tamper{Conn: c, seat: engine.Seat(i)}
		leaveHostSeatOut(tc, &tt, &opened, &relayed)
		return tc
	}})
	defer tt.close()
	tt.play()
	tt.waitFor("the short set relayed", relayed.Load)
	time.Sleep(20 * tt.guests[1].cfg.Tick)
	if n := opened.Load(); n != 0 {
		t.Fatalf("guests opened their sealed picks %d times on a set without the host's seat", n)
	}
	for _, s := range []engine.Seat{1, 2} {
		d := tt.firstVerdict(s)
		if d.State != DealFailed || d.Code != wire.DealSealedShort {
			t.Fatalf("seat %d: %+v, want failed with %s", s, d, wire.DealSealedShort)
		}
	}
}
