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

// TestBesideAwayPerPerson: at a host-blind table each absent person's countdown runs from when
// that person's link went (the table's turn deadline, 30 s), and neither another person leaving
// nor one coming back starts it again: Cy leaves at 0 s, Dan at 10 s, comes back at 15 s and
// leaves again at 20 s, and Cy's time still runs out at 30 s, Dan's at 50 s on its own. Every
// page is told each person's own time left (wire.Away.Left) by the host, and told again when
// each runs out; a stranger whose link comes and goes at the door moves no one's. Before, the app
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
	// told: every page is told the seats and each one's own time left (0: run out).
	told := func(what string, seats []engine.Seat, left ...time.Duration) {
		t.Helper()
		var ms []int
		for _, l := range left {
			ms = append(ms, int(l/time.Millisecond))
		}
		for i, g := range tt.guests {
			tt.waitFor(fmt.Sprintf("%s: guest %d told", what, i), func() bool {
				w := g.State().Away
				return w != nil && slices.Equal(w.Seats, seats) && slices.Equal(w.Left, ms) && w.Millis == slices.Min(ms) && w.Expired == (slices.Min(ms) == 0)
			})
		}
	}

	const s = time.Second
	steps := []struct {
		name  string
		act   func()
		seats []engine.Seat
		left  []time.Duration // each one's own time left; Cy's deadline stays at 30 s throughout
	}{
		{"Cy leaves at 0 s", func() { cy.Close() }, []engine.Seat{2}, []time.Duration{30 * s}},
		{"Dan leaves at 10 s", func() { clk.step(10 * s); dan.Close() }, []engine.Seat{2, 3}, []time.Duration{20 * s, 30 * s}},
		{"Dan back at 15 s", func() {
			clk.step(5 * s)
			dan = rejoinAs(tt, 3, "p3")
			tt.waitFor("Dan back", func() bool { return dan.State().Seat == 3 })
		}, []engine.Seat{2}, []time.Duration{15 * s}},
		{"Dan gone again at 20 s", func() { clk.step(5 * s); dan.Close() }, []engine.Seat{2, 3}, []time.Duration{10 * s, 30 * s}},
		// A stranger with the invite comes and goes, again and again: held at the door, it
		// moves nobody's countdown (nor could a guest's own frames: only the host's page runs it).
		{"a stranger at the door", func() {
			for i := range 3 {
				m := rejoinAs(tt, 40+i, "Mallory")
				tt.waitFor("Mallory at the door", func() bool { return m.State().Connected })
				m.Close()
			}
		}, []engine.Seat{2, 3}, []time.Duration{10 * s, 30 * s}},
	}
	for _, st := range steps {
		st.act()
		want(st.name+": Cy's time is unchanged", st.seats, 30*s, false)
		told(st.name, st.seats, st.left...)
	}
	clk.step(9500 * time.Millisecond)
	if tt.host.Away().Expired {
		t.Fatal("Cy's time ran out before 30 s")
	}
	clk.step(500 * time.Millisecond)
	want("Cy's time runs out at 30 s", []engine.Seat{2, 3}, 0, true)
	told("Cy's time runs out, Dan's runs on", []engine.Seat{2, 3}, 0, 20*time.Second)
	clk.step(19500 * time.Millisecond)
	told("Dan's runs on", []engine.Seat{2, 3}, 0, 20*time.Second) // nothing new to tell
	clk.step(500 * time.Millisecond)
	told("Dan's time runs out at 50 s, on its own", []engine.Seat{2, 3}, 0, 0)

	// The app's stand-in for Cy: the game no longer waits for seat 2; Dan's time is still out.
	if err := tt.host.Beside([]engine.Seat{0, 1, 3}); err != nil {
		t.Fatal(err)
	}
	want("Dan alone, his time out", []engine.Seat{3}, 0, true)
	told("Dan alone", []engine.Seat{3}, 0)
	// The host waits longer: a full countdown again, from the choice.
	if err := tt.host.Wait(); err != nil {
		t.Fatal(err)
	}
	want("after waiting longer", []engine.Seat{3}, 80*time.Second, false)
	told("after waiting longer", []engine.Seat{3}, 30*time.Second)

	// The game closed: no countdown, and every page is told.
	tt.host.EndBeside()
	want("no countdown after the game", nil, 0, false)
	for i, g := range tt.guests {
		tt.waitFor(fmt.Sprintf("guest %d told nobody is away", i), func() bool { w := g.State().Away; return w != nil && len(w.Seats) == 0 })
	}
}
