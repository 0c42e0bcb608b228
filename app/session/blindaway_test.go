//go:build !wasm

package session

import (
	"slices"
	"testing"
	"time"
)

// TestBlindStandIn: a guest's page goes mid-round at a host-blind table of three people; every
// page counts down for it, then the host has a stand-in play the seat (the others' escrowed
// shares rebuild its key) and the round goes on; the player comes back, takes the seat back,
// and the game plays to its end with the same result on every page.
func TestBlindStandIn(t *testing.T) {
	n := testNet(t)
	hostStore := &MemStore{}
	_ = hostStore.Set(keyTurnTimeout, "300")
	host, guests, stores := startBlindTable(t, n, hostStore)
	link := host.Snapshot().Invite
	// Play until a round is under way, then Cy's page goes.
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
	// The round goes on without Cy: a few moves by the others and the stand-in.
	at := host.Snapshot().Seq
	playWhile(t, []*Session{host, guests[0]}, func() bool {
		st := host.Snapshot()
		return st.Seq < at+3 && !st.Status.Over
	})
	// Cy comes back and takes the seat back; the game plays to its end.
	g, err := Join(stores[1], JoinConfig{Name: "Cy", Link: link, Net: n})
	if err != nil {
		t.Fatalf("rejoin: %v", err)
	}
	guests[1] = g
	all := []*Session{host, guests[0], guests[1]}
	playAll(t, all, 3*time.Minute)
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
