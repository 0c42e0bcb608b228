//go:build !wasm

package session

import (
	"errors"
	"strings"
	"testing"
	"time"

	"miskatonic/app/rtc"
	"miskatonic/app/signal"
	"miskatonic/engine/blindtable"
	"miskatonic/engine/table"
	"miskatonic/engine/wire"
)

// TestLateArrivalWatchesThenPlays: over the real relay and pion, someone who opens the invite
// while a game is on is told so before giving a name (whose table, how many seated, the seat
// range), joins on the same link as a watcher with the public view, shows up on the host's list,
// and is seated at Play again once the host agrees.
func TestLateArrivalWatchesThenPlays(t *testing.T) {
	n := testNet(t)
	// Open dealing, chosen: engine/table's watchers (a host-blind game's: TestBlindWatcherOverWebRTC).
	host, err := StartHost(&MemStore{}, HostConfig{Name: "Ann", Game: "arkham", Net: n, Dealing: blindtable.DealingOpen})
	if err != nil {
		t.Fatal(err)
	}
	defer host.Forget()
	link := host.Snapshot().Invite
	players := []*Session{host}
	for _, name := range []string{"Bea", "Cy"} {
		g, err := Join(&MemStore{}, JoinConfig{Name: name, Link: link, Net: n})
		if err != nil {
			t.Fatalf("%s: %v", name, err)
		}
		defer g.Forget()
		players = append(players, g)
	}
	start := func() {
		t.Helper()
		var err error
		for i := 0; i < 300; i++ { // ready messages may still be on their way
			if err = host.Start(); err == nil {
				return
			}
			time.Sleep(20 * time.Millisecond)
		}
		t.Fatal(err)
	}
	start()

	pk, err := PeekTable(link, n)
	if err != nil {
		t.Fatal(err)
	}
	if pv := pk.Preview; pk.Game != "arkham" || pv.Host != "Ann" || pv.Seated != 3 || pv.Min != 3 || pv.Max != 7 || !pv.Started {
		t.Fatalf("peek: game %q preview %+v", pk.Game, pv)
	}
	t.Logf("FIGURE invite preview over the relay: %v", pk.Took)
	carl, err := Join(&MemStore{}, JoinConfig{Name: "Carl", Link: link, Net: n})
	if err != nil {
		t.Fatal(err)
	}
	defer carl.Forget()
	if !waitFor(carl.guest, time.Minute, func(g table.GuestState) bool { return g.HasView }) {
		t.Fatal("the watcher never saw the game")
	}
	if st := carl.Snapshot(); st.Seat >= 0 || st.Seating != wire.SeatWaiting || st.Preview == nil || !st.Preview.Started {
		t.Fatalf("watcher: seat %d seating %q preview %+v", st.Seat, st.Seating, st.Preview)
	}
	var ws []table.Watcher
	for end := time.Now().Add(time.Minute); len(ws) == 0 && time.Now().Before(end); {
		ws = host.Snapshot().Watchers
		time.Sleep(10 * time.Millisecond)
	}
	if len(ws) != 1 || ws[0].Name != "Carl" {
		t.Fatalf("host's watchers: %+v", ws)
	}
	if err := carl.Admit(ws[0].Key); err == nil {
		t.Fatal("a guest admitted someone")
	}
	if err := host.Admit(ws[0].Key); err != nil {
		t.Fatal(err)
	}
	if !waitFor(carl.guest, time.Minute, func(g table.GuestState) bool { return g.Seating == wire.SeatNext }) {
		t.Fatal("Carl was not told he plays next")
	}
	playAll(t, players, 2*time.Minute)
	if err := host.Rematch(); err != nil {
		t.Fatal(err)
	}
	if !waitFor(carl.guest, time.Minute, func(g table.GuestState) bool { return g.Seat == 3 && g.Match == 1 }) {
		t.Fatalf("Carl not seated at the rematch: %+v", carl.Snapshot().Seat)
	}
	start() // Carl's ready goes out on his next tick
	playAll(t, append(players, carl), 2*time.Minute)
}

// TestNobodyHosts: an invite whose host is not there fails within seconds (not the 30 s a
// join may take), with a problem the page offers a retry for.
func TestNobodyHosts(t *testing.T) {
	n := testNet(t)
	defer func(w time.Duration) { rtc.AnswerWait = w }(rtc.AnswerWait)
	rtc.AnswerWait = 500 * time.Millisecond
	inv, err := signal.NewInvite()
	if err != nil {
		t.Fatal(err)
	}
	link := inv.Guest().Link(n.Origin)
	start := time.Now()
	_, err = PeekTable(link, n)
	var je *JoinError
	if !errors.As(err, &je) || je.Problem != ProblemNoHost {
		t.Fatalf("peek of a room nobody hosts: %v", err)
	}
	t.Logf("FIGURE no host noticed after %v (AnswerWait %v)", time.Since(start), rtc.AnswerWait)
	if _, err := Join(&MemStore{}, JoinConfig{Name: "Carl", Link: link, Net: n}); !errors.As(err, &je) || je.Problem != ProblemNoHost {
		t.Fatalf("join of a room nobody hosts: %v", err)
	}
	if !strings.Contains(err.Error(), "nobody") {
		t.Fatalf("error %v", err)
	}
}
