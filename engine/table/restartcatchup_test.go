package table

import (
	"sync/atomic"
	"testing"
	"time"

	"miskatonic/engine"
	"miskatonic/engine/arkham"
	"miskatonic/engine/fair"
	"miskatonic/engine/wire"
)

// heldRestart is an Arkham table of three guests whose deal 1 was started again: seat 2 sealed
// again once the set of seals was out (what a page that reloaded then does; here a page that
// seals again instead of revealing its share), and then holds its seal of the new commitment,
// so the new set is not out. Seats 0 and 1 have sealed the new commitment: they followed the
// restart. The host keeps its snapshot in tt.mem[0].
func heldRestart(t *testing.T, seed uint64) *testTable {
	t.Helper()
	var resealed bool // on the guest's goroutine, its lock held: it is sending
	r := newRand(seed * 100)
	tt := chargeTable(t, seed, func(mal **Guest) func(engine.Seat, wire.Message) wire.Message {
		return func(seat engine.Seat, m wire.Message) wire.Message {
			switch m := m.(type) {
			case *wire.Contrib:
				if resealed {
					return m
				}
				resealed = true
				d := (*mal).deals[m.Epoch]
				sec, _ := fair.Secret(r)
				sl := identity(2).SealShare(d.cx.Bytes(), d.c, seat, sec)
				return &wire.Seal{Epoch: m.Epoch, Seat: seat, SC: sl.SC[:], Sig: sl.Sig}
			case *wire.Seal:
				if resealed {
					return &wire.Resync{Next: 1 << 40} // the new commitment's seal never leaves
				}
			}
			return m
		}
	})
	tt.host.do(func() { tt.host.cfg.ShareTimeout = time.Hour }) // nobody is benched: the table waits for seat 2
	tt.waitFor("deal 1 restarted and sealed again by seats 0 and 1", func() bool {
		held := false
		tt.host.do(func() {
			d := tt.host.deals[0]
			held = d.Round == 1 && len(d.Chain) == 1 && !d.SealsSent && d.Seals[0] != nil && d.Seals[1] != nil
		})
		return held
	})
	return tt
}

// reconnectAll gives every guest a new plain link to tt.host: seat 2 lets its seal out now.
func (tt *testTable) reconnectAll() {
	for _, g := range tt.guests {
		a, b := Pipe()
		tt.host.AddGuest(a)
		g.Reconnect(b)
	}
}

// playOut plays the game to its end with every guest, checks that each verified every deal
// and holds the host's final view of its seat, and closes the table.
func (tt *testTable) playOut() {
	tt.t.Helper()
	tt.play()
	tt.finish()
	tt.checkViews()
	tt.close()
}

// noFailedDeal fails the test with the first failed deal of any guest.
func (tt *testTable) noFailedDeal() {
	tt.t.Helper()
	for i, g := range tt.guests {
		for _, d := range g.State().Deals {
			if d.State == DealFailed {
				tt.t.Fatalf("guest %d: deal %d failed against an honest host: %s", i, d.Epoch, d.Problem)
			}
		}
	}
}

// TestRestartShownAgainAfterHostReload (the CI timeout of TestStandInThenHostReload): the
// host's page reloads while a restarted deal waits for its new seals. The resumed host shows
// each reconnecting guest the restart again (the replaced commitment and its set of seals, then
// the new commitment: Host.sendDeal), for a guest that missed the set. Before, a guest that had
// followed the restart took the replaced commitment for a new one with no seat changed, failed
// the deal as the host's re-deal, and never shared in it again: the table waited for good.
func TestRestartShownAgainAfterHostReload(t *testing.T) {
	defer checkNoLeak(t)()
	tt := heldRestart(t, 81)
	tt.host.Close()
	cfg := chargeConfig(tt, 82)
	cfg.ShareTimeout = time.Hour
	h2, err := Resume(arkham.Rules{}, tt.mem[0].get(), cfg)
	if err != nil {
		t.Fatal(err)
	}
	tt.host = h2
	tt.reconnectAll()
	tt.waitFor("deal 1 dealt, or failed", func() bool {
		dealt := false
		tt.host.do(func() { dealt = tt.host.deals[0].Applied })
		for _, g := range tt.guests {
			for _, d := range g.State().Deals {
				dealt = dealt || d.State == DealFailed
			}
		}
		return dealt
	})
	tt.noFailedDeal()
	tt.playOut()
}

// TestCrossedSealRefusalIsNoVerdict: a page that reloads while a restarted deal waits for its
// new seals is shown the restart (the replaced commitment, its set, the new commitment) and
// seals the replaced commitment before it reads the new one. The honest host refuses those
// seals as not signed over its commitment, and the refusals arrive after the new commitment.
// Before, the page counted them as the host holding its seal to a commitment it never sent and,
// the deal still open RevealTimeout later, failed it (wire.DealShareRefused) against an honest
// host. A refusal of a seal over a commitment since replaced says nothing about the host.
func TestCrossedSealRefusalIsNoVerdict(t *testing.T) {
	defer checkNoLeak(t)()
	tt := heldRestart(t, 83)
	tt.guests[0].Close()
	a, b := Pipe()
	w := &rejectWatch{Conn: b}
	tt.host.AddGuest(a)
	g, err := NewGuest(w, GuestConfig{Name: "p0", Identity: identity(0), Rand: newRand(8300), Rules: lookup, Tick: 10 * time.Millisecond, Logf: debugLogf})
	if err != nil {
		t.Fatal(err)
	}
	tt.guests[0] = g
	tt.waitFor("a seal of the reloaded page refused, and read", func() bool {
		at := w.at.Load()
		if at == 0 {
			return false
		}
		g.mu.Lock()
		defer g.mu.Unlock()
		return g.link != nil && g.link.next > at
	})
	g.mu.Lock()
	refused := g.live.refused[1]
	g.mu.Unlock()
	if !refused.IsZero() {
		t.Fatal("the refusal of a seal over the replaced commitment counts against the host: deal 1 fails once RevealTimeout passes")
	}
	tt.reconnectAll() // seat 2's seal goes out: the deal and the game go on
	tt.playOut()
}

// rejectWatch notes the frame seq of the first refusal of a seal or share (wire.KindAuth) the
// host sends on a link.
type rejectWatch struct {
	Conn
	at atomic.Uint64
}

func (c *rejectWatch) Recv() ([]byte, error) {
	f, err := c.Conn.Recv()
	if err == nil {
		if seq, m, derr := wire.Decode(f); derr == nil {
			if r, ok := m.(*wire.Reject); ok && r.Kind == wire.KindAuth {
				c.at.CompareAndSwap(0, seq)
			}
		}
	}
	return f, err
}

// TestSealHeldToAnotherCommitment is the attacker's side of TestCrossedSealRefusalIsNoVerdict:
// a host shows seat 1 a commitment other than the one it holds seals to, so it refuses every
// seal seat 1 makes. Those seals are over the commitment seat 1 was sent and still holds: the
// refusals count, and seat 1 names the host once RevealTimeout passes, not waiting for good.
func TestSealHeldToAnotherCommitment(t *testing.T) {
	defer checkNoLeak(t)()
	tt := newCheatTable(t, 3, nil, editCommit(1, func(c *wire.Commit) {
		c.C = append([]byte(nil), c.C...)
		c.C[0] ^= 1
	}), nil, map[string]string{"rounds": "1"})
	tt.play()
	if d := tt.firstFailure(1); d.Epoch != 1 || d.Code != wire.DealShareRefused {
		t.Fatalf("seat 1: %+v, want deal 1 failed with %s", d, wire.DealShareRefused)
	}
	tt.close()
}
