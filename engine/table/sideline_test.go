package table

import (
	"bytes"
	"fmt"
	"sync/atomic"
	"testing"
	"time"

	"miskatonic/engine"
	"miskatonic/engine/arkham"
	"miskatonic/engine/rituals"
	"miskatonic/engine/shadows"
	"miskatonic/engine/wire"
)

// Two people at a table (sideline.go): the host's own page at seat 0, a guest at seat 1 (and,
// for Arkham Ritual, which needs three seats, a bot at seat 2, which adds nothing to a
// shuffle). The guest's share of the first deal never reaches the host — a slow relayed link,
// or a host that says so to get rid of it: the guest cannot tell which — so the host benches
// the seat, commits the deal again without it and deals it with nobody's share but its own.

// sidelineGames are the games of a two-person table dealt by engine/table (open dealing).
var sidelineGames = []struct {
	name  string
	rules engine.Rules
	bots  int
}{
	{"rituals", rituals.Rules{}, 0},
	{"shadows", shadows.Rules{}, 0},
	{"arkham open dealing", arkham.Rules{}, 1},
}

// sidelineTable starts the game, plays both pages until the first deal is committed (a
// Shadows table chooses first) and holds them there; once that deal is dealt without seat 1,
// the guest, away (its link closed by the bench), comes back on a link that loses nothing
// (reload: its page loads again, a new Guest from its saved memory, rather than reconnecting;
// wrap, optional, wraps its end of that link). play lets both pages play on.
func sidelineTable(t *testing.T, rules engine.Rules, bots int, seed uint64, reload bool, wrap ...func(Conn) Conn) (tt *testTable, victim *Guest, play func()) {
	t.Helper()
	tt = &testTable{t: t, rand: newRand(seed), stop: make(chan struct{})}
	h, err := NewHost(rules, HostConfig{Rand: newRand(seed + 1), Signer: identity(0), RatePerSecond: 5000, Burst: 5000,
		ShareTimeout: 300 * time.Millisecond, TurnTimeout: time.Hour, Bots: func(string) BotFunc { return randomBot(seed + 2) }, Logf: debugLogf})
	if err != nil {
		t.Fatal(err)
	}
	tt.host = h
	var lost atomic.Bool
	lost.Store(true)
	mem := &memBox{}
	for i := 0; i < 2; i++ {
		a, b := Pipe()
		if i == 1 {
			b = &tamper{Conn: b, seat: 1, edit: func(_ engine.Seat, m wire.Message) wire.Message {
				if _, ok := m.(*wire.Contrib); ok && lost.Load() {
					return &wire.Resync{Next: 1 << 40} // the share lost on the way
				}
				return m
			}}
		}
		h.AddGuest(a)
		var save func([]byte)
		if i == 1 {
			save = mem.save
		}
		g, _ := NewGuest(b, GuestConfig{Name: fmt.Sprint("p", i), Identity: identity(i), Rand: newRand(seed*10 + uint64(i)), Rules: lookup, Tick: 10 * time.Millisecond, Logf: debugLogf, Save: save})
		tt.guests = append(tt.guests, g)
		tt.waitFor("seated", func() bool { return g.State().Connected })
		g.SetReady(true)
	}
	for i := 0; i < bots; i++ {
		if _, err := h.AddBot(fmt.Sprint("bot", i), "random", randomBot(seed+uint64(10+i))); err != nil {
			t.Fatal(err)
		}
	}
	tt.waitFor("start", func() bool { return h.Start() == nil })
	victim = tt.guests[1]
	var hold atomic.Bool
	for _, g := range tt.guests {
		tt.wg.Add(1)
		go heldDriver(g, tt.rand, tt.stop, &tt.wg, &hold)
	}
	tt.waitFor("the first deal committed", func() bool {
		n := 0
		h.do(func() { n = len(h.deals) })
		return n > 0
	})
	hold.Store(true) // shares go on (a page sends them by itself); moves wait
	tt.waitFor("the first deal dealt without seat 1", func() bool {
		dealt := false
		h.do(func() {
			dealt = len(h.deals) > 0 && h.deals[0].Applied && h.seats[1].StandIn && h.seats[1].Benched == 0
		})
		return dealt
	})
	lost.Store(false)
	h.do(func() {
		if r := h.deals[0].Roster; len(r[1]) != 0 || !bytes.Equal(r[0], identity(0).Public()) {
			t.Fatalf("the first deal's roster is not the host's alone: %x", r)
		}
	})
	a, b := Pipe()
	h.AddGuest(a)
	for _, w := range wrap {
		b = w(b)
	}
	if reload {
		victim.Close()
		victim, _ = NewGuest(b, GuestConfig{Name: "p1", Identity: identity(1), Rand: newRand(seed*10 + 7), Rules: lookup, Tick: 10 * time.Millisecond, Logf: debugLogf, Memory: mem.get(), Save: mem.save})
		tt.guests[1] = victim
		tt.wg.Add(1)
		go heldDriver(victim, tt.rand, tt.stop, &tt.wg, &hold)
	} else {
		victim.Reconnect(b)
	}
	tt.waitFor("seat 1 back at the table", func() bool {
		st := victim.State()
		return st.Connected && st.HasView && !victim.awayNowLocked()
	})
	return tt, victim, func() { hold.Store(false) }
}

func (g *Guest) awayNowLocked() bool {
	g.mu.Lock()
	defer g.mu.Unlock()
	return g.awayNow()
}

// movesOf1 lists the seqs of seat 1's moves in deal epoch (from its deal's move to the next
// one's; 0: the whole game): own, those its page signed, or else the stand-in's.
func movesOf1(h *Host, epoch int, own bool) []int {
	var out []int
	h.do(func() {
		e := 0
		for i, m := range h.moves {
			if m.Kind == engine.KindDeal {
				e++
			}
			if m.Seat == 1 && m.Kind != engine.KindDeal && (epoch == 0 || e == epoch) && own == (len(h.sigs[i]) > 0 && !h.standIns[i+1]) {
				out = append(out, i+1)
			}
		}
	})
	return out
}

// TestSidelinedUntilNextDeal (the honest host): the guest comes back after its slow link lost
// its share. The deal in play holds no share but the host's, so its stand-in finishes it: the
// page says so (Sidelined, no legal moves) and plays nothing of it; at the next deal (the next
// Arkham round) or the game's end the seat is its own again, it shares in that deal, and every
// deal verifies on every page: no verdict on an honest host.
func TestSidelinedUntilNextDeal(t *testing.T) {
	for _, reload := range []bool{false, true} {
		for i, game := range sidelineGames {
			t.Run(fmt.Sprintf("%s/reload=%v", game.name, reload), func(t *testing.T) {
				sidelinedHonest(t, game.name, game.rules, game.bots, 300+uint64(i), reload)
			})
		}
	}
}

// sidelinedHonest is TestSidelinedUntilNextDeal for one game.
func sidelinedHonest(t *testing.T, name string, rules engine.Rules, bots int, seed uint64, reload bool) {
	defer checkNoLeak(t)()
	tt, victim, play := sidelineTable(t, rules, bots, seed, reload)
	st := victim.State()
	if !st.Sidelined || len(st.Legal) != 0 || !st.Lobby.Seats[1].StandIn || !st.Lobby.Seats[1].Connected {
		t.Fatalf("back in the host's deal: sidelined %v, %d legal moves, lobby %+v", st.Sidelined, len(st.Legal), st.Lobby.Seats[1])
	}
	tt.noFailedDeal()
	play()
	tt.finish()
	tt.checkViews()
	st = victim.State()
	if st.Sidelined || st.Lobby.Seats[1].StandIn {
		t.Fatalf("the game over, seat 1 is still its stand-in's: sidelined %v, lobby %+v", st.Sidelined, st.Lobby.Seats[1])
	}
	if in := movesOf1(tt.host, 1, true); len(in) > 0 {
		t.Fatalf("seat 1 played moves %v of the deal shuffled without it", in)
	}
	if len(st.Deals) > 1 {
		tt.host.do(func() {
			if !bytes.Equal(tt.host.deals[1].Roster[1], identity(1).Public()) {
				t.Fatalf("seat 1's player shares in no deal after it")
			}
		})
	}
	t.Logf("%s: %d deals; in deal 1 the stand-in played %v; seat 1's own moves at %v", name, len(st.Deals), movesOf1(tt.host, 1, false), movesOf1(tt.host, 0, true))
	tt.close()
}

// TestAttackHostAloneDealHandedBack (the attacker's test): the host cut the guest off, said
// its share never came, benched it, committed the deal again without it and dealt it alone —
// the host's secret and its own page's share, both its own, so it could have picked the deal.
// Then it welcomes the guest back into that deal. The attacker's change alone (in this test,
// not in the host): the seat given back at once, or a lobby that hides the stand-in from it
// (while the stand-in plays on, or the guest is offered moves). The guest must play none of
// that deal, and fail it naming the host (deal.handed_back, or deal.stood_in for a stand-in
// move in its name while it was, it was told, at its seat).
func TestAttackHostAloneDealHandedBack(t *testing.T) {
	attacks := []struct {
		name string
		do   func(tt *testTable, victim *Guest)
		wrap func(Conn) Conn
		code string
	}{
		{"seat handed back", func(tt *testTable, _ *Guest) {
			h := tt.host
			h.do(func() {
				h.returned(1) // what the host did before this fix: the seat back at once
				h.broadcastLobby()
				h.advance()
			})
		}, nil, wire.DealHandedBack},
		{"lobby hides the stand-in", func(*testTable, *Guest) {}, func(c Conn) Conn {
			return &tamper{Conn: c, seat: 1, out: func(_ engine.Seat, m wire.Message) wire.Message {
				if l, ok := m.(*wire.Lobby); ok && len(l.Seats) > 1 && l.Seats[1].StandIn {
					c := *l
					c.Seats = append([]wire.SeatInfo(nil), l.Seats...)
					c.Seats[1].StandIn = false // as if the seat were given back at once
					return &c
				}
				return m
			}}
		}, ""},
	}
	for _, a := range attacks {
		for i, game := range sidelineGames {
			t.Run(a.name+"/"+game.name, func(t *testing.T) {
				defer checkNoLeak(t)()
				var wrap []func(Conn) Conn
				if a.wrap != nil {
					wrap = append(wrap, a.wrap)
				}
				tt, victim, play := sidelineTable(t, game.rules, game.bots, 300+uint64(i), i == 2, wrap...)
				backAt := victim.State().Seq
				a.do(tt, victim)
				play()
				// The guest fails the deal once it is to move in it, or shown a stand-in's move in
				// its name. A deal 1 that ends with seat 1 never to move again after its return
				// (Arkham's stand-in may have had its turn already) offers it nothing to play.
				failed := func() bool {
					for _, d := range victim.State().Deals {
						if d.Epoch == 1 && d.State == DealFailed {
							return true
						}
					}
					return false
				}
				tt.waitFor("the guest fails the host's deal, or sees deal 1 end", func() bool {
					st := victim.State()
					for _, d := range st.Deals {
						if d.Epoch == 2 {
							return true // its frames come in order: deal 1's are all in
						}
					}
					over := false
					select {
					case <-tt.host.Done():
						over = st.Seq == tt.host.State().Seq
					default:
					}
					return failed() || over
				})
				if failed() {
					for _, d := range victim.State().Deals {
						if d.Epoch == 1 && a.code != "" && d.Code != a.code {
							t.Fatalf("deal 1 failed with %s (%s), want %s", d.Code, d.Problem, a.code)
						}
					}
					if err := victim.Send(engine.Move{Seat: 1, Kind: "x"}); err == nil {
						t.Fatalf("the guest would play on in the host's deal")
					}
				} else {
					for _, seq := range append(movesOf1(tt.host, 1, true), movesOf1(tt.host, 1, false)...) {
						if seq > backAt {
							t.Fatalf("deal 1 ended with no verdict, though seat 1 moved in it at %d after its return", seq)
						}
					}
				}
				if in := movesOf1(tt.host, 1, true); len(in) > 0 {
					t.Fatalf("the guest played moves %v of the host's deal", in)
				}
				code := ""
				for _, d := range victim.State().Deals {
					if d.Epoch == 1 {
						code = d.Code
					}
				}
				t.Logf("%s: deal 1 failed (%s); the stand-in played %v of it", game.name, code, movesOf1(tt.host, 1, false))
				tt.close()
			})
		}
	}
}
