package table

// Issue 23's attacks on the guest's invariants (see the package doc): each is the real Host
// and Guest with only the dishonest host page's change added (tamper.go's out, in and edit, and
// what the page does to its own host state), and each must end with the victim reporting a
// failure that blames the host.

import (
	"fmt"
	"slices"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	"miskatonic/engine"
	"miskatonic/engine/fair"
	"miskatonic/engine/fair/toy"
	"miskatonic/engine/wire"
)

// riggedTable is newCheatTable whose host page runs rig on its own state just before the
// game starts.
func riggedTable(t *testing.T, n int, out func(engine.Seat, wire.Message) wire.Message,
	in func(*Host) func(engine.Seat, wire.Message) bool, edit func(engine.Seat, wire.Message) wire.Message,
	opts map[string]string, rig func(h *Host)) *testTable {
	tt := &testTable{t: t, rand: newRand(3), stop: make(chan struct{})}
	h, err := newHost(toy.Rules{}, HostConfig{Rand: newRand(4), RatePerSecond: 5000, Burst: 5000})
	if err != nil {
		t.Fatal(err)
	}
	h.table = make([]byte, 16)
	for k, v := range opts {
		h.options[k] = v
	}
	h.run()
	tt.host = h
	for i := 0; i < n; i++ {
		a, b := Pipe()
		h.AddGuest(a)
		tc := &tamper{Conn: b, seat: engine.Seat(i), out: out, edit: edit}
		if in != nil {
			tc.in = in(h)
		}
		g, _ := NewGuest(tc, GuestConfig{Name: fmt.Sprint("p", i), Identity: identity(i), Rand: newRand(uint64(60 + i)), Rules: lookup,
			Tick: 10 * time.Millisecond, RevealTimeout: 50 * time.Millisecond})
		tt.guests = append(tt.guests, g)
		tt.waitFor("seated", func() bool { return g.State().Connected })
		g.SetReady(true)
	}
	tt.waitFor("everyone ready", func() bool {
		ready := false
		h.do(func() {
			ready = true
			for _, s := range h.seats {
				ready = ready && s.Ready
			}
		})
		return ready
	})
	if rig != nil {
		h.do(func() { rig(h) })
	}
	tt.waitFor("start", func() bool { return h.Start() == nil })
	return tt
}

// waitCode waits until seat gives a verdict on a deal: it must be a failure with code. A deal
// verified first means the attack went through.
func (tt *testTable) waitCode(seat engine.Seat, code string) DealStatus {
	tt.t.Helper()
	got := tt.firstVerdict(seat)
	if got.State == DealVerified {
		tt.t.Fatalf("seat %d verified deal %d: the attack went through", seat, got.Epoch)
	}
	if got.Code != code {
		tt.t.Fatalf("seat %d failed with %s (%s), want %s", seat, got.Code, got.Problem, code)
	}
	return got
}

// firstVerdict waits until seat gives a verdict on a deal and returns it.
func (tt *testTable) firstVerdict(seat engine.Seat) DealStatus {
	tt.t.Helper()
	var got DealStatus
	tt.waitFor(fmt.Sprintf("seat %d's first verdict", seat), func() bool {
		for _, d := range tt.guests[seat].State().Deals {
			if d.State != DealPending {
				got = d
				return true
			}
		}
		return false
	})
	return got
}

// honestLobby shows the seats as the guests were seated: each with its own key, no bot, no
// stand-in. The host pages below send it in place of what their own state would show.
func honestLobby(m wire.Message) wire.Message {
	l, ok := m.(*wire.Lobby)
	if !ok {
		return m
	}
	c := *l
	c.Seats = slices.Clone(l.Seats)
	for i := range c.Seats {
		c.Seats[i].Key, c.Seats[i].Bot, c.Seats[i].StandIn, c.Seats[i].Level, c.Seats[i].Connected = identity(i).Public(), false, false, "", true
	}
	return &c
}

// Item 1: a roster without the guests, during catch-up. The host page turns every seat into
// its own bot as the game starts (so it deals alone and plays every move, unsigned) while the
// lobby still shows the players, and withholds the view that would end the catch-up its start
// Welcome begins. Before: every guest verified every deal. Now: no guest was away, so its seat
// left out of a deal is the host's doing, whatever the moment.
func TestAttackRosterWithoutGuestsInCatchUp(t *testing.T) {
	defer checkNoLeak(t)()
	out := func(_ engine.Seat, m wire.Message) wire.Message {
		if v, ok := m.(*wire.View); ok && v.Seq == 0 {
			return nil
		}
		return honestLobby(m)
	}
	tt := riggedTable(t, 3, out, nil, nil, map[string]string{"rounds": "1"}, func(h *Host) {
		for i, s := range h.seats {
			s.Bot, s.Level, s.botFn = true, "random", randomBot(uint64(80+i))
		}
	})
	tt.play()
	for s := range tt.guests {
		tt.waitCode(engine.Seat(s), wire.DealLeftOut)
	}
	tt.close()
}

// Item 2: a key the host owns at the victim's seat. The host page puts its second key at seat
// 1 in its lobby, so every deal's roster has it there; it seals and reveals seat 1's share
// itself and signs the victim's moves again with that key. Before: the victim verified every
// deal without ever contributing. Now: the first lobby with another key at its seat fails.
func TestAttackHostKeyAtVictimSeat(t *testing.T) {
	defer checkNoLeak(t)()
	thief := identity(50)
	var host atomic.Pointer[Host]
	out := func(s engine.Seat, m wire.Message) wire.Message {
		h := host.Load()
		if s != 1 || h == nil {
			return m
		}
		var sec [32]byte
		switch c := m.(type) {
		case *wire.Commit:
			sec[0] = byte(c.Epoch)
			cx := fair.Context{Game: "toy", Table: h.table, Epoch: c.Epoch, Deal: c.Context, Roster: c.Roster}
			sl := thief.SealShare(cx.Bytes(), [32]byte(c.C), 1, sec)
			h.acceptSeal(&wire.Seal{Epoch: c.Epoch, Seat: 1, SC: sl.SC[:], Sig: sl.Sig})
			go func() { // the share, once the sealed set is out
				for end := time.Now().Add(time.Minute); time.Now().Before(end); { // a guard, not a timing
					sent := false
					h.do(func() { sent = c.Epoch <= len(h.deals) && h.deals[c.Epoch-1].SealsSent })
					if sent {
						sh := thief.Contribute(cx.Bytes(), [32]byte(c.C), 1, sec)
						h.acceptShare(&wire.Contrib{Epoch: c.Epoch, Seat: 1, S: sh.S[:], Sig: sh.Sig})
						return
					}
					time.Sleep(2 * time.Millisecond)
				}
			}()
		}
		return m
	}
	edit := func(s engine.Seat, m wire.Message) wire.Message {
		mv, ok := m.(*wire.Move)
		h := host.Load()
		if !ok || s != 1 || h == nil {
			return m
		}
		c := *mv
		c.Sig = thief.SignMove(h.table, mv.BasedOn+1, mv.Move)
		return &c
	}
	tt := riggedTable(t, 3, out, nil, edit, map[string]string{"rounds": "2"}, func(h *Host) {
		h.seats[1].Key = thief.Public()
		h.broadcastLobby()
		host.Store(h)
	})
	tt.play()
	tt.waitCode(1, wire.DealKeyChanged)
	tt.close()
}

// Item 3: a stand-in move in a connected player's name, delivered in a Log. The host page
// swallows the victim's move, plays seat 1 itself marked as a stand-in's, withholds that one
// view from the victim and answers its Need with a Log carrying the mark. Before: the victim
// verified the deal. Now: a stand-in mark at its seat outside any time it was away fails,
// whichever message carries it.
func TestAttackStandInMoveInALog(t *testing.T) {
	defer checkNoLeak(t)()
	var once sync.Once
	var played atomic.Bool
	in := func(h *Host) func(engine.Seat, wire.Message) bool {
		return func(s engine.Seat, m wire.Message) bool {
			if _, ok := m.(*wire.Move); !ok || s != 1 || played.Load() {
				return false
			}
			once.Do(func() {
				go h.do(func() {
					seat := h.seats[1]
					seat.StandIn, seat.Level, seat.botFn = true, "random", randomBot(9)
					h.botTurn(h.game.Status())
					seat.StandIn, seat.Level, seat.botFn = false, "", nil
					played.Store(true)
					h.advance()
				})
			})
			return true
		}
	}
	out := func(s engine.Seat, m wire.Message) wire.Message {
		if v, ok := m.(*wire.View); ok && s == 1 && v.StandIn && v.Move != nil && v.Move.Seat == 1 {
			return nil
		}
		return honestLobby(m)
	}
	tt := newCheatTableReveal(t, 3, 30*time.Second, nil, out, in, map[string]string{"rounds": "2"})
	tt.play()
	tt.waitCode(1, wire.DealStoodIn)
	tt.close()
}

// Item 4: an unsigned stand-in commitment replaces a connected player's sealed choice. The
// host page swallows seat 1's commitment, seats a stand-in there for the round (hidden from
// seat 1's lobby) and relays a set with the stand-in's commitment for seat 1. Before: the
// victim kept its choice, saw the stand-in's move applied in its name and verified the deal.
// Now: a stand-in's commitment for its seat while it is at the table fails.
func TestAttackStandInPledgeForConnectedSeat(t *testing.T) {
	defer checkNoLeak(t)()
	var once sync.Once
	var done atomic.Bool
	var tt *testTable
	tt = sealedTable(t, 21, func(c *tamper) {
		c.in = func(s engine.Seat, m wire.Message) bool {
			if _, ok := m.(*wire.Pledge); !ok || s != 1 || done.Load() {
				return false
			}
			once.Do(func() {
				go tt.host.do(func() {
					seat := tt.host.seats[1]
					seat.StandIn, seat.Level, seat.botFn = true, "random", randomBot(9)
					tt.host.advance()
				})
			})
			return true
		}
		c.out = func(s engine.Seat, m wire.Message) wire.Message {
			switch v := m.(type) {
			case *wire.View:
				if v.StandIn && v.Move != nil && v.Move.Seat == 1 && !done.Swap(true) {
					go tt.host.do(func() {
						seat := tt.host.seats[1]
						seat.StandIn, seat.Level, seat.botFn = false, "", nil
					})
				}
			case *wire.Lobby:
				if s == 1 && len(v.Seats) > 1 && v.Seats[1].StandIn {
					l := *v
					l.Seats = slices.Clone(v.Seats)
					l.Seats[1].StandIn, l.Seats[1].Level = false, ""
					return &l
				}
			}
			return m
		}
	})
	defer tt.close()
	tt.play()
	tt.waitCode(1, wire.DealStoodIn)
}

// Item 6: the host reads the sealed choices before committing its own, by leaving its seat
// (0) out of the round's Status.Active in the views it sends and relaying a set without it.
// Before: seats 1 and 2 took the round's seats from the host's status and opened at once
// (caught only by the replay at the game's end). Now: the round's seats come from the guest's
// own replay of the public game, so the set is short, nothing is opened, and the host is named.
func TestAttackHostSeatLeftOutOfSealedRound(t *testing.T) {
	defer checkNoLeak(t)()
	var opened atomic.Int32
	var relayed atomic.Bool
	var tt *testTable
	tt = sealedTable(t, 22, func(c *tamper) {
		leaveHostSeatOut(c, &tt, &opened, &relayed)
	})
	defer tt.close()
	tt.play()
	tt.waitFor("the short set relayed", relayed.Load)
	time.Sleep(20 * tt.guests[1].cfg.Tick)
	if n := opened.Load(); n != 0 {
		t.Fatalf("guests opened their sealed choices %d times on a set without the host's seat", n)
	}
	for _, s := range []engine.Seat{1, 2} {
		if d := tt.firstVerdict(s); d.State != DealFailed {
			t.Fatalf("seat %d: %+v", s, d)
		}
	}
	if n := opened.Load(); n != 0 {
		t.Fatalf("guests opened their sealed choices %d times on a set without the host's seat", n)
	}
}

// relayShort is the host page of item 6: once every seat but its own has committed, it sends
// seats 1 and 2 the set without seat 0.
func relayShort(h *Host, relayed *atomic.Bool) {
	for end := time.Now().Add(time.Minute); time.Now().Before(end) && !relayed.Load(); { // a guard, not a timing
		h.do(func() {
			r := h.sealed
			if r == nil || relayed.Load() {
				return
			}
			set := &wire.Pledges{Base: r.Base}
			for _, s := range r.Active {
				if s == 0 {
					continue
				}
				if r.Pledges[s] == nil {
					return
				}
				set.Pledges = append(set.Pledges, *r.Pledges[s])
			}
			for _, s := range []engine.Seat{1, 2} {
				if p := h.seats[s].peer; p != nil {
					h.send(p, set)
				}
			}
			relayed.Store(true)
		})
		time.Sleep(2 * time.Millisecond)
	}
}

// Item 3, the catch-up variant: the victim's link drops and comes back, and the host page's
// catch-up Log marks a move the victim made before it left as a stand-in's, without its
// signature. Being away later excuses nothing before: the mark fails (it did not before).
func TestAttackStandInMarkOnPastMove(t *testing.T) {
	defer checkNoLeak(t)()
	var rewrite, hold atomic.Bool
	var victimMove atomic.Int64
	out := func(s engine.Seat, m wire.Message) wire.Message {
		if s != 1 {
			return m
		}
		switch v := m.(type) {
		case *wire.View:
			if v.Move != nil && v.Move.Seat == 1 {
				victimMove.CompareAndSwap(0, int64(v.Seq))
			}
			if at := victimMove.Load(); at > 0 && int64(v.Seq) > at {
				// Nobody moves on: the deal stays open for the catch-up to fail. Played on, a
				// loaded machine could end the game first, every deal verified (the mark would
				// then be the table's Fault, and no deal would fail).
				hold.Store(true)
			}
		case *wire.Log:
			at := int(victimMove.Load())
			if !rewrite.Load() || at <= v.From || at > v.From+len(v.Moves) {
				return m
			}
			c := *v
			c.Sigs = slices.Clone(v.Sigs)
			c.Sigs[at-v.From-1] = nil
			c.StandIns = append(slices.Clone(v.StandIns), at-v.From-1)
			return &c
		}
		return m
	}
	tt := newCheatTable(t, 3, nil, out, nil, map[string]string{"rounds": "3"})
	for _, g := range tt.guests {
		tt.wg.Add(1)
		go heldDriver(g, tt.rand, tt.stop, &tt.wg, &hold)
	}
	g := tt.guests[1]
	tt.waitFor("a move of the victim's, seen", func() bool { return victimMove.Load() > 0 && g.State().Seq > int(victimMove.Load()) })
	rewrite.Store(true)
	a, b := Pipe()
	tt.host.AddGuest(a)
	g.Reconnect(&tamper{Conn: b, seat: 1, out: out})
	if d := tt.firstFailure(1); d.Code != wire.DealStoodIn {
		t.Fatalf("seat 1 failed with %s (%s), want %s", d.Code, d.Problem, wire.DealStoodIn)
	}
	tt.close()
}

// leaveHostSeatOut is the attacker's change of the sealed-round attacks on c: the host's own page
// holds its choice back, the host relays a set without it, and the views it sends the guests
// drop its seat from the sealed round's Active. opened counts the guests' openings.
func leaveHostSeatOut(c *tamper, tt **testTable, opened *atomic.Int32, relayed *atomic.Bool) {
	c.in = func(s engine.Seat, m wire.Message) bool {
		switch m.(type) {
		case *wire.Pledge:
			if s == 0 {
				return true // the host's own page holds its choice back
			}
			go relayShort((*tt).host, relayed)
		case *wire.Open:
			if s != 0 {
				opened.Add(1)
			}
		}
		return false
	}
	c.out = func(s engine.Seat, m wire.Message) wire.Message {
		v, ok := m.(*wire.View)
		if !ok || s == 0 || !v.Status.Sealed || !slices.Contains(v.Status.Active, 0) {
			return m
		}
		w := *v
		w.Status.Active = slices.DeleteFunc(slices.Clone(v.Status.Active), func(x engine.Seat) bool { return x == 0 })
		return &w
	}
}
