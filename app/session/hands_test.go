package session

import (
	"bytes"
	"testing"
	"time"

	"miskatonic/engine"
	_ "miskatonic/engine/shadows/shadowsbot"
	"miskatonic/engine/table"
)

// One person plays two of four Ring of Shadows characters, bots the other two, to the end:
// the snapshot hands the person each of their seats in turn, and moves go through that seat.
func TestSoloHandsPlayToTheEnd(t *testing.T) {
	st := &MemStore{}
	s, err := StartSolo(st, SoloConfig{Name: "Ann", Game: "shadows", Players: 4, Hands: 2, Level: "heuristic"})
	if err != nil {
		t.Fatal(err)
	}
	defer s.Forget()
	if got := s.Seats(); len(got) != 2 || got[0] != 0 || got[1] != 1 {
		t.Fatalf("the person holds seats %v, want [0 1]", got)
	}
	acted := map[engine.Seat]bool{}
	end := playUntil(t, s, 90*time.Second, func(g table.GuestState) bool {
		if len(g.Legal) > 0 {
			acted[g.Seat] = true
		}
		return g.Status.Over
	})
	if !acted[0] || !acted[1] || acted[2] || acted[3] {
		t.Fatalf("the person was asked to act for %v, want seats 0 and 1 only", acted)
	}
	seats := end.Lobby.Seats
	if len(seats) != 4 || seats[0].Bot || seats[1].Bot || !seats[2].Bot || !seats[3].Bot {
		t.Fatalf("seats %+v: want two human seats then two bots", seats)
	}
	if seats[0].Name == seats[1].Name {
		t.Fatalf("two seats both named %q: the table must tell them apart", seats[0].Name)
	}
}

// A reload gives each of the person's seats back to them: all four characters, resumed.
func TestSoloHandsResume(t *testing.T) {
	st := &MemStore{}
	s, err := StartSolo(st, SoloConfig{Name: "Ann", Game: "shadows", Players: 4, Hands: 4, Level: "heuristic"})
	if err != nil {
		t.Fatal(err)
	}
	playUntil(t, s, 30*time.Second, func(g table.GuestState) bool { return g.Seq >= 12 })
	savedCaughtUp(t, s)
	s.Close()
	r, meta, err := ResumeHost(st, Solo, "shadows")
	if err != nil {
		t.Fatal(err)
	}
	defer r.Forget()
	if meta.Hands != 4 || r.Hands() != 4 {
		t.Fatalf("resumed with %d (saved %d) seats for the person, want 4", r.Hands(), meta.Hands)
	}
	got := map[engine.Seat]bool{}
	for _, seat := range r.Seats() {
		got[seat] = true
	}
	if len(got) != 4 {
		t.Fatalf("resumed seats %v, want four different ones", r.Seats())
	}
	playUntil(t, r, 90*time.Second, func(g table.GuestState) bool { return g.Status.Over })
}

// Each extra seat has its own key, unrelated to the person's and stable across reloads: the host
// tells the seats apart by key, and no seat can answer for another.
func TestHandIdentities(t *testing.T) {
	st := &MemStore{}
	base, err := identity(st)
	if err != nil {
		t.Fatal(err)
	}
	seen := [][]byte{base.Public()}
	for n := 1; n < MaxHands; n++ {
		id, err := handIdentity(st, n)
		if err != nil {
			t.Fatal(err)
		}
		again, _ := handIdentity(st, n)
		if !bytes.Equal(id.Public(), again.Public()) {
			t.Fatalf("hand %d: key not stable across calls", n)
		}
		for _, k := range seen {
			if bytes.Equal(k, id.Public()) {
				t.Fatalf("hand %d shares a key", n)
			}
		}
		seen = append(seen, id.Public())
	}
	other := &MemStore{}
	id1, _ := handIdentity(other, 1)
	if bytes.Equal(id1.Public(), seen[1]) {
		t.Fatal("two browsers derive the same extra-seat key")
	}
}

func TestSoloHandsBounds(t *testing.T) {
	for _, hands := range []int{5, MaxHands + 1} {
		if _, err := StartSolo(&MemStore{}, SoloConfig{Name: "Ann", Game: "shadows", Players: 4, Hands: hands, Level: "heuristic"}); err == nil {
			t.Errorf("%d seats of 4 for one player accepted", hands)
		}
	}
}
