//go:build !wasm

// These tests use the native relay and pion over loopback (native only).

package session

import (
	"errors"
	"net/http"
	"net/http/httptest"
	"strings"
	"testing"
	"time"

	"miskatonic/app/relay"
	"miskatonic/app/rtc"
	"miskatonic/app/signal"
	"miskatonic/engine/blindtable"
	"miskatonic/engine/table"
)

// testNet serves a real relay and gives the loopback WebRTC settings (pion, native).
func testNet(t *testing.T) Net {
	t.Helper()
	mux := http.NewServeMux()
	mux.Handle("/signal", relay.New(relay.Config{}))
	srv := httptest.NewServer(mux)
	t.Cleanup(srv.Close)
	return Net{Origin: "http://miskatonic.test", RelayURL: "ws" + strings.TrimPrefix(srv.URL, "http") + "/signal", RTC: rtc.LoopbackConfig()}
}

// TestHostedTableOverWebRTC: a host and two guests, each with its own storage, meet through the
// relay, play a whole game over real (pion) data channels and every guest verifies every deal.
func TestHostedTableOverWebRTC(t *testing.T) {
	n := testNet(t)
	// Open dealing, chosen: the guests verify engine/table's deals (host-blind: blind_test.go).
	host, err := StartHost(&MemStore{}, HostConfig{Name: "Ann", Game: "arkham", Net: n, Dealing: blindtable.DealingOpen})
	if err != nil {
		t.Fatal(err)
	}
	defer host.Forget()
	link := host.Snapshot().Invite
	if !strings.HasPrefix(link, "http://miskatonic.test/#/join/") {
		t.Fatalf("invite %q", link)
	}
	var guests []*Session
	for _, name := range []string{"Bea", "Cy"} {
		g, err := Join(&MemStore{}, JoinConfig{Name: name, Link: link, Net: n})
		if err != nil {
			t.Fatalf("%s: %v", name, err)
		}
		defer g.Forget()
		guests = append(guests, g)
	}
	all := append([]*Session{host}, guests...)
	if !waitFor(host.guest, time.Minute, func(s table.GuestState) bool { return len(s.Lobby.Seats) == 3 }) {
		t.Fatal("the lobby never showed three seats")
	}
	var startErr error
	for i := 0; i < 200; i++ { // guests' ready messages may still be on their way
		if startErr = host.Start(); startErr == nil {
			break
		}
		time.Sleep(20 * time.Millisecond)
	}
	if startErr != nil {
		t.Fatal(startErr)
	}
	playAll(t, all, 2*time.Minute)
	// A real game was played to its end: over, after the deal and moves. (Not "at least 10
	// moves": about 0.7% of Arkham deals end sooner when every seat plays its first legal move;
	// the shortest of 20,000 took 6.)
	if st := host.Snapshot(); !st.Status.Over || st.Seq < 3 {
		t.Fatalf("game over: %v after only %d moves", st.Status.Over, st.Seq)
	}
	waitVerdicts(t, guests)
	for _, g := range guests {
		st := g.Snapshot()
		if len(st.Deals) == 0 {
			t.Fatal("no deals seen")
		}
		for _, d := range st.Deals {
			if d.State != table.DealVerified {
				t.Errorf("%s: deal %d is %s (%s)", g.name, d.Epoch, d.State, d.Problem)
			}
		}
	}

	// Play again at the same table: the same data channels and seats, no rejoining; the
	// second game is verified too.
	seats := map[*Session]table.GuestState{}
	for _, s := range all {
		seats[s] = s.Snapshot().GuestState
	}
	if err := guests[0].Rematch(); err == nil {
		t.Fatal("a guest started a rematch")
	}
	if err := host.Rematch(); err != nil {
		t.Fatal(err)
	}
	for _, s := range all {
		if !waitFor(s.guest, time.Minute, func(g table.GuestState) bool { return g.Match == 1 && g.Connected && !g.Started }) {
			t.Fatalf("%s never saw the new game's lobby", s.name)
		}
		if st, was := s.Snapshot(), seats[s]; st.Seat != was.Seat || st.Token != was.Token || st.Problem != "" {
			t.Fatalf("%s: seat %d token %q problem %q; was seat %d token %q", s.name, st.Seat, st.Token, st.Problem, was.Seat, was.Token)
		}
	}
	if inv := host.Snapshot().Invite; inv != link {
		t.Fatalf("invite changed to %q", inv)
	}
	if err := host.Start(); err != nil {
		t.Fatal(err)
	}
	playAll(t, all, 2*time.Minute)
	waitVerdicts(t, guests)
	for _, g := range guests {
		st := g.Snapshot()
		if st.Match != 1 || len(st.Deals) == 0 || len(st.PrevDeals) == 0 {
			t.Fatalf("%s: match %d, %d deals, %d earlier", g.name, st.Match, len(st.Deals), len(st.PrevDeals))
		}
		for _, d := range append(st.Deals, st.PrevDeals...) {
			if d.State != table.DealVerified {
				t.Errorf("%s: deal %d is %s (%s)", g.name, d.Epoch, d.State, d.Problem)
			}
		}
	}
}

// playAll plays the first legal move for whichever session may move until every one sees the
// game over.
func playAll(t *testing.T, ss []*Session, limit time.Duration) {
	t.Helper()
	deadline := time.Now().Add(limit)
	last := map[*Session]int{}
	for time.Now().Before(deadline) {
		over := 0
		for _, s := range ss {
			st := s.Snapshot()
			if st.Status.Over {
				over++
				continue
			}
			if st.HasView && !st.Waiting && len(st.Legal) > 0 && last[s] != st.Seq+1 {
				if s.Move(st.Legal[0]) == nil {
					last[s] = st.Seq + 1
				}
			}
		}
		if over == len(ss) {
			return
		}
		time.Sleep(2 * time.Millisecond)
	}
	t.Fatalf("game not over in %v", limit)
}

func TestJoinProblems(t *testing.T) {
	n := testNet(t)
	inv, _ := signal.NewInvite()
	cases := []struct {
		name, link, want string
	}{
		{"broken link", "http://x/#/join/nonsense", ProblemBadLink},
		{"empty link", "", ProblemBadLink},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			_, err := Join(&MemStore{}, JoinConfig{Name: "Dan", Link: c.link, Net: n})
			var je *JoinError
			if !errors.As(err, &je) || je.Problem != c.want {
				t.Fatalf("err = %v, want problem %s", err, c.want)
			}
		})
	}
	// A room nobody hosts: the guest gives up with a clear problem rather than hanging.
	_, err := Join(&MemStore{}, JoinConfig{Name: "Dan", Link: inv.Guest().Link(n.Origin), Net: n, Timeout: 2 * time.Second})
	var je *JoinError
	if !errors.As(err, &je) || je.Problem != ProblemUnreachable {
		t.Fatalf("no host: err = %v", err)
	}
}

// waitVerdicts waits until no deal of any session is pending: the last deal's reveal comes
// just after the view that ends the game.
func waitVerdicts(t *testing.T, ss []*Session) {
	t.Helper()
	deadline := time.Now().Add(30 * time.Second)
	for _, s := range ss {
		for {
			pending := false
			for _, d := range s.Snapshot().Deals {
				pending = pending || d.State == table.DealPending
			}
			if !pending || time.Now().After(deadline) {
				break
			}
			time.Sleep(5 * time.Millisecond)
		}
	}
}
