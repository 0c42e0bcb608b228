package table

import (
	"bytes"
	"fmt"
	"os"
	"sync/atomic"
	"testing"
	"time"

	"miskatonic/engine"
	"miskatonic/engine/arkham"
	"miskatonic/engine/wire"
)

// chainTable is an Arkham table of three players whose seat 0 is the host's own player
// (HostKey: its seat is never benched), its page's memory in tt.mem[1]; the host's snapshot is
// in tt.mem[0]. Every page of the host's player holds its share back while hold is set (its
// uplink is slow), so deal 1 stays open with its set of seals out, and a reload of the host's
// page, whose new page has lost that share and seals again, starts the deal again (charged to
// seat 0). Nobody is benched: the share deadline is an hour.
type chainTable struct {
	*testTable
	hold atomic.Bool
	seed uint64
	page uint64 // pages of the host's player opened so far
	// wrap, if set, wraps the new link of seat 1 or 2 at a reload (an attacker's change).
	wrap func(seat int, c Conn) Conn
}

// newChainTable starts the table; reveal is seats 1 and 2's RevealTimeout (0: the default).
func newChainTable(t *testing.T, seed uint64, reveal time.Duration) *chainTable {
	t.Helper()
	ct := &chainTable{testTable: &testTable{t: t, rand: newRand(seed), stop: make(chan struct{}), mem: []*memBox{{}, {}}}, seed: seed}
	ct.hold.Store(true)
	h, err := NewHost(arkham.Rules{}, ct.config(seed+1))
	if err != nil {
		t.Fatal(err)
	}
	ct.host = h
	ct.guests = append(ct.guests, ct.hostPage())
	ct.waitFor("host's player seated", func() bool { return ct.guests[0].State().Connected })
	for i := 1; i < 3; i++ {
		a, b := Pipe()
		h.AddGuest(a)
		g, _ := NewGuest(b, GuestConfig{Name: fmt.Sprint("p", i), Identity: identity(i), Rand: newRand(seed*10 + uint64(i)), Rules: lookup, Tick: 10 * time.Millisecond, RevealTimeout: reveal, Logf: debugLogf})
		ct.guests = append(ct.guests, g)
		ct.waitFor("seated", func() bool { return g.State().Connected })
	}
	for _, g := range ct.guests {
		g.SetReady(true)
	}
	ct.waitFor("start", func() bool { return h.Start() == nil })
	ct.waitRound(0)
	return ct
}

func (ct *chainTable) config(seed uint64) HostConfig {
	cfg := chargeConfig(ct.testTable, seed)
	cfg.ShareTimeout, cfg.HostKey, cfg.Signer, cfg.MaxObservers = time.Hour, identity(0).Public(), identity(0), 2
	return cfg
}

// hostPage opens a page of the host's player from its saved memory, on a new link.
func (ct *chainTable) hostPage() *Guest {
	ct.page++
	a, b := Pipe()
	ct.host.AddGuest(a)
	slow := &tamper{Conn: b, in: func(_ engine.Seat, m wire.Message) bool {
		_, share := m.(*wire.Contrib)
		return share && ct.hold.Load() // sent again each tick (a pipe may lose frames), so it goes once hold is cleared
	}}
	g, err := NewGuest(slow, GuestConfig{Name: "host", Identity: identity(0), Rand: newRand(ct.seed*10 + 100*ct.page), Rules: lookup, Tick: 10 * time.Millisecond, Logf: debugLogf,
		Memory: ct.mem[1].get(), Save: ct.mem[1].save})
	if err != nil {
		ct.t.Fatal(err)
	}
	return g
}

// waitRound waits until deal 1 is in restart round r with its set of seals out.
func (ct *chainTable) waitRound(r int) {
	ct.t.Helper()
	ct.waitFor(fmt.Sprintf("deal 1 in round %d, its seals out", r), func() bool {
		ok := false
		ct.host.do(func() { d := ct.host.deals[0]; ok = d.Round == r && d.SealsSent && !d.Applied })
		return ok
	})
}

// reload closes the host and its player's page and resumes both from what they saved; seats 1
// and 2 reconnect. The new page seals again: the deal starts again.
func (ct *chainTable) reload(n uint64) {
	ct.t.Helper()
	ct.guests[0].Close()
	ct.host.Close()
	h, err := Resume(arkham.Rules{}, ct.mem[0].get(), ct.config(ct.seed+50+n))
	if err != nil {
		ct.t.Fatal(err)
	}
	ct.host = h
	ct.guests[0] = ct.hostPage()
	for i, g := range ct.guests[1:3] {
		a, b := Pipe()
		h.AddGuest(a)
		if ct.wrap != nil {
			b = ct.wrap(i+1, b)
		}
		g.Reconnect(b)
	}
}

// cutAtSeals is a link that breaks as the first set of seals reaches it: its page holds a
// commitment and never saw its set.
type cutAtSeals struct {
	Conn
	cut atomic.Bool
}

func (c *cutAtSeals) Recv() ([]byte, error) {
	f, err := c.Conn.Recv()
	if err == nil {
		if _, m, derr := wire.Decode(f); derr == nil {
			if _, ok := m.(*wire.Seals); ok {
				c.cut.Store(true)
				c.Conn.Close()
				return nil, ErrClosed
			}
		}
	}
	return f, err
}

// joinCut seats a watcher whose link breaks at the first set of seals, and waits until it has.
func (ct *chainTable) joinCut() *Guest {
	ct.t.Helper()
	a, b := Pipe()
	c := &cutAtSeals{Conn: b}
	ct.host.AddGuest(a)
	w, err := NewGuest(c, GuestConfig{Name: "w", Identity: identity(7), Rand: newRand(ct.seed*10 + 7), Rules: lookup, Tick: 10 * time.Millisecond, Logf: debugLogf})
	if err != nil {
		ct.t.Fatal(err)
	}
	ct.waitFor("the watcher's link cut at the seals", func() bool { return c.cut.Load() && len(w.State().Deals) == 1 })
	return w
}

// caughtUp waits until g holds deal 1's current commitment, or (orFailed) has failed it.
func (ct *chainTable) caughtUp(g *Guest, orFailed bool) {
	ct.t.Helper()
	var c []byte
	ct.host.do(func() { c = append([]byte(nil), ct.host.deals[0].C...) })
	ct.waitFor("the guest at deal 1's current commitment", func() bool {
		g.mu.Lock()
		defer g.mu.Unlock()
		d := g.deals[1]
		return d != nil && (string(d.c[:]) == string(c) || orFailed && d.status.State == DealFailed)
	})
}

// TestAwayAcrossTwoRestarts: a page away across two restarts of one deal, each with no seat
// changed (two reloads of the host's page, each losing its player's share after the set of
// seals went out), comes back to an honest host. It saw commitment C1 and not its set; the
// host is at C3. The catch-up must show it the whole chain (C1 and its set, C2 with its cause
// and its set, C3 with its cause): shown only the last restart (C2, its set, C3), the page took
// C2 for a re-deal with no seat changed and failed the deal against an honest host.
func TestAwayAcrossTwoRestarts(t *testing.T) {
	defer checkNoLeak(t)()
	ct := newChainTable(t, 91, 0)
	w := ct.joinCut()
	ct.reload(1)
	ct.waitRound(1)
	ct.reload(2)
	ct.waitRound(2)
	a, b := Pipe()
	ct.host.AddGuest(a)
	w.Reconnect(b)
	ct.caughtUp(w, true)
	ct.guests = append(ct.guests, w)
	ct.noFailedDeal()
	for i, g := range ct.guests[1:] {
		if d := g.State().Deals[0]; d.Restarts != 2 {
			t.Errorf("guest %d followed %d restarts of deal 1, not 2", i+1, d.Restarts)
		}
	}
	ct.hold.Store(false)
	ct.play()
	ct.finish()
	ct.checkViews()
	ct.close()
}

// TestResumeRestartSavedBeforeChain: a table saved before the chain, deal 1 open after two
// restarts with only the latest replaced commitment kept (testdata/snapshots/
// arkham-restarted-prev.json: "prev"), still resumes. Its catch-up shows that commitment, its
// set and the current one, as before; fresh pages of all three players follow it (seat 0's
// page, its share lost, starts the deal once more, its third restart) and the game plays to
// the end with every deal verified. Saved again, the deal keeps a chain and no "prev".
func TestResumeRestartSavedBeforeChain(t *testing.T) {
	defer checkNoLeak(t)()
	b, err := os.ReadFile("testdata/snapshots/arkham-restarted-prev.json")
	if err != nil {
		t.Fatal(err)
	}
	ct := &chainTable{testTable: &testTable{t: t, rand: newRand(96), stop: make(chan struct{}), mem: []*memBox{{}, {}}}, seed: 96}
	ct.hold.Store(true) // the deal stays open after seat 0's page starts it again
	h, err := Resume(arkham.Rules{}, b, ct.config(97))
	if err != nil {
		t.Fatal(err)
	}
	ct.host = h
	var prev []byte
	h.do(func() {
		d := h.deals[0]
		if len(d.Chain) == 1 && d.Prev == nil {
			prev = d.Chain[0].C
		}
	})
	if prev == nil {
		t.Fatal("the saved prev is not the resumed deal's chain")
	}
	ct.guests = append(ct.guests, ct.hostPage())
	for i := 1; i < 3; i++ {
		a, b := Pipe()
		h.AddGuest(a)
		g, _ := NewGuest(b, GuestConfig{Name: fmt.Sprint("p", i), Identity: identity(i), Rand: newRand(960 + uint64(i)), Rules: lookup, Tick: 10 * time.Millisecond, Logf: debugLogf})
		ct.guests = append(ct.guests, g)
	}
	ct.waitRound(3)
	snap, err := h.Snapshot()
	if err != nil {
		t.Fatal(err)
	}
	if bytes.Contains(snap, []byte(`"prev"`)) || !bytes.Contains(snap, []byte(`"chain"`)) {
		t.Errorf("saved again, the deal keeps no chain:\n%s", snap)
	}
	h.do(func() {
		if d := h.deals[0]; len(d.Chain) != 2 || !bytes.Equal(d.Chain[0].C, prev) {
			t.Errorf("the chain after one more restart is %d commitments (want 2, the saved one first)", len(d.Chain))
		}
	})
	ct.hold.Store(false)
	ct.play()
	ct.finish()
	ct.checkViews()
	ct.close()
}
