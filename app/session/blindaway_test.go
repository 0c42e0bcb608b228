//go:build !wasm

package session

import (
	"slices"
	"testing"
	"time"

	"miskatonic/engine"
	"miskatonic/engine/blindtable"
)

// TestBlindStandIn: a guest's page goes mid-round at a host-blind table of three people; every
// page counts down for it, then the host has a stand-in play the seat (the others' escrowed
// shares rebuild its key) and the round goes on; the player comes back, takes the seat back,
// and the game plays to its end with the same result on every page.
func TestBlindStandIn(t *testing.T) {
	tb := standInCy(t)
	host, guests := tb.host, tb.guests
	// The round goes on without Cy: a few moves by the others and the stand-in.
	at := host.Snapshot().Seq
	playWhile(t, []*Session{host, guests[0]}, func() bool {
		st := host.Snapshot()
		return st.Seq < at+3 && !st.Status.Over
	})
	// Cy comes back and takes the seat back; the game plays to its end.
	tb.rejoin(t)
	playToSameEnd(t, host, guests)
}

// TestBlindBackFromBot: Cy's seat is stood in and Cy is not back by the round's end, so from
// the next deal it is dealt as a bot seat (no key; the host's page plays it). Cy comes back
// later: as at an open table, where a returning person takes the seat back from its bot, the
// host gives the seat back (KindBack) and Cy holds a key again from the next deal the protocol
// allows (at once if no key of the coming deal is in, else once the round in play ends).
func TestBlindBackFromBot(t *testing.T) {
	tb := standInCy(t)
	host, guests, cy := tb.host, tb.guests, tb.cy
	// Ann and Bea play on (the stand-in plays Cy's seat) past the round's end: Cy's seat is
	// dealt as a bot seat from then on.
	playWhile(t, []*Session{host, guests[0]}, func() bool {
		return !hostBlind(host, func(st *blindtable.State) bool { return st.Away(cy) }) && !host.Snapshot().Status.Over
	})
	if !hostBlind(host, func(st *blindtable.State) bool { return st.Away(cy) }) {
		t.Fatalf("the game ended before Cy's seat became a bot's: %+v", host.Snapshot().Status)
	}
	retired := len(hostLog(host))
	tb.rejoin(t)
	back := func() bool {
		return hostBlind(host, func(st *blindtable.State) bool { return !st.Away(cy) || st.Returning(cy) })
	}
	for end := time.Now().Add(time.Minute); !back(); time.Sleep(10 * time.Millisecond) {
		if time.Now().After(end) {
			t.Fatal("Cy came back and the host never gave the seat back from its bot")
		}
	}
	playToSameEnd(t, host, guests)
	// Cy's keys for a deal made after the return, unless the game ended first (then the seat
	// waits to rejoin at a deal that never came).
	keys := 0
	for _, e := range hostLog(host)[retired:] {
		if e.In.Kind == blindtable.KindKeys && e.In.From == cy {
			keys++
		}
	}
	hostBlind(host, func(st *blindtable.State) bool {
		switch {
		case st.Returning(cy):
			t.Logf("the game ended before the next deal; seat %d waits to rejoin", cy)
		case keys == 0:
			t.Fatalf("seat %d holds a key again but posted none after its return", cy)
		default:
			t.Logf("seat %d posted keys for %d deals after its return", cy, keys)
		}
		return true
	})
}

// playToSameEnd plays every page to the game's end and checks all reached the same one with no
// verdict.
func playToSameEnd(t *testing.T, host *Session, guests []*Session) {
	t.Helper()
	playAll(t, append([]*Session{host}, guests...), 3*time.Minute)
	want := host.Snapshot()
	if want.Fault != nil {
		t.Fatalf("verdict: %+v", want.Fault)
	}
	for i, g := range guests {
		if st := g.Snapshot(); st.Fault != nil || st.Status.Result == nil || want.Status.Result == nil || st.Seq != want.Seq {
			t.Fatalf("guest %d ended at %d (%+v, fault %+v), host at %d", i, st.Seq, st.Status, st.Fault, want.Seq)
		}
	}
}

// hostBlind runs f on the public state of the host's page.
func hostBlind(host *Session, f func(*blindtable.State) bool) bool {
	b := host.blind
	b.mu.Lock()
	cl := b.client
	b.mu.Unlock()
	ok := false
	if cl != nil {
		cl.Do(func(p *blindtable.Page) { ok = f(p.State()) })
	}
	return ok
}

// cyTable is a host-blind table of Ann (host), Bea and Cy where a stand-in plays Cy's seat.
type cyTable struct {
	n      Net
	host   *Session
	guests []*Session // Bea's, Cy's
	stores []*MemStore
	cy     engine.Seat
}

// rejoin has Cy come back: a new page on Cy's storage joins by the table's link.
func (tb *cyTable) rejoin(t *testing.T) {
	t.Helper()
	g, err := Join(tb.stores[1], JoinConfig{Name: "Cy", Link: tb.host.Snapshot().Invite, Net: tb.n})
	if err != nil {
		t.Fatalf("rejoin: %v", err)
	}
	t.Cleanup(g.Forget)
	tb.guests[1] = g
}

// standInCy starts a host-blind table of three and plays until a round is under way, then
// Cy's page goes: every page counts down for it, the host's countdown runs out and the host
// has a stand-in play Cy's seat.
func standInCy(t *testing.T) *cyTable {
	t.Helper()
	n := testNet(t)
	hostStore := &MemStore{}
	_ = hostStore.Set(keyTurnTimeout, "300")
	host, guests, stores := startBlindTable(t, n, hostStore)
	playWhile(t, []*Session{host, guests[0], guests[1]}, func() bool {
		st := host.Snapshot()
		return st.Seq < 2 || st.Status.Phase == "deal"
	})
	cy := guests[1].SeatOf()
	guests[1].Close()
	if !waitSnap(guests[0], 20*time.Second, func(st Snapshot) bool {
		return st.Away != nil && len(st.Away.Seats) == 1 && st.Away.Seats[0] == cy
	}) {
		t.Fatalf("Bea's page never counted down for Cy: %+v", guests[0].Snapshot().Away)
	}
	if !waitSnap(host, 20*time.Second, func(st Snapshot) bool {
		return st.Away != nil && len(st.Away.Seats) == 1 && st.Away.Seats[0] == cy && st.Away.Expired
	}) {
		t.Fatalf("the host's countdown for Cy never ran out: %+v", host.Snapshot().Away)
	}
	var standErr error
	for range 100 {
		if standErr = host.StandIn(cy); standErr == nil {
			break
		}
		time.Sleep(20 * time.Millisecond)
	}
	if standErr != nil {
		t.Fatalf("stand-in: %v", standErr)
	}
	// Cy's countdown ends (on a loaded machine another link may be between reconnects for a
	// moment: that is its own countdown, not Cy's).
	if !waitSnap(host, 20*time.Second, func(st Snapshot) bool { return st.Away == nil || !slices.Contains(st.Away.Seats, cy) }) {
		t.Fatalf("the countdown for Cy stayed after the stand-in: %+v", host.Snapshot().Away)
	}
	return &cyTable{n: n, host: host, guests: guests, stores: stores, cy: cy}
}

// playWhile plays every page's first legal move while more holds.
func playWhile(t *testing.T, ss []*Session, more func() bool) {
	t.Helper()
	deadline := time.Now().Add(2 * time.Minute)
	last := map[*Session]int{}
	for more() {
		if time.Now().After(deadline) {
			t.Fatal("play did not reach the point in time")
		}
		for _, s := range ss {
			st := s.Snapshot()
			if st.Fault != nil {
				t.Fatalf("verdict: %+v", st.Fault)
			}
			if st.HasView && len(st.Legal) > 0 && last[s] != st.Seq+1 {
				if s.Move(st.Legal[0]) == nil {
					last[s] = st.Seq + 1
				}
			}
		}
		time.Sleep(2 * time.Millisecond)
	}
}

// hostLog is the host's blind log.
func hostLog(host *Session) []blindtable.Entry {
	host.blind.mu.Lock()
	h := host.blind.host
	host.blind.mu.Unlock()
	return h.Log()
}
