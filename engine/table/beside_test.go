package table

import (
	"fmt"
	"slices"
	"testing"
	"time"

	"miskatonic/engine"
	"miskatonic/engine/fair/toy"
	"miskatonic/engine/wire"
)

// rejoinAs connects a guest with person who's identity key (a reload, or a newcomer).
func rejoinAs(tt *testTable, who int, name string) *Guest {
	tt.t.Helper()
	a, b := Pipe()
	if err := tt.host.AddGuest(a); err != nil {
		tt.t.Fatal(err)
	}
	g, err := NewGuest(b, GuestConfig{Name: name, Identity: identity(who), Rand: newRand(uint64(70 + who)), Rules: lookup, Tick: 5 * time.Millisecond})
	if err != nil {
		tt.t.Fatal(err)
	}
	return g
}

// TestBesideDoorAndNext: while a host-blind game is played beside the lobby, a link's preview
// says a game is on and that it is dealt host-blind; the newcomer waits as a watcher (the table
// does not seat it, nor start a game of its own); when the host agrees to seat it next, the
// watcher is told so at once (before, only the host's list said it); a reloaded host still holds
// newcomers at the door; and when the game is closed the watcher is seated.
func TestBesideDoorAndNext(t *testing.T) {
	defer checkNoLeak(t)()
	tt, _ := clockLobby(t, toy.Rules{}, nil, []int{0, 1}, nil)
	defer tt.close()
	if err := tt.host.Beside([]engine.Seat{0, 1}); err != nil {
		t.Fatal(err)
	}
	if err := tt.host.Start(); err == nil {
		t.Fatal("the table started a game of its own beside the host-blind one")
	}
	a, b := Pipe()
	if err := tt.host.AddGuest(a); err != nil {
		t.Fatal(err)
	}
	_, pv, rest, err := Peek(b, 10*time.Second)
	if err != nil {
		t.Fatal(err)
	}
	if !pv.Started || !pv.Blind || pv.Ask || pv.Seated != 2 {
		t.Fatalf("preview %+v: want a game on, dealt host-blind, two seated", pv)
	}
	dan, err := NewGuest(rest, GuestConfig{Name: "Dan", Identity: identity(7), Rand: newRand(77), Rules: lookup, Tick: 5 * time.Millisecond})
	if err != nil {
		t.Fatal(err)
	}
	defer dan.Close()
	tt.waitFor("Dan held at the door", func() bool {
		st := dan.State()
		return st.Connected && st.Seat == engine.Observer && st.Seating == wire.SeatWaiting
	})
	if n := len(tt.host.State().Seats); n != 2 {
		t.Fatalf("the table seated the newcomer: %d seats", n)
	}
	ws := tt.host.State().Watchers
	if len(ws) != 1 {
		t.Fatalf("watchers %+v", ws)
	}
	if err := tt.host.Admit(ws[0].Key); err != nil {
		t.Fatal(err)
	}
	tt.waitFor("Dan told he plays the next game", func() bool { return dan.State().Seating == wire.SeatNext })
	if st := tt.host.State(); len(st.Seats) != 2 || len(st.Watchers) != 1 || !st.Watchers[0].Next {
		t.Fatalf("after agreeing: %d seats, watchers %+v", len(st.Seats), st.Watchers)
	}

	// A host that reloads holds newcomers at the door before the app resumes its game.
	snap, err := tt.host.Snapshot()
	if err != nil {
		t.Fatal(err)
	}
	h2, err := Resume(toy.Rules{}, snap, HostConfig{Rand: newRand(5)})
	if err != nil {
		t.Fatal(err)
	}
	h2.do(func() {
		if pv := h2.preview(); !pv.Blind || !pv.Started || !h2.askFirst(identity(8).Public()) || !h2.admitted[string(ws[0].Key)] {
			t.Errorf("resumed: preview %+v, newcomers wait %v, Dan still agreed %v", pv, h2.askFirst(identity(8).Public()), h2.admitted[string(ws[0].Key)])
		}
	})
	h2.Close()

	tt.host.EndBeside()
	tt.waitFor("Dan seated once the game is closed", func() bool {
		st := dan.State()
		return st.Seat == 2 && len(st.Lobby.Seats) == 3
	})
	tt.host.do(func() {
		if pv := tt.host.preview(); pv.Started || pv.Blind {
			t.Errorf("preview after the game: %+v", pv)
		}
	})
	if err := tt.host.Beside(nil); err != nil {
		t.Fatal(err)
	}
	tt.host.EndBeside()
}

// TestBesidePreviewNeverBlindOff: a preview that says a host-blind game while no game is on is
// refused (a host cannot make an invite page say one with nothing to watch).
func TestBesidePreviewNeverBlindOff(t *testing.T) {
	f := []byte(fmt.Sprintf(`{"v":%d,"type":"preview","seq":2,"body":{"seated":1,"min":2,"max":7,"blind":true}}`, wire.Version))
	if _, _, err := wire.Decode(f); err == nil {
		t.Fatal("a blind preview with no game on was accepted")
	}
	f = []byte(fmt.Sprintf(`{"v":%d,"type":"preview","seq":2,"body":{"seated":1,"min":2,"max":7,"started":true,"blind":true}}`, wire.Version))
	if _, m, err := wire.Decode(f); err != nil || !m.(*wire.Preview).Blind {
		t.Fatalf("a blind preview of a game on: %+v, %v", m, err)
	}
}

// TestBesideAwayPerPerson: at a host-blind table each absent person's countdown runs from when
// that person's link went (the table's turn deadline, 30 s), and neither another person leaving
// nor one coming back starts it again: Cy leaves at 0 s, Dan at 10 s, comes back at 15 s and
// leaves again at 20 s, and Cy's time still runs out at 30 s; when Cy is stood in for, Dan's
// countdown is his own (to 50 s), not a fresh 30 s. Every page is told the time left by the
// host, and a stranger whose link comes and goes at the door moves no one's. Before, the app
// held one countdown for everyone, started again whenever the set of absent people changed.
func TestBesideAwayPerPerson(t *testing.T) {
	defer checkNoLeak(t)()
	tt, clk := clockLobby(t, toy.Rules{}, nil, []int{0, 1, 2, 3}, nil)
	defer tt.close()
	if err := tt.host.Beside([]engine.Seat{0, 1, 2, 3}); err != nil {
		t.Fatal(err)
	}
	t0 := clk.Now()
	cy, dan := tt.guests[2], tt.guests[3]
	tt.guests = tt.guests[:2]
	defer func() { dan.Close() }()
	want := func(what string, seats []engine.Seat, until time.Duration, expired bool) {
		t.Helper()
		tt.waitFor(what, func() bool {
			a := tt.host.Away()
			if len(seats) == 0 {
				return len(a.Seats) == 0
			}
			return slices.Equal(a.Seats, seats) && a.Expired == expired && (expired || a.Until.Equal(t0.Add(until)))
		})
	}
	told := func(what string, seats []engine.Seat, left time.Duration) {
		t.Helper()
		for i, g := range tt.guests {
			tt.waitFor(fmt.Sprintf("%s: guest %d told", what, i), func() bool {
				w := g.State().Away
				return w != nil && slices.Equal(w.Seats, seats) && !w.Expired && w.Millis == int(left/time.Millisecond)
			})
		}
	}

	cy.Close()
	want("Cy's countdown", []engine.Seat{2}, 30*time.Second, false)
	told("Cy's countdown", []engine.Seat{2}, 30*time.Second)
	clk.step(10 * time.Second)
	dan.Close()
	want("Dan gone too: Cy's time is unchanged", []engine.Seat{2, 3}, 30*time.Second, false)
	told("Dan gone too", []engine.Seat{2, 3}, 20*time.Second)
	clk.step(5 * time.Second)
	dan = rejoinAs(tt, 3, "p3")
	tt.waitFor("Dan back", func() bool { return dan.State().Seat == 3 })
	want("Dan back: Cy's time is unchanged", []engine.Seat{2}, 30*time.Second, false)
	told("Dan back", []engine.Seat{2}, 15*time.Second)
	clk.step(5 * time.Second)
	dan.Close()
	want("Dan gone again: Cy's time is unchanged", []engine.Seat{2, 3}, 30*time.Second, false)
	// A stranger with the invite comes and goes, again and again: held at the door, it moves
	// nobody's countdown (nor could a guest's own frames: only the host's page runs it).
	for i := range 3 {
		m := rejoinAs(tt, 40+i, "Mallory")
		tt.waitFor("Mallory at the door", func() bool { return m.State().Connected })
		m.Close()
	}
	want("after Mallory: Cy's time is unchanged", []engine.Seat{2, 3}, 30*time.Second, false)
	clk.step(9500 * time.Millisecond)
	if tt.host.Away().Expired {
		t.Fatal("Cy's time ran out before 30 s")
	}
	clk.step(500 * time.Millisecond)
	want("Cy's time runs out at 30 s", []engine.Seat{2, 3}, 0, true)

	// The app's stand-in for Cy: the game no longer waits for seat 2. Dan's countdown is his.
	if err := tt.host.Beside([]engine.Seat{0, 1, 3}); err != nil {
		t.Fatal(err)
	}
	want("Dan's own countdown after Cy's stand-in", []engine.Seat{3}, 50*time.Second, false)
	told("Dan's own countdown", []engine.Seat{3}, 20*time.Second)
	clk.step(20 * time.Second)
	want("Dan's time runs out at 50 s", []engine.Seat{3}, 0, true)

	// The game closed: no countdown, and every page is told.
	tt.host.EndBeside()
	want("no countdown after the game", nil, 0, false)
	for i, g := range tt.guests {
		tt.waitFor(fmt.Sprintf("guest %d told nobody is away", i), func() bool { w := g.State().Away; return w != nil && len(w.Seats) == 0 })
	}
}
