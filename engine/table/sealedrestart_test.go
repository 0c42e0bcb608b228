package table

import (
	"fmt"
	"slices"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	"miskatonic/engine"
	"miskatonic/engine/fair"
	"miskatonic/engine/rituals"
	"miskatonic/engine/wire"
)

// gatedDriver plays random legal moves for g whenever gate says it may.
func gatedDriver(g *Guest, r *randReader, stop <-chan struct{}, wg *sync.WaitGroup, gate func(st GuestState) bool) {
	defer wg.Done()
	t := time.NewTicker(5 * time.Millisecond)
	defer t.Stop()
	acted := -1
	for {
		select {
		case <-stop:
			return
		case <-g.Updates():
		case <-t.C:
		}
		g.mu.Lock()
		st := g.st
		waiting := g.pending != nil
		legal := append([]engine.Move(nil), st.Legal...)
		g.mu.Unlock()
		if !st.HasView || waiting || st.Seq == acted || !st.Status.IsActive(st.Seat) || len(legal) == 0 || !gate(st) {
			continue
		}
		if err := g.Send(legal[r.intn(len(legal))]); err == nil {
			acted = st.Seq
		}
	}
}

// restartTable is a Rituals table of three guests where seat 2 has committed to a sealed
// choice and its link is gone, the others commit after, so the complete set is relayed with
// seat 2's commitment while its player can no longer open it. It returns the table, the base
// of that round, and a function to reconnect seat 2's guest.
func restartTable(t *testing.T, seed uint64) (*testTable, int, func() *Guest) {
	tt := &testTable{t: t, rand: newRand(seed), stop: make(chan struct{})}
	cfg := HostConfig{Rand: newRand(seed + 1), RatePerSecond: 5000, Burst: 5000, TurnTimeout: 30 * time.Millisecond,
		Options: randomOptions(rituals.Rules{}, 3, newRand(seed)),
		Bots:    func(string) BotFunc { return randomBot(seed + 2) }, Logf: debugLogf}
	h, err := NewHost(rituals.Rules{}, cfg)
	if err != nil {
		t.Fatal(err)
	}
	tt.host = h
	var hostEnd Conn
	for i := 0; i < 3; i++ {
		a, b := Pipe()
		h.AddGuest(a)
		if i == 2 {
			hostEnd = a
		}
		g, _ := NewGuest(b, GuestConfig{Name: fmt.Sprint("p", i), Identity: identity(i), Rand: newRand(seed*10 + uint64(i)), Rules: lookup, Tick: 10 * time.Millisecond})
		tt.guests = append(tt.guests, g)
		tt.waitFor("seated", func() bool { return g.State().Connected })
		g.SetReady(true)
	}
	tt.waitFor("start", func() bool { return h.Start() == nil })
	// Seats 0 and 1 wait in a sealed round seat 2 chooses in, until released: seat 2 commits
	// first there, then its link drops.
	var released, gone atomic.Bool
	for i := 0; i < 2; i++ {
		tt.wg.Add(1)
		go gatedDriver(tt.guests[i], newRand(seed*100+uint64(i)), tt.stop, &tt.wg, func(st GuestState) bool {
			return released.Load() || !(st.Status.Sealed && st.Status.IsActive(2))
		})
	}
	tt.wg.Add(1)
	go gatedDriver(tt.guests[2], newRand(seed*100+2), tt.stop, &tt.wg, func(GuestState) bool { return !gone.Load() })
	base := -1
	tt.waitFor("seat 2 alone committed in a sealed round", func() bool {
		tt.host.do(func() {
			if r := tt.host.sealed; r != nil && r.Pledges[2] != nil && !r.Relayed {
				base = r.Base
			}
		})
		return base >= 0
	})
	gone.Store(true)
	hostEnd.Close()
	tt.waitFor("seat 2 gone", func() bool {
		gone := false
		tt.host.do(func() { gone = tt.host.seats[2].peer == nil })
		return gone
	})
	released.Store(true)
	tt.waitFor("the set relayed with seat 2's commitment", func() bool {
		ok := false
		tt.host.do(func() {
			r := tt.host.sealed
			ok = r != nil && r.Base == base && r.Relayed && r.Opens[2] == nil && len(r.Opens) == len(r.Active)-1
		})
		return ok
	})
	reconnect := func() *Guest {
		a, b := Pipe()
		tt.host.AddGuest(a)
		tt.guests[2].Reconnect(b)
		return tt.guests[2]
	}
	return tt, base, reconnect
}

// TestSealedRestartForDroppedSeat: seat 2's player commits, the others commit, the set goes
// out, and seat 2's link drops before it opened: only it holds the opening. Once the deadline
// runs out the host stands a bot in; the round's set starts again for seat 2 alone (the
// others' commitments, and the openings they already sent, unchanged), the stand-in's move is
// applied and the game finishes. Every guest that stayed verifies every deal, saw the set
// twice, and the round's other moves are exactly the choices they committed to first. With
// back, the player returns afterwards, takes the seat back and verifies every deal too.
func TestSealedRestartForDroppedSeat(t *testing.T) {
	for _, back := range []bool{false, true} {
		t.Run(fmt.Sprint("back=", back), func(t *testing.T) {
			defer checkNoLeak(t)()
			tt, base, reconnect := restartTable(t, 71)
			defer tt.close()
			var before map[engine.Seat]wire.Pledge
			var opens map[engine.Seat]engine.Move
			tt.host.do(func() {
				before, opens = map[engine.Seat]wire.Pledge{}, map[engine.Seat]engine.Move{}
				for s, p := range tt.host.sealed.Pledges {
					before[s] = *p
				}
				for s, o := range tt.host.sealed.Opens {
					opens[s] = o.Move
				}
			})
			tt.expired(2)
			if err := tt.host.StandIn(2, "random", randomBot(5)); err != nil {
				t.Fatal(err)
			}
			tt.waitFor("the round applied", func() bool {
				n := 0
				tt.host.do(func() { n = len(tt.host.moves) })
				return n > base+len(before)-1
			})
			tt.host.do(func() {
				for s, m := range opens {
					if s == 2 {
						t.Errorf("seat 2's own opening reached the host")
					}
					found := false
					for i := base; i < base+len(before); i++ {
						found = found || tt.host.moves[i] == m
					}
					if !found {
						t.Errorf("seat %d opened %s, but the round applied %v", s, m, tt.host.moves[base:base+len(before)])
					}
				}
				if !tt.host.standIns[base+1+indexOf(sortedSeats(before), 2)] {
					t.Errorf("seat 2's move in the restarted round is not marked as the stand-in's")
				}
			})
			for i := 0; i < 2; i++ {
				g := tt.guests[i]
				var set []fair.Pledge
				tt.waitFor(fmt.Sprintf("guest %d told the restarted set", i), func() bool {
					g.mu.Lock()
					set = g.audit.PledgeSet(base)
					g.mu.Unlock()
					for _, p := range set {
						if p.Seat == 2 {
							return p.StandIn
						}
					}
					return false
				})
				for _, p := range set {
					if p.Seat != 2 && p.C != [32]byte(before[p.Seat].C) {
						t.Errorf("guest %d: seat %d's commitment changed in the restart", i, p.Seat)
					}
					if p.Seat == 2 && (!p.StandIn || p.C == [32]byte(before[2].C)) {
						t.Errorf("guest %d: seat 2's commitment was not replaced by the stand-in's", i)
					}
				}
			}
			if back {
				g := reconnect()
				tt.waitFor("the seat back", func() bool { st := g.State(); return st.Connected && st.Seat == 2 })
				tt.wg.Add(1)
				go driver(g, tt.rand, tt.stop, &tt.wg)
				tt.finish()
				tt.checkViews()
				return
			}
			gone := tt.guests[2]
			defer gone.Close()
			tt.guests = tt.guests[:2]
			tt.finish()
			tt.checkViews()
		})
	}
}

func sortedSeats[V any](m map[engine.Seat]V) []engine.Seat {
	var out []engine.Seat
	for s := range m {
		out = append(out, s)
	}
	for i := range out {
		for j := i + 1; j < len(out); j++ {
			if out[j] < out[i] {
				out[i], out[j] = out[j], out[i]
			}
		}
	}
	return out
}

func indexOf(s []engine.Seat, x engine.Seat) int {
	for i, v := range s {
		if v == x {
			return i
		}
	}
	return -1
}

// TestAttackSealedRestartOnConnectedSeat: a dishonest host uses the restart on a player who
// is still at the table. It swallows seat 1's opening after the set went out, seats a
// stand-in there (hidden from seat 1's lobby, shown to the others), and restarts the set with
// the stand-in's commitment for seat 1. Seat 1 never left: its guest fails the deal (rule 3,
// a stand-in's commitment for its seat while it was at the table), naming the host.
func TestAttackSealedRestartOnConnectedSeat(t *testing.T) {
	defer checkNoLeak(t)()
	var once sync.Once
	var restarted atomic.Bool
	var tt *testTable
	tt = newTable(t, tableOpts{rules: rituals.Rules{}, guests: 3, seed: 23, wrap: func(i int, c Conn) Conn {
		tc := &tamper{Conn: c, seat: engine.Seat(i)}
		if i != 1 {
			return tc
		}
		tc.in = func(s engine.Seat, m wire.Message) bool {
			if _, ok := m.(*wire.Open); !ok || s != 1 {
				return false
			}
			once.Do(func() {
				go tt.host.do(func() {
					seat := tt.host.seats[1]
					seat.StandIn, seat.Level, seat.botFn = true, "random", randomBot(9)
					tt.host.broadcastLobby()
					r := tt.host.sealed
					tt.host.restartSealed(1)
					restarted.Store(r != nil && r.Pledges[1] == nil && !r.Relayed)
					tt.host.advance()
				})
			})
			return true
		}
		tc.out = func(s engine.Seat, m wire.Message) wire.Message {
			if v, ok := m.(*wire.Lobby); ok && len(v.Seats) > 1 && v.Seats[1].StandIn {
				l := *v
				l.Seats = slices.Clone(v.Seats)
				l.Seats[1].StandIn, l.Seats[1].Level = false, ""
				return &l
			}
			return m
		}
		return tc
	}})
	defer tt.close()
	tt.play()
	tt.waitCode(1, wire.DealStoodIn)
	if !restarted.Load() {
		t.Fatal("the host never restarted the set for seat 1: the attack was not tried")
	}
}
