package table

import (
	"encoding/json"
	"fmt"
	"strings"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	"miskatonic/engine"
	"miskatonic/engine/fair/toy"
	"miskatonic/engine/wire"
)

func init() { extraRules["toysealed"] = toy.SealedRules{} }

// TestSealedPlay plays the sealed toy through the real host, guests and a bot: every sealed
// round is committed, relayed, opened and applied, and every guest verifies every deal and
// every sealed move in its replay.
func TestSealedPlay(t *testing.T) {
	defer checkNoLeak(t)()
	tt := newTable(t, tableOpts{rules: toy.SealedRules{}, guests: 3, bots: 1, seed: 7})
	defer tt.close()
	tt.play()
	tt.finish()
	tt.checkViews()
}

// sealedTable is the sealed toy with three guests and a bot; wrap sets each guest's tamper.
func sealedTable(t *testing.T, seed uint64, wrap func(c *tamper)) *testTable {
	t.Helper()
	return newTable(t, tableOpts{rules: toy.SealedRules{}, guests: 3, bots: 1, seed: seed, wrap: func(i int, c Conn) Conn {
		tc := &tamper{Conn: c, seat: engine.Seat(i)}
		wrap(tc)
		return tc
	}})
}

// waitProblem waits until every guest has failed a deal with a problem containing want.
func (tt *testTable) waitProblem(want string) {
	tt.t.Helper()
	for i, g := range tt.guests {
		tt.waitFor(fmt.Sprintf("guest %d to fail with %q", i, want), func() bool {
			for _, d := range g.State().Deals {
				if d.State == DealFailed {
					if !strings.Contains(d.Problem, want) {
						tt.t.Fatalf("guest %d failed for another reason: %s", i, d.Problem)
					}
					return true
				}
			}
			return false
		})
	}
}

// TestSealedHostChangesItsChoice is a dishonest host page: seat 0 is the host's own seat, whose
// key the page holds. Once the set of commitments is relayed it swallows its seat's honest
// opening and applies another choice instead, signed with the seat's key, as if it had chosen
// after seeing the others. The signature is genuine; only the commitment can catch it, and every
// guest's replay does.
func TestSealedHostChangesItsChoice(t *testing.T) {
	defer checkNoLeak(t)()
	var tt *testTable
	var once sync.Once
	tt = sealedTable(t, 11, func(c *tamper) {
		if c.seat != 0 {
			return
		}
		c.in = func(_ engine.Seat, m wire.Message) bool {
			o, ok := m.(*wire.Open)
			if !ok {
				return false
			}
			once.Do(func() {
				other := o.Move
				other.N = o.Move.N%3 + 1
				go tt.host.do(func() {
					r := tt.host.sealed
					if r == nil || r.Base != o.Base {
						return
					}
					nonce := make([]byte, wire.SecretSize)
					seq := r.Base + 1 + r.rank(0)
					r.Opens[0] = &wire.Open{Base: o.Base, Move: other, Nonce: nonce, Sig: identity(0).SignMove(tt.host.table, seq, other)}
					if tt.host.applyRound() {
						tt.host.advance()
					}
				})
			})
			return true
		}
	})
	defer tt.close()
	tt.play()
	tt.waitProblem("is not the choice it committed to")
}

// TestSealedGuestOpensAnotherMove is a malicious guest page: it commits to one bid and, once
// it has seen the set, opens another (properly signed for its seq). The host refuses it and
// applies nothing: the round stays open at its base.
func TestSealedGuestOpensAnotherMove(t *testing.T) {
	defer checkNoLeak(t)()
	var tbl atomic.Value
	tt := sealedTable(t, 12, func(c *tamper) {
		if c.seat != 1 {
			return
		}
		c.edit = func(_ engine.Seat, m wire.Message) wire.Message {
			o, ok := m.(*wire.Open)
			if !ok {
				return m
			}
			f := *o
			f.Move.N = o.Move.N%3 + 1
			f.Sig = identity(1).SignMove(tbl.Load().([]byte), o.Base+1+1, f.Move) // seat 1 is second in seat order
			return &f
		}
	})
	defer tt.close()
	var base int
	tt.host.do(func() { tbl.Store(tt.host.table) })
	tt.play()
	g := tt.guests[1]
	tt.waitFor("the forged opening refused", func() bool {
		r := g.State().Reject
		// Only the code crosses the wire: an illegal opening, refused against its round.
		return r != nil && r.Kind == engine.KindIllegal && r.Msg == ""
	})
	tt.host.do(func() {
		if tt.host.sealed == nil {
			t.Fatal("the sealed round closed after a forged opening")
		}
		base = tt.host.sealed.Base
		if len(tt.host.moves) != base {
			t.Fatalf("moves applied after a forged opening: %d, round at %d", len(tt.host.moves), base)
		}
		if tt.host.sealed.Opens[1] != nil {
			t.Fatal("the forged opening was kept")
		}
	})
	if st := tt.host.State(); st.Seq != base || !st.Status.Sealed {
		t.Fatalf("host at seq %d sealed=%v, want the open round at %d", st.Seq, st.Status.Sealed, base)
	}
	if r := g.State().Reject; r.BasedOn != base {
		t.Fatalf("the refusal names round %d, want %d", r.BasedOn, base)
	}
}

// capture records, for one guest, the sealed rounds whose complete set of commitments it has
// received and its own openings, and every violation of the sealed guarantees it sees.
type capture struct {
	mu       sync.Mutex
	sets     map[int]int // base -> seats in the relayed set
	opened   map[int]bool
	bids     int // other seats' choices received (after their round's set)
	problems []string
}

func (c *capture) moveSeen(seat engine.Seat, seq int, m engine.Move) {
	if m.Kind != "bid" || m.Seat == seat {
		return
	}
	for b, n := range c.sets {
		if b < seq && seq <= b+n && c.opened[b] {
			c.bids++
			return
		}
	}
	c.problems = append(c.problems, fmt.Sprintf("seat %d was told seat %d's choice %s (seq %d) before its round's set was complete and its own choice opened", seat, m.Seat, m, seq))
}

// TestSealedFramesHideChoices captures every frame between the host and each guest over a whole
// game: no frame tells a seat another seat's choice before the complete set of commitments has
// reached it and it has opened its own, no frame but a view or log carries a choice at all, and
// no seat (seat 0 is the host's own) opens before it holds the complete set.
func TestSealedFramesHideChoices(t *testing.T) {
	defer checkNoLeak(t)()
	caps := make([]*capture, 3)
	tt := sealedTable(t, 13, func(c *tamper) {
		cp := &capture{sets: map[int]int{}, opened: map[int]bool{}}
		caps[c.seat] = cp
		c.out = func(seat engine.Seat, m wire.Message) wire.Message {
			cp.mu.Lock()
			defer cp.mu.Unlock()
			switch m := m.(type) {
			case *wire.Pledges:
				cp.sets[m.Base] = len(m.Pledges)
			case *wire.View:
				if m.Move != nil {
					cp.moveSeen(seat, m.Seq, *m.Move)
				}
			case *wire.Log:
				for i, mv := range m.Moves {
					cp.moveSeen(seat, m.From+i+1, mv)
				}
			default:
				if b, _ := json.Marshal(m); strings.Contains(string(b), `"kind":"bid"`) {
					cp.problems = append(cp.problems, fmt.Sprintf("a %s told seat %d a choice: %s", m.Type(), seat, b))
				}
			}
			return m
		}
		c.in = func(seat engine.Seat, m wire.Message) bool {
			cp.mu.Lock()
			defer cp.mu.Unlock()
			switch m := m.(type) {
			case *wire.Open:
				if _, ok := cp.sets[m.Base]; !ok {
					cp.problems = append(cp.problems, fmt.Sprintf("seat %d opened its choice at %d before it held the set", seat, m.Base))
				}
				cp.opened[m.Base] = true
			case *wire.Move:
				if m.Move.Kind == "bid" {
					cp.problems = append(cp.problems, fmt.Sprintf("seat %d sent its sealed choice in the clear", seat))
				}
			}
			return false
		}
	})
	defer tt.close()
	tt.play()
	tt.finish()
	for i, cp := range caps {
		cp.mu.Lock()
		if len(cp.problems) > 0 {
			t.Errorf("guest %d: %s", i, strings.Join(cp.problems, "\n"))
		}
		if cp.bids == 0 || len(cp.sets) == 0 {
			t.Errorf("guest %d saw %d sets and %d others' choices: the game had no sealed rounds?", i, len(cp.sets), cp.bids)
		}
		cp.mu.Unlock()
	}
}

// TestSealedHostSeatWaitsForTheSet is a host page that wants its own seat's choice early: it
// relays a set without one of the other seats' commitments. The host's own seat (a Guest)
// keeps its choice: no opening leaves it, a second choice in the same round is refused, and
// nothing is applied.
func TestSealedHostSeatWaitsForTheSet(t *testing.T) {
	defer checkNoLeak(t)()
	var opened atomic.Int32
	tt := sealedTable(t, 14, func(c *tamper) {
		if c.seat != 0 {
			return
		}
		c.out = func(_ engine.Seat, m wire.Message) wire.Message {
			if p, ok := m.(*wire.Pledges); ok {
				short := *p
				short.Pledges = p.Pledges[:len(p.Pledges)-1]
				return &short
			}
			return m
		}
		c.in = func(_ engine.Seat, m wire.Message) bool {
			if _, ok := m.(*wire.Open); ok {
				opened.Add(1)
			}
			return false
		}
	})
	defer tt.close()
	tt.play()
	g := tt.guests[0]
	tt.waitFor("the host seat to commit", func() bool {
		g.mu.Lock()
		defer g.mu.Unlock()
		return g.sealed != nil
	})
	// The other guests hold the full set and open; give the host seat many ticks to misbehave.
	tt.waitFor("the others to open", func() bool {
		n := 0
		tt.host.do(func() {
			if r := tt.host.sealed; r != nil {
				n = len(r.Opens)
			}
		})
		return n == 3 // guests 1 and 2 and the bot
	})
	time.Sleep(10 * tt.guests[0].cfg.Tick)
	if n := opened.Load(); n != 0 {
		t.Fatalf("the host's own seat opened its choice %d times on an incomplete set", n)
	}
	st := g.State()
	if !st.Waiting {
		t.Fatal("the host's seat does not show its committed choice as waiting")
	}
	if err := g.Send(engine.Move{Seat: 0, Kind: "bid", N: 1}); err == nil {
		t.Fatal("a second sealed choice in the same round was accepted")
	}
	tt.host.do(func() {
		if r := tt.host.sealed; r == nil || len(tt.host.moves) != r.Base || r.Opens[0] != nil {
			t.Fatal("the round moved on without the host seat's opening")
		}
	})
}

// TestSealedReload reloads a guest page after it committed: the reloaded page sends the same
// commitment again and opens the choice it made, so the round completes with that choice.
func TestSealedReload(t *testing.T) {
	defer checkNoLeak(t)()
	tt := sealedTable(t, 15, func(*tamper) {})
	defer tt.close()
	g := tt.guests[2]
	if err := func() error {
		tt.waitFor("the first round", func() bool { st := g.State(); return st.HasView && st.Status.Sealed })
		return g.Send(engine.Move{Seat: 2, Kind: "bid", N: 3})
	}(); err != nil {
		t.Fatal(err)
	}
	var mem []byte
	var base int
	tt.waitFor("the host holds the commitment", func() bool {
		ok := false
		tt.host.do(func() { r := tt.host.sealed; ok = r != nil && r.Pledges[2] != nil; base = len(tt.host.moves) })
		return ok
	})
	g.mu.Lock()
	mem, _ = json.Marshal(Memory{Table: g.st.Table, Sealed: g.sealedMemory()})
	g.mu.Unlock()
	g.Close()
	a, b := Pipe()
	if err := tt.host.AddGuest(a); err != nil {
		t.Fatal(err)
	}
	g2, err := NewGuest(b, GuestConfig{Name: "p2", Identity: identity(2), Rand: newRand(99), Rules: lookup, Tick: 20 * time.Millisecond, Memory: mem})
	if err != nil {
		t.Fatal(err)
	}
	tt.guests[2] = g2
	tt.guests = tt.guests[:2] // the drivers play the others; g2 must not choose again
	defer g2.Close()
	tt.play()
	tt.waitFor("the round applied", func() bool { return tt.host.State().Seq > base+3 })
	tt.host.do(func() {
		if got := tt.host.moves[base+2]; got != (engine.Move{Seat: 2, Kind: "bid", N: 3}) {
			t.Errorf("seat 2's move in the round: %v, committed bid 3", got)
		}
	})
}
