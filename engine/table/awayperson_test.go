package table

import (
	"fmt"
	"slices"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	"miskatonic/engine"
	"miskatonic/engine/fair/toy"
	"miskatonic/engine/shadows"
	"miskatonic/engine/wire"
)

// fakeClock is a Clock the test moves by hand: timers fire (each in its own goroutine, as
// time.AfterFunc's do) when Advance passes them.
type fakeClock struct {
	mu     sync.Mutex
	now    time.Time
	timers []*fakeTimer
}

type fakeTimer struct {
	c    *fakeClock
	at   time.Time
	f    func()
	done bool
}

func newFakeClock() *fakeClock { return &fakeClock{now: time.Date(2026, 1, 1, 0, 0, 0, 0, time.UTC)} }

func (c *fakeClock) Now() time.Time {
	c.mu.Lock()
	defer c.mu.Unlock()
	return c.now
}

func (c *fakeClock) AfterFunc(d time.Duration, f func()) Timer {
	c.mu.Lock()
	defer c.mu.Unlock()
	t := &fakeTimer{c: c, at: c.now.Add(d), f: f}
	c.timers = append(c.timers, t)
	return t
}

func (t *fakeTimer) Stop() bool {
	t.c.mu.Lock()
	defer t.c.mu.Unlock()
	was := !t.done
	t.done = true
	return was
}

// Advance moves the time on by d and fires the timers it passes.
func (c *fakeClock) Advance(d time.Duration) {
	c.mu.Lock()
	c.now = c.now.Add(d)
	var due []func()
	keep := c.timers[:0]
	for _, t := range c.timers {
		switch {
		case t.done:
		case !t.at.After(c.now):
			t.done = true
			due = append(due, t.f)
		default:
			keep = append(keep, t)
		}
	}
	c.timers = keep
	c.mu.Unlock()
	for _, f := range due {
		go f()
	}
}

// step advances the fake clock by d in half-second steps, giving the guests (real time, short
// ticks) a moment between steps to send their keep-alives, as they would every few seconds.
func (c *fakeClock) step(d time.Duration) {
	for d > 0 {
		s := min(d, 500*time.Millisecond)
		c.Advance(s)
		d -= s
		time.Sleep(15 * time.Millisecond)
	}
}

// clockTable is awayTable on a fake clock, with the default turn deadline (30 s) and the app's
// silence (6 s), seats guests' links (wrapped by wrap) of the given people, and nobody playing
// yet. A person named again holds one more seat, as the app's extra characters do: a key of its
// own, vouched for by the person's first (fair.SignPerson).
func clockTable(t *testing.T, rules engine.Rules, opts map[string]string, people []int, wrap func(i int, c *tamper)) (*testTable, *fakeClock) {
	t.Helper()
	tt, clk := clockLobby(t, rules, opts, people, wrap)
	tt.waitFor("start", func() bool { return tt.host.Start() == nil })
	return tt, clk
}

// clockLobby is clockTable before Start: everyone seated and ready in the lobby.
func clockLobby(t *testing.T, rules engine.Rules, opts map[string]string, people []int, wrap func(i int, c *tamper)) (*testTable, *fakeClock) {
	t.Helper()
	clk := newFakeClock()
	tt := &testTable{t: t, rand: newRand(41), stop: make(chan struct{})}
	h, err := NewHost(rules, HostConfig{Rand: newRand(42), Options: opts, RatePerSecond: 5000, Burst: 5000, Clock: clk, SilentAfter: 6 * time.Second,
		Bots: func(string) BotFunc { return randomBot(43) }, Logf: debugLogf})
	if err != nil {
		t.Fatal(err)
	}
	tt.host = h
	for i, who := range people {
		cfg := GuestConfig{Name: fmt.Sprint("p", who), Identity: identity(who), Rand: newRand(uint64(50 + i)), Rules: lookup, Tick: 5 * time.Millisecond}
		if slices.Contains(people[:i], who) {
			cfg.Name, cfg.Identity = fmt.Sprint("p", who, "-", i), identity(1000+i)
			cfg.Person, cfg.PersonSig = identity(who).Public(), identity(who).SignPerson(cfg.Identity.Public())
		}
		a, b := Pipe()
		tc := &tamper{Conn: b, seat: engine.Seat(i)}
		if wrap != nil {
			wrap(i, tc)
		}
		h.AddGuest(a)
		g, _ := NewGuest(tc, cfg)
		tt.guests = append(tt.guests, g)
		tt.waitFor("seated", func() bool { return g.State().Connected })
		g.SetReady(true)
	}
	return tt, clk
}

// waitGone waits until the host has noted n players as gone.
func (tt *testTable) waitGone(what string, n int) {
	tt.t.Helper()
	tt.waitFor(what, func() bool {
		k := 0
		tt.host.do(func() { k = len(tt.host.gone) })
		return k == n
	})
}

// TestAwayDeadlineRunsFromDeparture: the deadline is the person's, from when their link went
// (HostConfig.TurnTimeout, 30 s by default), and what happens at the table meanwhile (10 s of
// the others playing) does not start it again: the host's choice comes exactly 30 s after they
// left. Every guest is told the time left. "Wait longer" gives a full 30 s from the choice.
func TestAwayDeadlineRunsFromDeparture(t *testing.T) {
	defer checkNoLeak(t)()
	tt, clk := clockTable(t, toy.Rules{}, nil, []int{0, 1, 2}, nil)
	defer tt.close()
	left := clk.Now()
	gone := tt.guests[2]
	tt.guests = tt.guests[:2]
	gone.Close()
	tt.waitFor("the host to see seat 2 leave", func() bool {
		var ok bool
		tt.host.do(func() { _, ok = tt.host.gone[2] })
		return ok
	})
	clk.step(10 * time.Second)
	tt.play()
	tt.waitFor("the deadline for seat 2", func() bool { a := tt.host.Away(); return len(a.Seats) == 1 && a.Seats[0] == 2 })
	a := tt.host.Away()
	if want := left.Add(30 * time.Second); !a.Until.Equal(want) || a.Expired {
		t.Fatalf("deadline %v (expired %v), want %v: 30 s from when the player left", a.Until.Sub(left), a.Expired, want.Sub(left))
	}
	for i, g := range tt.guests {
		tt.waitFor(fmt.Sprintf("guest %d told the time left", i), func() bool {
			w := g.State().Away
			return w != nil && !w.Expired && w.Millis > 0 && w.Millis <= 30000
		})
	}
	clk.step(19 * time.Second)
	if tt.host.Away().Expired {
		t.Fatal("the deadline ran out before 30 s")
	}
	clk.step(time.Second)
	tt.waitFor("the deadline to run out at 30 s", func() bool { return tt.host.Away().Expired })
	chose := clk.Now()
	if err := tt.host.Wait(); err != nil {
		t.Fatal(err)
	}
	if a := tt.host.Away(); a.Expired || !a.Until.Equal(chose.Add(30*time.Second)) {
		t.Fatalf("after waiting longer: %+v, want 30 s from the choice", a)
	}
}

// TestAwayOneDeadlinePerPerson: Ring of Shadows, one person holding two characters (two seats,
// two links, the second's key vouched for by the first's) loses both links, 5 s apart (a phone
// whose second link lingered). The table runs one deadline for the person: when it runs out, one
// choice seats a stand-in in both seats, and the game goes on to its end with no second countdown
// when the other character's turn comes. Before, each seat had its own, each counted from its
// turn: 76 s twice over.
func TestAwayOneDeadlinePerPerson(t *testing.T) {
	defer checkNoLeak(t)()
	opts := randomOptions(shadows.Rules{}, 3, newRand(7))
	tt, clk := clockTable(t, shadows.Rules{}, opts, []int{0, 1, 1}, nil)
	defer tt.close()
	person := tt.guests[1:]
	tt.guests = tt.guests[:1]
	person[0].Close()
	tt.waitGone("the host to see the first link go", 1)
	clk.step(5 * time.Second) // more than the 2 s that once was taken as "together"
	person[1].Close()
	tt.waitGone("the host to see both leave", 2)
	tt.play()
	tt.waitFor("a deadline", func() bool { return len(tt.host.Away().Seats) > 0 })
	first := tt.host.Away()
	clk.step(30 * time.Second)
	tt.waitFor("the deadline to run out", func() bool { return tt.host.Away().Expired })
	tt.host.do(func() {
		if m := tt.host.awayMsg(); len(m.Persons()) != 1 {
			t.Errorf("away %+v: %d people, want one", m, len(m.Persons()))
		}
	})
	if err := tt.host.StandIn(first.Seats[0], "random", randomBot(9)); err != nil {
		t.Fatal(err)
	}
	tt.host.do(func() {
		for _, s := range []engine.Seat{1, 2} {
			if !tt.host.seats[s].StandIn {
				t.Errorf("seat %d of the person who left has no stand-in after the one choice", s)
			}
		}
	})
	// From here the game never waits for an absent seat again.
	stop := make(chan struct{})
	var again atomic.Bool
	go func() {
		for {
			select {
			case <-stop:
				return
			case <-time.After(2 * time.Millisecond):
				if len(tt.host.Away().Seats) > 0 {
					again.Store(true)
				}
			}
		}
	}()
	tt.finish()
	close(stop)
	if again.Load() {
		t.Fatal("a second deadline ran for the same person's other character")
	}
	if st := tt.guests[0].State(); st.Away != nil && len(st.Away.Seats) > 0 {
		t.Fatalf("the guest still shown an away notice: %+v", st.Away)
	}
}

// TestAwayTwoPeopleTwoChoices: two different people whose tabs die at the same moment (within the
// 2 s once taken as one person's) are two people: every guest is told two (wire.Away.People), and
// when the deadline runs out the host's stand-in for one seats no bot in the other's place — that
// is a second choice, which the host may make differently (here: the second is stood in for too,
// and the game goes on to its end).
func TestAwayTwoPeopleTwoChoices(t *testing.T) {
	defer checkNoLeak(t)()
	tt, clk := clockTable(t, toy.Rules{}, nil, []int{0, 1, 2, 3}, nil)
	defer tt.close()
	gone := tt.guests[2:]
	tt.guests = tt.guests[:2]
	for _, g := range gone {
		g.Close()
	}
	tt.waitGone("the host to see both leave", 2)
	tt.play()
	tt.waitFor("a deadline", func() bool { return len(tt.host.Away().Seats) > 0 })
	clk.step(30 * time.Second)
	tt.waitFor("the deadline to run out", func() bool { return tt.host.Away().Expired })
	a := tt.host.Away()
	first := a.Seats[0]
	other := engine.Seat(5 - first) // the other of seats 2 and 3
	for i, g := range tt.guests {
		tt.waitFor(fmt.Sprintf("guest %d told of the people away", i), func() bool {
			w := g.State().Away
			return w != nil && w.Expired && slices.Equal(w.Seats, a.Seats) && len(w.Persons()) == len(w.Seats)
		})
	}
	if err := tt.host.StandIn(first, "random", randomBot(9)); err != nil {
		t.Fatal(err)
	}
	tt.host.do(func() {
		if !tt.host.seats[first].StandIn {
			t.Errorf("seat %d has no stand-in after the choice for it", first)
		}
		if tt.host.seats[other].StandIn {
			t.Errorf("seat %d, another person who left at the same moment, was stood in for by the choice for seat %d", other, first)
		}
	})
	// The game goes on until it waits for the other person, whose time ran out too: their own
	// choice, still to make.
	tt.waitFor("the host to choose for the other person", func() bool {
		a := tt.host.Away()
		return slices.Equal(a.Seats, []engine.Seat{other}) && a.Expired
	})
	if err := tt.host.StandIn(other, "random", randomBot(10)); err != nil {
		t.Fatal(err)
	}
	tt.finish()
}

// TestSilentLinkTakenAsGone: a guest's page freezes with its link still open (a tab killed
// without closing it): nothing more comes from it. The host drops the link after 6 s of
// silence (HostConfig.SilentAfter) and the person's deadline starts then, while the guests that
// only keep their links alive (no move to make for a long while) are never dropped.
func TestSilentLinkTakenAsGone(t *testing.T) {
	defer checkNoLeak(t)()
	var frozen atomic.Bool
	tt, clk := clockTable(t, toy.Rules{}, nil, []int{0, 1, 2}, func(i int, c *tamper) {
		if i == 2 {
			c.in = func(engine.Seat, wire.Message) bool { return frozen.Load() }
		}
	})
	defer tt.close()
	frozen.Store(true)
	froze := clk.Now()
	clk.step(5 * time.Second)
	tt.host.do(func() {
		if tt.host.seats[2].peer == nil {
			t.Fatal("a link silent for 5 s was dropped")
		}
	})
	clk.step(2 * time.Second)
	tt.waitFor("the silent link dropped", func() bool {
		var gone bool
		tt.host.do(func() { gone = tt.host.seats[2].peer == nil })
		return gone
	})
	var at time.Time
	tt.host.do(func() {
		at = tt.host.gone[2]
		for s := 0; s < 2; s++ {
			if tt.host.seats[s].peer == nil {
				t.Errorf("seat %d, alive, was dropped", s)
			}
		}
	})
	if d := at.Sub(froze); d < 6*time.Second || d > 7*time.Second {
		t.Fatalf("the silent player noticed %v after freezing, want 6–7 s (SilentAfter, looked at every second)", d)
	}
	tt.guests[2].Close()
	tt.guests = tt.guests[:2]
	tt.play()
	tt.waitFor("the deadline for seat 2", func() bool { a := tt.host.Away(); return len(a.Seats) == 1 && a.Seats[0] == 2 })
	if a := tt.host.Away(); !a.Until.Equal(at.Add(30 * time.Second)) {
		t.Fatalf("deadline %v after freezing, want 30 s after the drop", a.Until.Sub(froze))
	}
}

// TestSilenceNotJudgedWhileTheHostSlept: the host's own page sleeps (a hidden solo tab runs its
// timers once a minute; a frozen one not at all): when it wakes a minute later, its guests' last
// messages are a minute old, yet nobody is dropped — the host judges silence only over time it
// was awake to hear. A guest that then stays silent is dropped 6 s later, as usual.
func TestSilenceNotJudgedWhileTheHostSlept(t *testing.T) {
	defer checkNoLeak(t)()
	var frozen atomic.Bool
	tt, clk := clockTable(t, toy.Rules{}, nil, []int{0, 1, 2}, func(i int, c *tamper) {
		if i == 2 {
			c.in = func(engine.Seat, wire.Message) bool { return frozen.Load() }
		}
	})
	defer tt.close()
	frozen.Store(true)
	clk.Advance(time.Minute) // one late look, as a throttled tab's
	time.Sleep(50 * time.Millisecond)
	clk.step(time.Second)
	tt.host.do(func() {
		for s := 0; s < 3; s++ {
			if tt.host.seats[s].peer == nil {
				t.Errorf("seat %d dropped for a silence the host slept through", s)
			}
		}
	})
	clk.step(7 * time.Second)
	tt.waitFor("the silent link dropped once the host was awake to hear it", func() bool {
		var gone bool
		tt.host.do(func() { gone = tt.host.seats[2].peer == nil })
		return gone
	})
}
