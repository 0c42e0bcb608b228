package table

import (
	"fmt"
	"strings"
	"sync/atomic"
	"testing"
	"time"

	"miskatonic/engine"
	"miskatonic/engine/arkham"
	"miskatonic/engine/rituals"
	"miskatonic/engine/shadows"
	"miskatonic/engine/wire"
)

// TestStandInTwiceInOneDeal: a player's page closes while the game waits for them, a bot
// stands in once the deadline runs out, they reopen the link and take the seat back; and all
// of that happens a second time before the deal they left in is revealed. Every guest (the one
// that came back twice included) still verifies every deal, in each of the three games.
func TestStandInTwiceInOneDeal(t *testing.T) {
	for _, rules := range []engine.Rules{arkham.Rules{}, rituals.Rules{}, shadows.Rules{}} {
		for _, reopen := range []bool{true, false} {
			t.Run(fmt.Sprintf("%s/reopen=%v", rules.Name(), reopen), func(t *testing.T) {
				defer checkNoLeak(t)()
				standInTwice(t, rules, 41, reopen)
			})
		}
	}
}

// standInTwice plays the cycles on one table. With reopen the player's page closes and opens
// again (a new guest from its saved memory); without, only its link drops and comes back.
func standInTwice(t *testing.T, rules engine.Rules, seed uint64, reopen bool) {
	tt := &testTable{t: t, rand: newRand(seed), stop: make(chan struct{}), mem: []*memBox{{}, {}}}
	cfg := HostConfig{Rand: newRand(seed + 1), RatePerSecond: 5000, Burst: 5000, TurnTimeout: 30 * time.Millisecond,
		Options: randomOptions(rules, 3, newRand(seed)), Persist: tt.mem[0].save,
		Bots: func(string) BotFunc { return randomBot(seed + 2) }, Logf: debugLogf}
	h, err := NewHost(rules, cfg)
	if err != nil {
		t.Fatal(err)
	}
	tt.host = h
	// The third guest's page saves its memory (as local storage would) and reopens with it.
	var hostEnd Conn
	open := func(n int) *Guest {
		a, b := Pipe()
		h.AddGuest(a)
		hostEnd = a
		mem := tt.mem[1]
		g, _ := NewGuest(b, GuestConfig{Name: "p2", Identity: identity(2), Rand: newRand(seed*10 + uint64(n)), Rules: lookup, Tick: 10 * time.Millisecond,
			Memory: mem.get(), Save: mem.save})
		return g
	}
	for i := 0; i < 3; i++ {
		var g *Guest
		if i == 2 {
			g = open(2)
		} else {
			a, b := Pipe()
			h.AddGuest(a)
			g, _ = NewGuest(b, GuestConfig{Name: fmt.Sprint("p", i), Identity: identity(i), Rand: newRand(seed*10 + uint64(i)), Rules: lookup, Tick: 10 * time.Millisecond})
		}
		tt.guests = append(tt.guests, g)
		tt.waitFor("seated", func() bool { return g.State().Connected })
		g.SetReady(true)
	}
	tt.waitFor("start", func() bool { return h.Start() == nil })
	defer tt.close()
	// Guests 0 and 1 play unless held (while the third is away, so the stand-in plays only
	// while the game waits for its seat); the third plays only once it came back twice.
	var hold atomic.Bool
	for _, g := range tt.guests[:2] {
		tt.wg.Add(1)
		go heldDriver(g, tt.rand, tt.stop, &tt.wg, &hold)
	}
	deal := func() (n int, open bool) {
		tt.host.do(func() {
			n = len(tt.host.deals)
			open = n > 0 && tt.host.deals[n-1].Applied && !tt.host.deals[n-1].Revealed && tt.host.game.Status().Deal == nil
		})
		return
	}
	// A cycle: leave on seat 2's turn, the deadline runs out, a bot stands in and plays, the
	// player comes back. Cycles go on until two fell within one deal, before its reveal.
	cycles, at := 0, 0
	for back := 3; cycles < 2; back++ {
		sealed := false
		tt.waitFor("seat 2's turn", func() bool {
			yes, over := false, false
			tt.host.do(func() {
				st := tt.host.game.Status()
				yes, over, sealed = st.IsActive(2) && st.Deal == nil, st.Over, st.Sealed
			})
			if over {
				t.Fatalf("the game ended after %d cycles in deal %d", cycles, at)
			}
			return yes
		})
		if n, open := deal(); !open || n != at {
			cycles, at = 0, n
		}
		// Hold the others (in a sealed round they must commit for the stand-in's move to apply)
		// so that the stand-in plays only while the game waits for seat 2.
		hold.Store(!sealed)
		if reopen {
			tt.guests[2].Close()
		} else {
			hostEnd.Close()
		}
		tt.expired(2)
		var before int
		tt.host.do(func() { before = len(tt.host.standIns) })
		if err := tt.host.StandIn(2, "random", randomBot(seed+uint64(back))); err != nil {
			t.Fatal(err)
		}
		tt.waitFor("the stand-in played", func() bool {
			n := 0
			tt.host.do(func() { n = len(tt.host.standIns) })
			return n > before
		})
		g := tt.guests[2]
		if reopen {
			g = open(back)
			tt.guests[2] = g
		} else {
			a, b := Pipe()
			tt.host.AddGuest(a)
			hostEnd = a
			g.Reconnect(b)
		}
		tt.waitFor("the seat back", func() bool { st := g.State(); return st.Connected && st.Seat == 2 })
		hold.Store(false)
		if n, open := deal(); open && n == at {
			cycles++
		} else {
			cycles, at = 0, n
		}
	}
	tt.wg.Add(1)
	go driver(tt.guests[2], tt.rand, tt.stop, &tt.wg)
	tt.finish()
	tt.checkViews()
}

// TestStandInTwiceWhileDealing: the player leaves while the game's deal waits for their sealed
// share; a bot stands in (the deal is committed again without their seat), they come back
// (committed again with their key), and all of that happens twice before the deal is dealt.
// Each recommitment follows a seat change every guest was shown, so every guest accepts it,
// and the deal, once the others' seals get through, verifies everywhere.
func TestStandInTwiceWhileDealing(t *testing.T) {
	for _, rules := range []engine.Rules{arkham.Rules{}, rituals.Rules{}, shadows.Rules{}} {
		t.Run(rules.Name(), func(t *testing.T) {
			defer checkNoLeak(t)()
			standInWhileDealing(t, rules, 43, false)
		})
	}
}

// TestStandInTogglesAfterTheSeals is a host that keeps a deal open once every seal is relayed
// (shares may be out) and has a player's seat stood in and given back again and again: each
// recommitment could let it choose among deals, so a guest that revealed its share accepts
// only maxRestarts of them and then fails the deal.
func TestStandInTogglesAfterTheSeals(t *testing.T) {
	defer checkNoLeak(t)()
	standInWhileDealing(t, arkham.Rules{}, 44, true)
}

// standInWhileDealing plays the cycles while the first deal waits: for the seals (every
// seal is held until the cycles are over) or, with late, for the shares (seats 0 and 2 never
// reveal theirs), which fails the deal for seat 1 at the fourth recommitment.
func standInWhileDealing(t *testing.T, rules engine.Rules, seed uint64, late bool) {
	var holdSeals atomic.Bool
	holdSeals.Store(true)
	wrap := func(seat engine.Seat, c Conn) Conn {
		return &tamper{Conn: c, seat: seat, in: func(_ engine.Seat, m wire.Message) bool {
			if late {
				_, share := m.(*wire.Contrib)
				return share && seat != 1
			}
			_, seal := m.(*wire.Seal)
			return seal && holdSeals.Load()
		}}
	}
	tt := &testTable{t: t, rand: newRand(seed), stop: make(chan struct{}), mem: []*memBox{{}, {}}}
	h, err := NewHost(rules, HostConfig{Rand: newRand(seed + 1), RatePerSecond: 5000, Burst: 5000, TurnTimeout: 30 * time.Millisecond,
		Options: randomOptions(rules, 3, newRand(seed)), Persist: tt.mem[0].save,
		Bots: func(string) BotFunc { return randomBot(seed + 2) }, Logf: debugLogf})
	if err != nil {
		t.Fatal(err)
	}
	tt.host = h
	open := func(i, n int) *Guest {
		a, b := Pipe()
		h.AddGuest(a)
		cfg := GuestConfig{Name: fmt.Sprint("p", i), Identity: identity(i), Rand: newRand(seed*10 + uint64(n)), Rules: lookup, Tick: 10 * time.Millisecond}
		if i == 2 {
			cfg.Memory, cfg.Save = tt.mem[1].get(), tt.mem[1].save
		}
		g, _ := NewGuest(wrap(engine.Seat(i), b), cfg)
		return g
	}
	for i := 0; i < 3; i++ {
		g := open(i, i)
		tt.guests = append(tt.guests, g)
		tt.waitFor("seated", func() bool { return g.State().Connected })
		g.SetReady(true)
	}
	tt.waitFor("start", func() bool { return h.Start() == nil })
	defer tt.close()
	dealt := func() (n int, applied bool) {
		tt.host.do(func() { n = len(tt.host.deals); applied = n > 0 && tt.host.deals[n-1].Applied })
		return
	}
	// Play up to the first deal (Shadows deals only after the first choices).
	tt.play()
	tt.waitFor("a deal waiting for seals", func() bool { n, applied := dealt(); return n == 1 && !applied })
	// sealsOut waits until the seals of the deal's commitment are all relayed (so its next
	// restart is one after shares may have gone out).
	sealsOut := func() {
		tt.waitFor("every seal relayed", func() bool {
			ok := false
			tt.host.do(func() { ok = tt.host.deals[0].SealsSent })
			return ok
		})
	}
	if late {
		sealsOut()
	}
	for cycle := 1; cycle <= 2; cycle++ {
		tt.guests[2].Close()
		tt.expired(2)
		if err := tt.host.StandIn(2, "random", randomBot(seed+uint64(cycle))); err != nil {
			t.Fatal(err)
		}
		if late {
			sealsOut()
		}
		g := open(2, 2+cycle)
		tt.guests[2] = g
		tt.waitFor("the seat back", func() bool { st := g.State(); return st.Connected && st.Seat == 2 })
		if n, applied := dealt(); n != 1 || applied {
			t.Fatalf("cycle %d: deal %d applied=%v", cycle, n, applied)
		}
		if late && cycle == 1 {
			sealsOut()
		}
	}
	if late {
		if d := tt.firstFailure(1); !strings.Contains(d.Problem, "restarted deal 1 more than") || d.Restarts != maxRestarts {
			t.Fatalf("seat 1: %+v", d)
		}
		return
	}
	holdSeals.Store(false)
	tt.wg.Add(1)
	go driver(tt.guests[2], tt.rand, tt.stop, &tt.wg)
	tt.finish()
	tt.checkViews()
}
