package session

import (
	"testing"
	"time"

	"miskatonic/engine"
	"miskatonic/engine/bot"
	"miskatonic/engine/table"
)

// playUntil plays the local seat's first legal move whenever it may move, until stop says so.
// limit guards against a stalled table, not a slow one: it fails once limit (at least a
// minute: the machine may run twenty other processes) passes with no new move.
func playUntil(t *testing.T, s *Session, limit time.Duration, stop func(table.GuestState) bool) table.GuestState {
	t.Helper()
	limit = max(limit, time.Minute)
	deadline := time.Now().Add(limit)
	lastSeq, seen := -1, -1
	for time.Now().Before(deadline) {
		st := s.Snapshot()
		if stop(st.GuestState) {
			return st.GuestState
		}
		if st.Seq != seen {
			seen, deadline = st.Seq, time.Now().Add(limit)
		}
		if st.HasView && !st.Waiting && st.Seq != lastSeq && len(st.Legal) > 0 {
			if err := s.Move(st.Legal[0]); err == nil {
				lastSeq = st.Seq
			}
		}
		time.Sleep(2 * time.Millisecond)
	}
	t.Fatalf("timed out; last state seq %d phase %q", s.Snapshot().Seq, s.Snapshot().Status.Phase)
	return table.GuestState{}
}

func TestSoloPlaysToTheEnd(t *testing.T) {
	cases := []struct {
		name    string
		players int
		level   string
		opts    map[string]string
	}{
		{"three players with dummies", 3, "random", nil},
		{"seven players strongest bot", 7, bot.Levels("arkham")[len(bot.Levels("arkham"))-1], map[string]string{"doom": "on"}},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			st := &MemStore{}
			s, err := StartSolo(st, SoloConfig{Name: "Ann", Game: "arkham", Players: c.players, Level: c.level, Options: c.opts})
			if err != nil {
				t.Fatal(err)
			}
			defer s.Forget()
			end := playUntil(t, s, 60*time.Second, func(g table.GuestState) bool { return g.Status.Over })
			if len(end.Lobby.Seats) != c.players {
				t.Fatalf("%d seats, want %d", len(end.Lobby.Seats), c.players)
			}
			if end.Status.Result == nil {
				t.Fatal("over without a result")
			}
			if _, ok := st.Get(slot(Solo, "arkham")); !ok {
				t.Fatal("the table was never saved")
			}
		})
	}
}

func TestSoloResumesAfterReload(t *testing.T) {
	// A game is reloaded in its middle. The deals are random (commit-reveal seeds), and a game
	// can end within a handful of moves (a Great Old One in the first round): then a new table.
	var st *MemStore
	var s *Session
	var mid table.GuestState
	for try := 0; ; try++ {
		st = &MemStore{}
		var err error
		s, err = StartSolo(st, SoloConfig{Name: "Ann", Game: "arkham", Players: 4, Level: "random"})
		if err != nil {
			t.Fatal(err)
		}
		mid = playUntil(t, s, 30*time.Second, func(g table.GuestState) bool { return g.Seq >= 12 || g.Status.Over })
		if !mid.Status.Over {
			break
		}
		s.Forget()
		if try == 10 {
			t.Fatal("ten games over before their 12th move")
		}
	}
	seat := mid.Seat
	savedCaughtUp(t, s) // as a browser would between moves
	s.Close()           // the page goes away

	r, meta, err := ResumeHost(st, Solo, "arkham")
	if err != nil || r == nil {
		t.Fatalf("resume: %v", err)
	}
	defer r.Forget()
	if meta.Kind != Solo || r.Kind() != Solo {
		t.Fatalf("kind %q", meta.Kind)
	}
	back := playUntil(t, r, 10*time.Second, func(g table.GuestState) bool { return g.HasView })
	if back.Seat != seat {
		t.Fatalf("came back in seat %d, was %d", back.Seat, seat)
	}
	if back.Seq < mid.Seq {
		t.Fatalf("resumed at seq %d, before %d", back.Seq, mid.Seq)
	}
	end := playUntil(t, r, 60*time.Second, func(g table.GuestState) bool { return g.Status.Over })
	if end.Seat != engine.Seat(seat) {
		t.Fatal("seat changed")
	}
}

func TestSoloRefusesBadConfig(t *testing.T) {
	cases := []SoloConfig{
		{Name: "A", Game: "arkham", Players: 2, Level: "random"},
		{Name: "A", Game: "arkham", Players: 8, Level: "random"},
		{Name: "A", Game: "chess", Players: 4, Level: "random"},
		{Name: "A", Game: "arkham", Players: 4, Level: "godlike"},
	}
	for _, c := range cases {
		if s, err := StartSolo(&MemStore{}, c); err == nil {
			s.Forget()
			t.Errorf("%+v: accepted", c)
		}
	}
}
