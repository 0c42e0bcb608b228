package table

import (
	"encoding/json"
	"fmt"
	"strings"
	"sync"
	"testing"
	"time"

	"miskatonic/engine"
	"miskatonic/engine/fair/toy"
	"miskatonic/engine/rituals"
	"miskatonic/engine/wire"
)

// awayTable is a host of rules with a short turn deadline and three guests (not yet playing);
// wrap, if set, sits on each guest's end.
func awayTable(t *testing.T, rules engine.Rules, seed uint64, wrap func(c *tamper)) *testTable {
	t.Helper()
	tt := &testTable{t: t, rand: newRand(seed), stop: make(chan struct{}), mem: []*memBox{{}}} // mem[0]: the host's snapshots
	h, err := NewHost(rules, HostConfig{Rand: newRand(seed + 1), RatePerSecond: 5000, Burst: 5000, TurnTimeout: 30 * time.Millisecond, Persist: tt.mem[0].save,
		Bots: func(string) BotFunc { return randomBot(seed + 2) }, Logf: debugLogf})
	if err != nil {
		t.Fatal(err)
	}
	tt.host = h
	for i := 0; i < 3; i++ {
		a, b := Pipe()
		if wrap != nil {
			tc := &tamper{Conn: b, seat: engine.Seat(i)}
			wrap(tc)
			b = tc
		}
		h.AddGuest(a)
		g, _ := NewGuest(b, GuestConfig{Name: fmt.Sprint("p", i), Identity: identity(i), Rand: newRand(seed*10 + uint64(i)), Rules: lookup, Tick: 10 * time.Millisecond})
		tt.guests = append(tt.guests, g)
		tt.waitFor("seated", func() bool { return g.State().Connected })
		g.SetReady(true)
	}
	tt.waitFor("start", func() bool { return h.Start() == nil })
	return tt
}

// expired waits until the host's turn deadline has run out for seat.
func (tt *testTable) expired(seat engine.Seat) {
	tt.t.Helper()
	tt.waitFor(fmt.Sprintf("the deadline for seat %d", seat), func() bool {
		a := tt.host.Away()
		return a.Expired && len(a.Seats) == 1 && a.Seats[0] == seat
	})
}

// TestStandInAndReturn: a player closes their tab. The table waits for them (every guest told,
// with the time left); once the deadline runs out the host seats a stand-in, which plays legal
// moves for the seat (marked as a stand-in's for everyone, the next deal dealt without the seat)
// until the player comes back with their identity key and takes the seat at once. The game then
// finishes and every guest, the returning one included, verifies every deal.
//
// In the "reload" cases the host page reloads while the stand-in plays: the resumed host keeps
// the stand-in (its bot rebuilt from its level) and the moves it made.
func TestStandInAndReturn(t *testing.T) {
	for _, c := range []struct {
		rules  engine.Rules
		reload bool
	}{{toy.Rules{}, false}, {toy.SealedRules{}, false}, {toy.Rules{}, true}, {rituals.Rules{}, true}} {
		rules := c.rules
		t.Run(fmt.Sprintf("%s/reload=%v", rules.Name(), c.reload), func(t *testing.T) {
			defer checkNoLeak(t)()
			tt := awayTable(t, rules, 31, nil)
			gone := tt.guests[2]
			tt.guests = tt.guests[:2]
			gone.Close()
			tt.play()
			tt.expired(2)
			for i, g := range tt.guests {
				tt.waitFor(fmt.Sprintf("guest %d told the deadline ran out", i), func() bool {
					a := g.State().Away
					return a != nil && a.Expired && len(a.Seats) == 1 && a.Seats[0] == 2
				})
			}
			if err := tt.host.StandIn(2, "random", randomBot(5)); err != nil {
				t.Fatal(err)
			}
			for i, g := range tt.guests {
				tt.waitFor(fmt.Sprintf("guest %d shown the stand-in", i), func() bool {
					st := g.State()
					return len(st.Lobby.Seats) == 3 && st.Lobby.Seats[2].StandIn && (st.Away == nil || len(st.Away.Seats) == 0)
				})
			}
			var stood int
			tt.waitFor("the stand-in played", func() bool {
				tt.host.do(func() { stood = len(tt.host.standIns) })
				return stood >= 2
			})
			if c.reload {
				tt.host.Close()
				h2, err := Resume(rules, tt.mem[0].get(), HostConfig{Rand: newRand(88), RatePerSecond: 5000, Burst: 5000, TurnTimeout: 30 * time.Millisecond, Persist: tt.mem[0].save,
					Bots: func(string) BotFunc { return randomBot(89) }, Logf: debugLogf})
				if err != nil {
					t.Fatal(err)
				}
				tt.host = h2
				for _, g := range tt.guests {
					a, b := Pipe()
					h2.AddGuest(a)
					g.Reconnect(b)
				}
				before := stood
				tt.waitFor("the stand-in plays on after the reload", func() bool {
					over := false
					tt.host.do(func() { stood, over = len(tt.host.standIns), tt.host.game.Status().Over })
					return stood > before || over // a short toy game may end first
				})
			}
			tt.host.do(func() {
				for seq := range tt.host.standIns {
					if m := tt.host.moves[seq-1]; m.Seat != 2 || tt.host.sigs[seq-1] != nil {
						t.Errorf("move %d marked as the stand-in's: %v", seq, m)
					}
				}
			})
			a, b := Pipe()
			tt.host.AddGuest(a)
			back, _ := NewGuest(b, GuestConfig{Name: "p2", Identity: identity(2), Rand: newRand(99), Rules: lookup, Tick: 10 * time.Millisecond})
			tt.guests = append(tt.guests, back)
			tt.waitFor("the seat back", func() bool { st := back.State(); return st.Connected && st.Seat == 2 })
			tt.host.do(func() {
				if s := tt.host.seats[2]; s.StandIn || s.botFn != nil {
					t.Error("the stand-in stayed after its player came back")
				}
			})
			tt.wg.Add(1)
			go driver(back, tt.rand, tt.stop, &tt.wg)
			tt.finish()
			tt.checkViews()
			t.Logf("%d moves, %d of them by the stand-in", tt.host.State().Seq, stood)
			tt.close()
		})
	}
}

// TestStandInOnlyByTheHost: a malicious guest tries to get a bot seated for another player,
// who is at the table: it sends host-only messages (a deadline run out, a lobby with the seat
// stood in), a commitment and a move for that seat marked as a stand-in's. Everything is
// refused, the seat stays its player's, and the host itself refuses a stand-in for a connected
// seat.
func TestStandInOnlyByTheHost(t *testing.T) {
	defer checkNoLeak(t)()
	tt := awayTable(t, toy.SealedRules{}, 32, nil)
	defer tt.close()
	mal := tt.guests[1]
	tt.waitFor("the first sealed round", func() bool { st := mal.State(); return st.HasView && st.Status.Sealed })
	base := mal.State().Seq
	var refused int
	for _, m := range []wire.Message{
		&wire.Away{Seats: []engine.Seat{2}, Expired: true},
		&wire.Lobby{Seats: []wire.SeatInfo{{Seat: 2, Name: "p2", StandIn: true}}, Started: true},
		&wire.Pledge{Base: base, Seat: 2, C: make([]byte, 32), StandIn: true},
		&wire.Move{BasedOn: base, Move: engine.Move{Seat: 2, Kind: "bid", N: 1}},
	} {
		mal.mu.Lock()
		mal.send(m)
		sent := mal.outSeq // keep-alives follow it (guests send one every two ticks)
		mal.mu.Unlock()
		refused++
		tt.waitFor(fmt.Sprintf("the %s refused", m.Type()), func() bool { r := mal.State().Reject; return r != nil && r.Ref == sent })
	}
	if err := tt.host.StandIn(2, "random", randomBot(1)); err == nil {
		t.Fatal("the host seated a stand-in for a connected player")
	}
	tt.host.do(func() {
		if s := tt.host.seats[2]; s.StandIn || s.Bot || s.peer == nil {
			t.Errorf("seat 2 after the attack: %+v", s)
		}
		if tt.host.away != nil || tt.host.sealed == nil || tt.host.sealed.Pledges[2] != nil {
			t.Error("the attack changed the table")
		}
	})
}

// TestAwayEndGame: the host chooses to end the game; every guest is told the table closed and
// every goroutine ends.
func TestAwayEndGame(t *testing.T) {
	defer checkNoLeak(t)()
	tt := awayTable(t, toy.Rules{}, 33, nil)
	gone := tt.guests[0]
	tt.guests = tt.guests[1:]
	gone.Close()
	tt.play()
	tt.expired(0)
	if err := tt.host.Wait(); err != nil {
		t.Fatal(err)
	}
	if a := tt.host.Away(); a.Expired || len(a.Seats) != 1 {
		t.Fatalf("after Wait: %+v", a)
	}
	tt.expired(0)
	tt.host.End()
	for i, g := range tt.guests {
		tt.waitFor(fmt.Sprintf("guest %d told", i), func() bool {
			d := g.State().Dropped
			return d != nil && d.Code == wire.ByeClosed
		})
	}
	close(tt.stop)
	tt.wg.Wait()
	for _, g := range tt.guests {
		g.Close()
	}
}

// TestStandInClaimedByHost is a dishonest host page that makes a move up for a player who is
// at the table and passes it off as a stand-in's (so no signature is needed). That player's
// guest knows it was there, and fails the deal.
func TestStandInClaimedByHost(t *testing.T) {
	defer checkNoLeak(t)()
	var once sync.Once
	tt := awayTable(t, toy.Rules{}, 34, func(c *tamper) {
		if c.seat != 1 {
			return
		}
		c.out = func(seat engine.Seat, m wire.Message) wire.Message {
			v, ok := m.(*wire.View)
			if !ok || v.Move == nil || v.Move.Seat != seat || v.Move.Kind == engine.KindDeal {
				return m
			}
			f := m
			once.Do(func() {
				w := *v
				w.Sig, w.StandIn = nil, true
				f = &w
			})
			return f
		}
	})
	defer tt.close()
	tt.play()
	tt.waitFor("seat 1 fails the deal", func() bool {
		for _, d := range tt.guests[1].State().Deals {
			if d.State == DealFailed {
				if !strings.Contains(d.Problem, "as a stand-in while its player was at the table") {
					t.Fatalf("failed for another reason: %s", d.Problem)
				}
				return true
			}
		}
		return false
	})
}

// TestStandInRestartsAfterTheSet: a player committed to a sealed choice, the set went out, and
// they left before opening it. Nobody else holds the opening: once the deadline runs out the
// host stands a bot in and the round's set starts again for that seat (sealedrestart.go). When
// the player's page comes back, with the void choice still in its memory, it takes the seat
// back without failing anything, and the game finishes verified everywhere.
func TestStandInRestartsAfterTheSet(t *testing.T) {
	defer checkNoLeak(t)()
	tt := awayTable(t, toy.SealedRules{}, 35, func(c *tamper) {
		if c.seat == 2 {
			c.in = func(_ engine.Seat, m wire.Message) bool { _, open := m.(*wire.Open); return open } // never opens
		}
	})
	defer tt.close()
	tt.play()
	tt.waitFor("the set relayed without seat 2's opening", func() bool {
		ok := false
		tt.host.do(func() { r := tt.host.sealed; ok = r != nil && r.Relayed && len(r.Opens) == 2 })
		return ok
	})
	gone := tt.guests[2]
	gone.mu.Lock()
	mem, _ := json.Marshal(Memory{Table: gone.st.Table, Sealed: gone.sealedMemory()})
	gone.mu.Unlock()
	close(tt.stop)
	tt.wg.Wait()
	gone.Close()
	tt.expired(2)
	if err := tt.host.StandIn(2, "random", randomBot(1)); err != nil {
		t.Fatalf("stand-in for a seat whose commitment went out: %v", err)
	}
	tt.waitFor("the stand-in played", func() bool {
		n := 0
		tt.host.do(func() { n = len(tt.host.standIns) })
		return n > 0
	})
	a, b := Pipe()
	tt.host.AddGuest(a)
	back, _ := NewGuest(b, GuestConfig{Name: "p2", Identity: identity(2), Rand: newRand(98), Rules: lookup, Tick: 10 * time.Millisecond, Memory: mem})
	tt.guests[2] = back
	tt.stop = make(chan struct{})
	tt.play()
	tt.finish()
	tt.checkViews()
}
