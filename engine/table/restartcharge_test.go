package table

import (
	"fmt"
	"strings"
	"sync"
	"testing"
	"time"

	"miskatonic/engine"
	"miskatonic/engine/arkham"
	"miskatonic/engine/fair"
	"miskatonic/engine/wire"
)

// chargeTable is an Arkham table of three guests whose seat 2 runs a modified page: edit
// rewrites what it sends. The host's share deadline is short. With watch0, seat 0's link is a
// tamper it sets up and the host signs heads.
func chargeTable(t *testing.T, seed uint64, edit func(g **Guest) func(engine.Seat, wire.Message) wire.Message, watch0 ...func(*tamper)) *testTable {
	t.Helper()
	tt := &testTable{t: t, rand: newRand(seed), stop: make(chan struct{}), mem: []*memBox{{}}}
	cfg := chargeConfig(tt, seed+1)
	if len(watch0) > 0 {
		cfg.Signer = identity(900) // the heads are what the watcher of seat 0 looks at
	}
	h, err := NewHost(arkham.Rules{}, cfg)
	if err != nil {
		t.Fatal(err)
	}
	tt.host = h
	var mal *Guest
	for i := 0; i < 3; i++ {
		a, b := Pipe()
		if i == 2 {
			b = &tamper{Conn: b, seat: 2, edit: edit(&mal)}
		}
		if i == 0 && len(watch0) > 0 {
			tc := &tamper{Conn: b, seat: 0}
			watch0[0](tc)
			b = tc
		}
		h.AddGuest(a)
		g, _ := NewGuest(b, GuestConfig{Name: fmt.Sprint("p", i), Identity: identity(i), Rand: newRand(seed*10 + uint64(i)), Rules: lookup, Tick: 10 * time.Millisecond, Logf: debugLogf})
		if i == 2 {
			mal = g
		}
		tt.guests = append(tt.guests, g)
		tt.waitFor("seated", func() bool { return g.State().Connected })
		g.SetReady(true)
	}
	tt.waitFor("start", func() bool { return h.Start() == nil })
	return tt
}

func chargeConfig(tt *testTable, seed uint64) HostConfig {
	return HostConfig{Rand: newRand(seed), RatePerSecond: 5000, Burst: 5000, ShareTimeout: 400 * time.Millisecond, TurnTimeout: time.Hour,
		Bots: func(string) BotFunc { return randomBot(seed + 1) }, Persist: tt.mem[0].save, Logf: debugLogf}
}

// playWithoutSeat2 plays on with guests 0 and 1 only and waits until both are shown seat 2
// stood in; it returns seat 2's guest, left out of the play.
func playWithoutSeat2(tt *testTable) *Guest {
	out := tt.guests[2]
	tt.guests = tt.guests[:2]
	tt.play()
	for i, g := range tt.guests {
		tt.waitFor(fmt.Sprintf("guest %d shown seat 2 stood in", i), func() bool {
			st := g.State()
			return len(st.Lobby.Seats) == 3 && st.Lobby.Seats[2].StandIn
		})
	}
	return out
}

// chargedToSeat2 plays the game out with the honest guests and checks that it was seat 2, not
// the game, that paid: seat 2 is stood in for everyone to see, and every honest guest verifies
// every deal.
func chargedToSeat2(t *testing.T, tt *testTable) {
	mal := playWithoutSeat2(tt)
	tt.finish()
	tt.checkViews()
	mal.Close()
	tt.close()
}

// TestResealerIsStoodIn (issue 23, item 7): a modified guest page seals its share again after
// every relayed set of seals instead of revealing it, so the host restarts the deal each time.
// Before, the fourth restart failed the deal for every guest, worded as the host's doing. The
// restarts are charged to the seat that caused them: it is stood in, and the game goes on.
func TestResealerIsStoodIn(t *testing.T) {
	defer checkNoLeak(t)()
	tt := chargeTable(t, 71, func(mal **Guest) func(engine.Seat, wire.Message) wire.Message {
		r := newRand(7100)
		return func(seat engine.Seat, m wire.Message) wire.Message {
			c, ok := m.(*wire.Contrib)
			if !ok {
				return m
			}
			// Instead of the share, a fresh seal over the same commitment (the guest's lock is
			// held: it is sending).
			d := (*mal).deals[c.Epoch]
			sec, _ := fair.Secret(r)
			sl := identity(2).SealShare(d.cx.Bytes(), d.c, seat, sec)
			return &wire.Seal{Epoch: c.Epoch, Seat: seat, SC: sl.SC[:], Sig: sl.Sig}
		}
	})
	chargedToSeat2(t, tt)
}

// TestWithholderIsStoodIn (issue 23, item 8): a connected guest seals its share and then never
// reveals it. Before, each share deadline restarted the deal and the fourth failed it for
// everyone. Now the seat that withheld is stood in, publicly, and the deal goes on without it.
func TestWithholderIsStoodIn(t *testing.T) {
	defer checkNoLeak(t)()
	tt := chargeTable(t, 72, func(**Guest) func(engine.Seat, wire.Message) wire.Message {
		return func(seat engine.Seat, m wire.Message) wire.Message {
			if _, ok := m.(*wire.Contrib); ok {
				return &wire.Resync{Next: 1 << 40} // the share never leaves; a harmless frame in its place
			}
			return m
		}
	})
	chargedToSeat2(t, tt)
}

// TestWithholderIsStoodInAfterReload (issue 23, item 8): the host's page reloads once the
// seals of the first deal are all relayed, and seat 2 never reveals its share. The resumed host
// keeps the share deadline, so the deal does not wait for seat 2 for good.
func TestWithholderIsStoodInAfterReload(t *testing.T) {
	defer checkNoLeak(t)()
	tt := chargeTable(t, 73, func(**Guest) func(engine.Seat, wire.Message) wire.Message {
		return func(seat engine.Seat, m wire.Message) wire.Message {
			if _, ok := m.(*wire.Contrib); ok {
				return &wire.Resync{Next: 1 << 40}
			}
			return m
		}
	})
	// Hold the share deadline off until the reload: the first host must not bench seat 2.
	tt.host.do(func() { tt.host.cfg.ShareTimeout = time.Hour })
	tt.waitFor("the seals relayed", func() bool {
		sent := false
		tt.host.do(func() { sent = len(tt.host.deals) == 1 && tt.host.deals[0].SealsSent })
		return sent
	})
	tt.host.do(func() {
		if tt.host.shareTimer != nil {
			tt.host.shareTimer.Stop()
		}
	})
	tt.host.Close()
	h2, err := Resume(arkham.Rules{}, tt.mem[0].get(), chargeConfig(tt, 74))
	if err != nil {
		t.Fatal(err)
	}
	tt.host = h2
	for _, g := range tt.guests {
		a, b := Pipe()
		if g == tt.guests[2] {
			b = &tamper{Conn: b, seat: 2, edit: func(_ engine.Seat, m wire.Message) wire.Message {
				if _, ok := m.(*wire.Contrib); ok {
					return &wire.Resync{Next: 1 << 40}
				}
				return m
			}}
		}
		h2.AddGuest(a)
		g.Reconnect(b)
	}
	chargedToSeat2(t, tt)
}

// TestRestartCauseMustBeProved: a dishonest host restarts a deal whose seals were all relayed,
// again and again, naming an honest seat as the cause with a seal that seat never made. Guests
// charge such restarts to nobody but the host: the fourth fails the deal, worded as the host's.
func TestRestartCauseMustBeProved(t *testing.T) {
	defer checkNoLeak(t)()
	tt := chargeTable(t, 75, func(**Guest) func(engine.Seat, wire.Message) wire.Message {
		return func(seat engine.Seat, m wire.Message) wire.Message {
			if _, ok := m.(*wire.Contrib); ok {
				return &wire.Resync{Next: 1 << 40} // seat 2 holds its share: the deal stays open
			}
			return m
		}
	})
	tt.host.do(func() { tt.host.cfg.ShareTimeout = time.Hour })
	r := newRand(7500)
	for i := 0; i < maxRestarts+1; i++ {
		tt.waitFor("the seals relayed", func() bool {
			sent := false
			tt.host.do(func() { sent = tt.host.deals[0].SealsSent })
			return sent
		})
		tt.host.do(func() {
			fake := &wire.Share{Seat: 1, S: make([]byte, 32), Sig: make([]byte, 64)}
			r.Read(fake.S)
			r.Read(fake.Sig)
			tt.host.restart(tt.host.deals[0], fake)
		})
	}
	if d := tt.firstFailure(0); !strings.Contains(d.Problem, "without naming a seat") {
		t.Fatalf("seat 0: %+v", d)
	}
	tt.close()
}

// TestHonestRestartIsNoEquivocation (issue 23, medium): a seat seals again once after the set
// went out (its page reloaded), so the honest host restarts the deal and signs a new head at the
// same seq. Players holding the head from before the restart and the one after must not be able
// to "prove" the host told two stories.
func TestHonestRestartIsNoEquivocation(t *testing.T) {
	defer checkNoLeak(t)()
	var mu sync.Mutex
	var heads []fair.SignedHead
	resealed := false
	tt := chargeTable(t, 76, func(mal **Guest) func(engine.Seat, wire.Message) wire.Message {
		r := newRand(7600)
		return func(seat engine.Seat, m wire.Message) wire.Message {
			c, ok := m.(*wire.Contrib)
			if !ok || resealed {
				return m
			}
			resealed = true
			d := (*mal).deals[c.Epoch]
			sec, _ := fair.Secret(r)
			sl := identity(2).SealShare(d.cx.Bytes(), d.c, seat, sec)
			return &wire.Seal{Epoch: c.Epoch, Seat: seat, SC: sl.SC[:], Sig: sl.Sig}
		}
	}, func(tc *tamper) {
		tc.out = func(_ engine.Seat, m wire.Message) wire.Message {
			if h, ok := m.(*wire.Head); ok {
				sh := fair.SignedHead{Seq: h.Seq, Round: h.Round, Key: h.Key, Sig: h.Sig}
				copy(sh.Head[:], h.H)
				mu.Lock()
				heads = append(heads, sh)
				mu.Unlock()
			}
			return m
		}
	})
	tt.play()
	tt.finish()
	tt.close()
	mu.Lock()
	defer mu.Unlock()
	table := tt.guests[0].tableID
	restarts := 0
	for i := range heads {
		heads[i].Table = table
		for j := 0; j < i; j++ {
			if heads[j].Seq == heads[i].Seq && heads[j].Head != heads[i].Head {
				restarts++
			}
			if fair.Equivocation(heads[i], heads[j]) {
				t.Fatalf("an honest restart \"proves\" two stories: heads %d and %d at seq %d", j, i, heads[i].Seq)
			}
		}
	}
	if restarts == 0 {
		t.Fatal("no restart signed a second head: the test needs one")
	}
}
