package table

import (
	"bytes"
	"strings"
	"sync"
	"testing"
	"time"

	"miskatonic/engine"
	"miskatonic/engine/fair/toy"
	"miskatonic/engine/wire"
)

// The guest audits after it tells its screens (later.go). These tests feed a guest what a real
// dishonest host sent seat 0 (a stacked first deal), with the frames that follow the reveal
// already queued before the guest has audited it: the verdict must be the one the audit finds,
// land before anything that follows is taken, be saved, and keep our share out of the next deal.

// stackedStream is every frame seat 0 received from a host that stacked deal 1, up to the
// commitment of deal 2, and where the reveal of deal 1 is in it.
func stackedStream(t *testing.T) (frames [][]byte, reveal int) {
	t.Helper()
	var rec *recorder
	tt := newTable(t, tableOpts{rules: stackedRules{Rules: toy.Rules{}, epoch: 1, key: [32]byte{7}}, guests: 3, seed: 31,
		opts: map[string]string{"rounds": "3"},
		wrap: func(i int, c Conn) Conn {
			if i == 0 {
				rec = &recorder{Conn: c}
				return rec
			}
			return c
		}})
	tt.play()
	reveal = -1
	tt.waitFor("seat 0 to get the next deal's commitment after the reveal", func() bool {
		rec.mu.Lock()
		defer rec.mu.Unlock()
		for i, f := range rec.frames {
			_, m, _ := wire.Decode(f)
			switch m := m.(type) {
			case *wire.Reveal:
				if m.Epoch == 1 {
					reveal = i
				}
			case *wire.Commit:
				if m.Epoch == 2 && reveal >= 0 {
					frames = append([][]byte(nil), rec.frames[:i+1]...)
					return true
				}
			}
		}
		return false
	})
	tt.close()
	return frames, reveal
}

// sentSink is a link that delivers nothing and keeps what the guest sends.
type sentSink struct {
	sink
	mu   sync.Mutex
	sent []wire.Message
}

func (s *sentSink) Send(f []byte) error {
	if _, m, err := wire.Decode(f); err == nil {
		s.mu.Lock()
		s.sent = append(s.sent, m)
		s.mu.Unlock()
	}
	return nil
}

// handFed is a guest whose frames the test pushes itself.
func handFed(t *testing.T, rules func(string) (engine.Rules, bool), mem *memBox) (*Guest, *sentSink) {
	t.Helper()
	c := &sentSink{sink: sink{done: make(chan struct{})}}
	g, err := NewGuest(c, GuestConfig{Name: "p0", Identity: identity(0), Rand: newRand(7), Rules: rules, Tick: time.Hour, Save: mem.save})
	if err != nil {
		t.Fatal(err)
	}
	return g, c
}

// feed gives the guest's loop frames one after another, as its link would.
func feed(g *Guest, frames ...[]byte) {
	g.mu.Lock()
	gen := g.gen
	g.mu.Unlock()
	for _, f := range frames {
		g.frames <- inFrame{gen, f}
	}
}

// push queues a few frames for the guest's loop at once: it is held off g.mu meanwhile, so
// it handles the first only when every one is waiting behind it.
func push(g *Guest, frames ...[]byte) {
	g.mu.Lock()
	for _, f := range frames {
		g.frames <- inFrame{g.gen, f}
	}
	g.mu.Unlock()
}

func deal(st GuestState, epoch int) (DealStatus, bool) {
	for _, d := range st.Deals {
		if d.Epoch == epoch {
			return d, true
		}
	}
	return DealStatus{}, false
}

// The next deal's commitment right behind the reveal: the verdict on the stacked deal is the
// audit's, it is saved, and the guest never seals a share of the next deal.
func TestAuditLaterNextDealRefused(t *testing.T) {
	defer checkNoLeak(t)()
	frames, reveal := stackedStream(t)
	mem := &memBox{}
	g, c := handFed(t, lookup, mem)
	defer g.Close()
	feed(g, frames[:reveal]...)
	push(g, frames[reveal:]...)
	waitUntil(t, "the next deal's commitment", func() bool { _, ok := deal(g.State(), 2); return ok })
	d, _ := deal(g.State(), 1)
	if d.State != DealFailed || d.Code != wire.DealMismatch || !strings.Contains(d.Problem, "differs from the deal") {
		t.Fatalf("deal 1: %+v", d)
	}
	if !bytes.Contains(mem.get(), []byte(d.Problem)) {
		t.Fatalf("the verdict was not saved: %s", mem.get())
	}
	g.mu.Lock()
	share := g.deals[2].share
	g.mu.Unlock()
	c.mu.Lock()
	defer c.mu.Unlock()
	for _, m := range c.sent {
		if s, ok := m.(*wire.Seal); ok && s.Epoch == 2 {
			t.Fatal("the guest sealed a share of the deal after a failed one")
		}
	}
	if share != nil {
		t.Fatal("the guest drew a share of the deal after a failed one")
	}
}

// A new game right behind the reveal (the host buries the stacked deal under a rematch): the
// deal is still failed for what the audit found, not closed as never revealed.
func TestAuditLaterNotBuriedByANewGame(t *testing.T) {
	defer checkNoLeak(t)()
	frames, reveal := stackedStream(t)
	var welcome *wire.Welcome
	for _, f := range frames {
		if _, m, _ := wire.Decode(f); m.Type() == wire.TWelcome {
			welcome = m.(*wire.Welcome)
		}
	}
	seq, _, _ := wire.Decode(frames[reveal])
	other := *welcome
	other.Table, other.Match = bytes.Repeat([]byte{0xEE}, 16), welcome.Match+1
	buried, err := wire.Encode(seq+1, &other)
	if err != nil {
		t.Fatal(err)
	}
	mem := &memBox{}
	g, _ := handFed(t, lookup, mem)
	defer g.Close()
	feed(g, frames[:reveal]...)
	push(g, frames[reveal], buried)
	waitUntil(t, "the new game", func() bool { return g.State().Match == other.Match })
	var d *DealStatus
	for _, p := range g.State().PrevDeals {
		if p.Epoch == 1 {
			d = &p
		}
	}
	if d == nil || d.State != DealFailed || d.Code != wire.DealMismatch || !strings.Contains(d.Problem, "differs from the deal") {
		t.Fatalf("deal 1 after the new game: %+v", d)
	}
	if !bytes.Contains(mem.get(), []byte(d.Problem)) {
		t.Fatalf("the verdict was not saved: %s", mem.get())
	}
}

// blockingRules are the toy rules whose games stop in Apply while hold is set: the guest's
// auditor is the only one that applies moves on its side, so a replay stops there.
type blockingRules struct {
	toy.Rules
	hold    chan struct{} // closed: Apply goes on
	entered chan struct{} // gets a value when an Apply waits
}

func (r blockingRules) New(cfg engine.Config) (engine.Game, error) {
	g, err := r.Rules.New(cfg)
	return &blockingGame{Game: g, r: r}, err
}

type blockingGame struct {
	engine.Game
	r blockingRules
}

func (g *blockingGame) Apply(m engine.Move) error {
	select {
	case <-g.r.hold:
	default:
		select {
		case g.r.entered <- struct{}{}:
		default:
		}
		<-g.r.hold
	}
	return g.Game.Apply(m)
}

func (g *blockingGame) Clone() engine.Game { return &blockingGame{Game: g.Game.Clone(), r: g.r} }

// While the guest replays a revealed deal, its screens still read State and its player can
// still move: neither waits for the audit. The verdict lands once the replay is done.
func TestAuditLaterStateNotBlocked(t *testing.T) {
	defer checkNoLeak(t)()
	frames, reveal := stackedStream(t)
	br := blockingRules{hold: make(chan struct{}), entered: make(chan struct{}, 1)}
	rules := func(name string) (engine.Rules, bool) {
		if name == br.Name() {
			return br, true
		}
		return lookup(name)
	}
	g, _ := handFed(t, rules, &memBox{})
	defer g.Close()
	defer func() {
		select {
		case <-br.hold:
		default:
			close(br.hold) // a failed test still lets the guest end
		}
	}()
	feed(g, frames[:reveal+1]...)
	<-br.entered // the replay has begun
	st := g.State()
	if d, _ := deal(st, 1); d.State != DealPending || st.Seq == 0 {
		t.Fatalf("during the replay: seq %d, deal 1 %+v", st.Seq, d)
	}
	if err := g.Say("still here"); err != nil {
		t.Fatal(err)
	}
	close(br.hold)
	waitUntil(t, "the verdict", func() bool { d, _ := deal(g.State(), 1); return d.State == DealFailed })
}

// A relayed share set with a share altered for seat 0, followed at once by the deal's view:
// the view is shown, the shares are checked after it, and the deal fails for them as before.
func TestAuditLaterBadShares(t *testing.T) {
	defer checkNoLeak(t)()
	out := func(s engine.Seat, m wire.Message) wire.Message {
		c, ok := m.(*wire.Contribs)
		if !ok || s != 0 || c.Epoch != 1 {
			return m
		}
		f := *c
		f.Shares = append([]wire.Share(nil), c.Shares...)
		f.Shares[1].S = bytes.Clone(c.Shares[1].S)
		f.Shares[1].S[0] ^= 1
		return &f
	}
	tt := newCheatTable(t, 3, nil, out, nil, map[string]string{"rounds": "2"})
	tt.play()
	d := tt.waitVerdict(0, 1)
	if d.State != DealFailed || d.Code != wire.DealMismatch || !strings.Contains(d.Problem, "share is not signed over this commitment") {
		t.Fatalf("seat 0, deal 1: %+v", d)
	}
	tt.waitFor("the verdict saved", func() bool { return bytes.Contains(tt.mem[0].get(), []byte(d.Problem)) })
	for _, s := range []engine.Seat{1, 2} {
		if d := tt.waitVerdict(s, 1); d.State != DealVerified {
			t.Fatalf("seat %d, honest deal 1: %+v", s, d)
		}
	}
	tt.close()
}

// One frame that fills a gap brings the deal's shares, its views and its reveal at once: the
// shares are checked before the reveal is opened, and the verdict is the replay's.
func TestAuditLaterGapFilled(t *testing.T) {
	defer checkNoLeak(t)()
	frames, reveal := stackedStream(t)
	contribs := -1
	for i, f := range frames[:reveal] {
		if wire.Peek(f) == wire.TContribs {
			contribs = i
		}
	}
	g, _ := handFed(t, lookup, &memBox{})
	defer g.Close()
	feed(g, frames[:contribs]...)
	feed(g, frames[contribs+1:reveal+1]...) // held back: the shares are missing
	feed(g, frames[contribs])
	var d DealStatus
	waitUntil(t, "the verdict", func() bool {
		var ok bool
		d, ok = deal(g.State(), 1)
		return ok && d.State != DealPending
	})
	if d.State != DealFailed || !strings.Contains(d.Problem, "differs from the deal") {
		t.Fatalf("deal 1: %+v", d)
	}
}
