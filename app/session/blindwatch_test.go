//go:build !wasm

package session

import (
	"reflect"
	"sync"
	"testing"
	"time"

	"miskatonic/engine/arkham"
	"miskatonic/engine/blindtable"
	"miskatonic/engine/replay/blindreplay"
	"miskatonic/engine/table"
	"miskatonic/engine/wire"
)

// TestBlindWatcherOverWebRTC: over real (pion) data channels, Dan opens the invite of a
// host-blind table after its game began; the preview says a game is on, dealt host-blind. He
// is held at the door and watches: his page folds
// the public log live (no legal moves, no seat) and at every moment it shows no card that
// not every player's page shows too, the card's own player's included (a public card); it ends on the players' result and offers the same
// verified record. The host agrees to seat him during the game, and he is told so at once; at
// Play again he is seated and the next blind game is dealt to four people.
func TestBlindWatcherOverWebRTC(t *testing.T) {
	n := testNet(t)
	host, guests, _ := startBlindTable(t, n, &MemStore{})
	players := append([]*Session{host}, guests...)
	// His invite page is told, before the name box, that a game is on and dealt host-blind.
	pk, err := PeekTable(host.Snapshot().Invite, n)
	if err != nil {
		t.Fatal(err)
	}
	if pv := pk.Preview; !pv.Started || !pv.Blind || pv.Seated != 3 {
		t.Fatalf("the invite's preview of a host-blind game on: %+v", pv)
	}
	dan, err := Join(&MemStore{}, JoinConfig{Name: "Dan", Link: host.Snapshot().Invite, Net: n})
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(dan.Forget)
	if !waitSnap(dan, 20*time.Second, func(st Snapshot) bool { return st.HasView && dan.PlaysBlind() }) {
		t.Fatalf("the watcher never saw the blind game: %+v", dan.Snapshot().GuestState)
	}
	if st := dan.Snapshot(); st.Seat >= 0 || st.Seating != wire.SeatWaiting || len(st.Legal) > 0 || st.Fault != nil {
		t.Fatalf("watcher: seat %d seating %q legal %v fault %+v", st.Seat, st.Seating, st.Legal, st.Fault)
	}
	var ws []table.Watcher
	waitSnap(host, 10*time.Second, func(st Snapshot) bool { ws = st.Watchers; return len(ws) == 1 })
	if len(ws) != 1 || ws[0].Name != "Dan" {
		t.Fatalf("host's watchers: %+v", ws)
	}
	if err := host.Admit(ws[0].Key); err != nil {
		t.Fatalf("the host could not agree to seat the watcher next: %v", err)
	}
	if w := host.Snapshot().Watchers; len(w) != 1 || !w[0].Next {
		t.Fatalf("the host's list does not say Dan plays next: %+v", w)
	}
	// Dan is told too, during the game (his banner: "Ann will seat you when the next game is
	// set up"), not only at Play again.
	if !waitSnap(dan, 10*time.Second, func(st Snapshot) bool { return st.Seating == wire.SeatNext && st.Seat < 0 && dan.blind.watching() }) {
		t.Fatalf("the watcher was not told he plays the next game: seating %q", dan.Snapshot().Seating)
	}

	// While the game is played, sample the watcher's table: it moves on with the game, and
	// every card it shows at a moment all pages share, every player's page shows too.
	stop := make(chan struct{})
	var (
		mu      sync.Mutex
		seen    = map[int]bool{}
		checked int
		leak    string
	)
	done := make(chan struct{})
	go func() {
		defer close(done)
		for {
			select {
			case <-stop:
				return
			case <-time.After(3 * time.Millisecond):
			}
			// One moment: the same entry of the log folded on every page.
			e := blindEntries(dan)
			ds := dan.Snapshot()
			dv, _ := ds.View.(*arkham.View)
			if dv == nil || blindEntries(dan) != e {
				continue
			}
			views := map[int]*arkham.View{} // by seat
			for _, p := range players {
				pe := blindEntries(p)
				ps := p.Snapshot()
				if v, ok := ps.View.(*arkham.View); ok && pe == e && blindEntries(p) == e {
					views[int(ps.Seat)] = v
				}
			}
			mu.Lock()
			seen[ds.Seq] = true
			if len(views) == len(players) {
				checked++
				// Its own player too: a card all see is public, and a watcher sees the public table only.
				for i, pos := range dv.Positions {
					for _, v := range views {
						if pos.Card.Valid() && i < len(v.Positions) && v.Positions[i].Card != pos.Card {
							leak = "the watcher shows " + pos.Card.Key() + " where a player's page does not"
						}
					}
				}
			}
			mu.Unlock()
		}
	}()
	playAll(t, players, 3*time.Minute)
	close(stop)
	<-done
	if leak != "" {
		t.Fatal(leak)
	}
	if r := dan.Snapshot().Reject; r != nil {
		t.Fatalf("the watcher's page shows a refusal of something it sent: %+v", r)
	}
	want := host.Snapshot().Status
	if !waitSnap(dan, 10*time.Second, func(st Snapshot) bool { return reflect.DeepEqual(st.Status, want) }) {
		t.Fatalf("the watcher ended %+v, the host %+v", dan.Snapshot().Status, want)
	}
	if len(seen) < 5 || checked == 0 {
		t.Fatalf("the watcher's table did not follow the game live: %d moments, %d checked", len(seen), checked)
	}
	t.Logf("the watcher showed %d moments of the game; %d checked against every player's page", len(seen), checked)
	hostRes, err := blindreplay.Verify(host.BlindRecord())
	if err != nil {
		t.Fatal(err)
	}
	if res, err := blindreplay.Verify(dan.BlindRecord()); err != nil || !reflect.DeepEqual(res, hostRes) {
		t.Fatalf("the watcher's record: %+v, %v; the host's %+v", res, err, hostRes)
	}

	// Play again: Dan is seated in the new lobby, and the next blind game deals to four people.
	if err := host.Rematch(); err != nil {
		t.Fatal(err)
	}
	if !waitSnap(dan, 15*time.Second, func(st Snapshot) bool { return st.Seat == 3 && !st.Started }) {
		t.Fatalf("Dan was not seated at Play again: %+v", dan.Snapshot().GuestState)
	}
	if dan.blind.watching() {
		t.Fatal("Dan's page still watches the closed game")
	}
	startTable(t, host)
	if host.blind.cfg == nil || len(host.blind.cfg.Identities) != 4 {
		t.Fatalf("the next blind game is not dealt to four people: %+v", host.blind.cfg)
	}
	playAll(t, append(players, dan), 3*time.Minute)
}

// blindEntries is how many entries of the blind log s's page (or watcher) has folded.
func blindEntries(s *Session) int {
	b := s.blind
	b.mu.Lock()
	cl, w := b.client, b.watch
	b.mu.Unlock()
	n := -1
	switch {
	case cl != nil:
		cl.Do(func(p *blindtable.Page) { n = p.State().Seq() })
	case w != nil:
		w.Do(func(st *blindtable.State) { n = st.Seq() })
	}
	return n
}
