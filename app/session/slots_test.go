//go:build !wasm

package session

import (
	"encoding/json"
	"testing"
	"time"

	"miskatonic/engine/table"
	"miskatonic/engine/wire"
)

// A solo game and a hosted table each keep their own save: starting one never replaces the
// other, and each route resumes its own.
func TestSoloAndHostedSavesApart(t *testing.T) {
	st := &MemStore{}
	solo, err := StartSolo(st, SoloConfig{Name: "Ann", Game: "arkham", Players: 4, Level: "random"})
	if err != nil {
		t.Fatal(err)
	}
	playUntil(t, solo, 30*time.Second, func(g table.GuestState) bool { return g.Seq >= 6 })
	host, err := StartHost(st, HostConfig{Name: "Ann", Game: "arkham", Net: testNet(t)})
	if err != nil {
		t.Fatal(err)
	}
	savedCaughtUp(t, solo)
	savedCaughtUp(t, host)
	solo.Close()
	host.Close()

	cases := []struct {
		kind    Kind
		seats   int
		started bool
	}{{Solo, 4, true}, {Host, 1, false}}
	for _, c := range cases {
		t.Run(string(c.kind), func(t *testing.T) {
			r, meta, err := ResumeHost(st, c.kind, "arkham")
			if err != nil || r == nil {
				t.Fatalf("resume %s: %v", c.kind, err)
			}
			defer r.Close()
			if meta.Kind != c.kind || r.Kind() != c.kind {
				t.Fatalf("resumed a %s table for %s", meta.Kind, c.kind)
			}
			hs := r.host.State()
			if len(hs.Seats) != c.seats || hs.Started != c.started {
				t.Fatalf("%s: %d seats started=%v, want %d started=%v", c.kind, len(hs.Seats), hs.Started, c.seats, c.started)
			}
		})
	}
	// Forgetting one leaves the other.
	r, _, err := ResumeHost(st, Solo, "arkham")
	if err != nil {
		t.Fatal(err)
	}
	r.Forget()
	if HasSaved(st, Solo, "arkham") || !HasSaved(st, Host, "arkham") {
		t.Fatalf("after forgetting the solo game: solo=%v host=%v", HasSaved(st, Solo, "arkham"), HasSaved(st, Host, "arkham"))
	}
}

// A solo game saved by an older version in the shared slot moves to its own game's solo slot,
// and is not taken for a hosted table.
func TestOldSoloSaveMoves(t *testing.T) {
	st := &MemStore{}
	old, _ := json.Marshal(saved{Kind: Solo, Game: "arkham", Name: "Ann", Snapshot: json.RawMessage(`{}`)})
	st.Set(keyHost, string(old))
	if HasSaved(st, Host, "arkham") {
		t.Fatal("an old solo save was taken for a hosted table")
	}
	if _, ok := st.Get(keyHost); ok {
		t.Fatal("the old solo save is still in the hosted slot")
	}
	if got, ok := st.Get(slot(Solo, "arkham")); !ok || got != string(old) {
		t.Fatalf("solo slot holds %q", got)
	}
	if !HasSaved(st, Solo, "arkham") {
		t.Fatal("the moved solo save is not found")
	}
}

// The screens branch on the host's stable bye code, never on its English reason.
func TestByeProblemUsesCode(t *testing.T) {
	cases := []struct {
		bye  wire.Bye
		want string
	}{
		{wire.Bye{Code: wire.ByeFull, Reason: "the table is full"}, ProblemFull},
		{wire.Bye{Code: wire.ByeKicked, Reason: "the table is full"}, ProblemRemoved}, // the code wins
		{wire.Bye{Code: wire.ByeClosed}, ProblemHostClosed},
		{wire.Bye{Code: wire.ByeElsewhere}, ProblemElsewhere},
		{wire.Bye{Code: wire.ByeFlood, Reason: "full of messages"}, ProblemDropped},
		{wire.Bye{Reason: "the table is full"}, ProblemDropped}, // no code: text is not read
		{wire.Bye{Code: "something-new"}, ProblemDropped},
	}
	for _, c := range cases {
		if got := byeProblem(&c.bye); got != c.want {
			t.Errorf("%+v: %s, want %s", c.bye, got, c.want)
		}
	}
}

// A solo table plays again on the same table: a new game is dealt at once, saved in the solo
// slot, and a reload resumes the new game.
func TestSoloRematchResumes(t *testing.T) {
	st := &MemStore{}
	s, err := StartSolo(st, SoloConfig{Name: "Ann", Game: "arkham", Players: 3, Level: "random"})
	if err != nil {
		t.Fatal(err)
	}
	if err := s.Rematch(); err == nil {
		t.Fatal("rematch before the game is over")
	}
	first := playUntil(t, s, 60*time.Second, func(g table.GuestState) bool { return g.Status.Over })
	if err := s.Rematch(); err != nil {
		t.Fatal(err)
	}
	again := playUntil(t, s, 10*time.Second, func(g table.GuestState) bool { return g.Match == 1 && g.Started && g.HasView })
	if again.Seat != first.Seat || again.Table == first.Table || again.Status.Over {
		t.Fatalf("new game: seat %d table %s over=%v; was seat %d table %s", again.Seat, again.Table, again.Status.Over, first.Seat, first.Table)
	}
	for _, d := range again.PrevDeals {
		if d.State != table.DealVerified {
			t.Fatalf("first game's deal %d is %s", d.Epoch, d.State)
		}
	}
	playUntil(t, s, 30*time.Second, func(g table.GuestState) bool { return g.Seq >= 6 })
	savedCaughtUp(t, s)
	s.Close()
	r, _, err := ResumeHost(st, Solo, "arkham")
	if err != nil || r == nil {
		t.Fatalf("resume: %v", err)
	}
	defer r.Forget()
	back := playUntil(t, r, 10*time.Second, func(g table.GuestState) bool { return g.HasView })
	if back.Match != 1 || back.Table != again.Table || back.Seq < 6 {
		t.Fatalf("resumed match %d table %s seq %d", back.Match, back.Table, back.Seq)
	}
	playUntil(t, r, 60*time.Second, func(g table.GuestState) bool { return g.Status.Over })
}

// A host that forgets its table tells its guests, who see why (from the bye's code) and stop.
func TestGuestSeesHostClose(t *testing.T) {
	n := testNet(t)
	host, err := StartHost(&MemStore{}, HostConfig{Name: "Ann", Game: "arkham", Net: n})
	if err != nil {
		t.Fatal(err)
	}
	g, err := Join(&MemStore{}, JoinConfig{Name: "Bea", Link: host.Snapshot().Invite, Net: n})
	if err != nil {
		host.Forget()
		t.Fatal(err)
	}
	defer g.Forget()
	host.Forget()
	deadline := time.Now().Add(time.Minute)
	for g.Snapshot().Problem != ProblemHostClosed {
		if time.Now().After(deadline) {
			t.Fatalf("guest shows problem %q, dropped %+v", g.Snapshot().Problem, g.Snapshot().Dropped)
		}
		time.Sleep(5 * time.Millisecond)
	}
	if !g.Snapshot().Fatal {
		t.Fatal("a closed table is not shown as the end")
	}
}
