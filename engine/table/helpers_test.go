package table

import (
	"encoding/json"
	"fmt"
	"runtime"
	"strings"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	"miskatonic/engine"
	"miskatonic/engine/fair"
	"miskatonic/engine/fair/toy"
	"miskatonic/engine/rng"
)

// randReader adapts a seeded generator to io.Reader, safe for concurrent use.
type randReader struct {
	mu sync.Mutex
	r  *rng.Rand
}

func newRand(seed uint64) *randReader { return &randReader{r: rng.FromInt(seed)} }

func (r *randReader) Read(p []byte) (int, error) {
	r.mu.Lock()
	defer r.mu.Unlock()
	for i := range p {
		p[i] = byte(r.r.Uint64())
	}
	return len(p), nil
}

func (r *randReader) intn(n int) int {
	r.mu.Lock()
	defer r.mu.Unlock()
	return r.r.Intn(n)
}

var extraRules = map[string]engine.Rules{}

func lookup(name string) (engine.Rules, bool) {
	if name == "toy" {
		return toy.Rules{}, true
	}
	r, ok := extraRules[name]
	return r, ok
}

func identity(i int) fair.Identity {
	var s [32]byte
	s[0], s[1] = byte(i), byte(i>>8)
	s[31] = 0xA5
	return fair.NewIdentity(s)
}

// ours counts running goroutines of this package (host, peers, guests, pipes, drivers), so
// the runtime's own (such as wasm's event handler) do not count.
func ours() (int, string) {
	buf := make([]byte, 1<<20)
	buf = buf[:runtime.Stack(buf, true)]
	n := 0
	for _, g := range strings.Split(string(buf), "\n\n") {
		if strings.Contains(g, "miskatonic/engine/table.(") || strings.Contains(g, "miskatonic/engine/table.driver") {
			n++
		}
	}
	return n, string(buf)
}

// checkNoLeak fails if goroutines started during the test are still running (after a grace
// period for them to see their links closed: a minute, since a goroutine mid-check of a deal
// finishes it first, which on a loaded machine under -race outlasted the 5 s it was).
func checkNoLeak(t *testing.T) func() {
	t.Helper()
	before, _ := ours()
	return func() {
		t.Helper()
		var n int
		var stacks string
		for end := time.Now().Add(time.Minute); time.Now().Before(end); {
			if n, stacks = ours(); n <= before {
				return
			}
			time.Sleep(10 * time.Millisecond)
		}
		t.Fatalf("goroutine leak: %d before, %d after\n%s", before, n, stacks)
	}
}

// driver plays a guest's seat with random legal moves until stop is closed.
func driver(g *Guest, r *randReader, stop <-chan struct{}, wg *sync.WaitGroup) {
	heldDriver(g, r, stop, wg, nil)
}

// heldDriver is driver that makes no move while hold (if not nil) is set.
func heldDriver(g *Guest, r *randReader, stop <-chan struct{}, wg *sync.WaitGroup, hold *atomic.Bool) {
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
		// Read only what a player decides on (State would also decode the view for a UI).
		g.mu.Lock()
		st := g.st
		waiting := g.pending != nil
		legal := append([]engine.Move(nil), st.Legal...)
		g.mu.Unlock()
		if hold != nil && hold.Load() || !st.HasView || waiting || st.Seq == acted || !st.Status.IsActive(st.Seat) || len(legal) == 0 {
			continue
		}
		if err := g.Send(legal[r.intn(len(legal))]); err == nil {
			acted = st.Seq
		}
	}
}

// table is a host with guests under test.
type testTable struct {
	t      testing.TB
	host   *Host
	guests []*Guest
	conns  []Conn // host ends
	rand   *randReader
	mem    []*memBox // what each guest of a cheat table last saved
	stop   chan struct{}
	wg     sync.WaitGroup
}

type tableOpts struct {
	rules  engine.Rules
	guests int
	bots   int
	seed   uint64
	faults *Faults
	opts   map[string]string
	tick   time.Duration
	reveal time.Duration            // GuestConfig.RevealTimeout (0: its default)
	wrap   func(i int, c Conn) Conn // wraps each guest's end
	save   func([]byte)             // HostConfig.Persist
	// guestSave, if set, gives guest i's GuestConfig.Save (called with the guest's lock held).
	guestSave func(i int) func([]byte)
	// hostSeat: the host signs with guest 0's identity, as an app's host is its own player.
	hostSeat bool
	// keep: each guest saves its memory in tt.mem[i] (GuestConfig.Save), for a reload.
	keep bool
}

func newTable(t testing.TB, o tableOpts) *testTable {
	t.Helper()
	if o.rules == nil {
		o.rules = toy.Rules{}
	}
	if o.tick == 0 {
		o.tick = 20 * time.Millisecond
	}
	tt := &testTable{t: t, rand: newRand(o.seed), stop: make(chan struct{})}
	signer := identity(900)
	if o.hostSeat {
		signer = identity(0)
	}
	h, err := NewHost(o.rules, HostConfig{Rand: newRand(o.seed + 1), Options: o.opts, RatePerSecond: 5000, Burst: 5000, Logf: debugLogf, Signer: signer, Persist: o.save})
	if err != nil {
		t.Fatal(err)
	}
	tt.host = h
	for i := 0; i < o.guests; i++ {
		var a, b Conn
		if o.faults != nil {
			a, b = FaultyPipe(o.seed*100+uint64(i), *o.faults)
		} else {
			a, b = Pipe()
		}
		if o.wrap != nil {
			b = o.wrap(i, b)
		}
		tt.conns = append(tt.conns, a)
		if err := h.AddGuest(a); err != nil {
			t.Fatal(err)
		}
		var save func([]byte)
		if o.guestSave != nil {
			save = o.guestSave(i)
		}
		if o.keep {
			tt.mem = append(tt.mem, &memBox{})
			save = tt.mem[i].save
		}
		g, err := NewGuest(b, GuestConfig{Name: fmt.Sprintf("p%d", i), Identity: identity(i), Rand: newRand(o.seed*1000 + uint64(i)), Rules: lookup, Tick: o.tick, RevealTimeout: o.reveal, Save: save})
		if err != nil {
			t.Fatal(err)
		}
		tt.guests = append(tt.guests, g)
		// Seat guests in a fixed order: wait until this one is seated.
		tt.waitFor("guest seated", func() bool { return g.State().Connected })
	}
	for i := 0; i < o.bots; i++ {
		if _, err := h.AddBot(fmt.Sprintf("bot%d", i), "random", randomBot(o.seed+uint64(i))); err != nil {
			t.Fatal(err)
		}
	}
	for _, g := range tt.guests {
		g.SetReady(true)
	}
	tt.waitFor("everyone ready", func() bool { return tt.host.Start() == nil })
	return tt
}

func randomBot(seed uint64) BotFunc {
	r := rng.FromInt(seed)
	return func(_ engine.View, legal []engine.Move) (engine.Move, error) { return legal[r.Intn(len(legal))], nil }
}

func (tt *testTable) play() {
	for _, g := range tt.guests {
		tt.wg.Add(1)
		go driver(g, tt.rand, tt.stop, &tt.wg)
	}
}

// waitFor polls cond; the deadline only turns a hang into a failure, it asserts no speed.
func (tt *testTable) waitFor(what string, cond func() bool) {
	tt.t.Helper()
	deadline := time.Now().Add(60 * time.Second)
	for !cond() {
		if time.Now().After(deadline) {
			tt.t.Fatalf("timed out waiting for %s\n%s", what, tt.dump())
		}
		time.Sleep(2 * time.Millisecond)
	}
}

// finish waits for the game to end and every guest to catch up and verify every deal.
func (tt *testTable) finish() {
	tt.t.Helper()
	tt.waitFor("game over", func() bool {
		select {
		case <-tt.host.Done():
			return true
		default:
			return false
		}
	})
	seq := tt.host.State().Seq
	for i, g := range tt.guests {
		tt.waitFor(fmt.Sprintf("guest %d verified", i), func() bool {
			st := g.State()
			if st.Seq != seq || len(st.Deals) == 0 {
				return false
			}
			for _, d := range st.Deals {
				if d.State == DealFailed {
					tt.t.Fatalf("guest %d: deal %d failed: %s (seq %d)", i, d.Epoch, d.Problem, d.Seq)
				}
				if d.State != DealVerified {
					return false
				}
			}
			return true
		})
	}
}

// checkViews compares every guest's final view with what the host's engine says for its seat.
func (tt *testTable) checkViews() {
	tt.t.Helper()
	for i, g := range tt.guests {
		st := g.State()
		var want []byte
		tt.host.do(func() { want, _ = json.Marshal(tt.host.game.View(st.Seat)) })
		if string(st.ViewJSON) != string(want) {
			tt.t.Fatalf("guest %d (seat %d) view:\n%s\nhost says:\n%s", i, st.Seat, st.ViewJSON, want)
		}
	}
}

func (tt *testTable) close() {
	close(tt.stop)
	tt.wg.Wait()
	for _, g := range tt.guests {
		g.Close()
	}
	tt.host.Close()
}

// dump describes the table for a failure message.
func (tt *testTable) dump() string {
	var b strings.Builder
	hs := tt.host.State()
	fmt.Fprintf(&b, "host: seq %d status %+v deal %+v\n", hs.Seq, hs.Status, hs.Status.Deal)
	for _, s := range hs.Seats {
		fmt.Fprintf(&b, "  seat %d %q connected=%v bot=%v\n", s.Seat, s.Name, s.Connected, s.Bot)
	}
	for i, g := range tt.guests {
		g.mu.Lock()
		st, pend := g.st, g.pending
		var next uint64
		var buf int
		if g.link != nil {
			next, buf = g.link.next, len(g.link.buf)
		}
		deals := ""
		for _, d := range g.deals {
			deals += fmt.Sprintf(" [%d %s share=%v relayed=%v %s]", d.status.Epoch, d.status.State, d.share != nil, d.relayed, d.status.Problem)
		}
		g.mu.Unlock()
		fmt.Fprintf(&b, "guest %d: seat %d connected=%v seq %d active=%v next=%d buf=%d pending=%+v deals:%s\n", i, st.Seat, st.Connected, st.Seq, st.Status.Active, next, buf, pend, deals)
	}
	return b.String()
}

// memBox keeps what a guest last handed to GuestConfig.Save.
type memBox struct {
	mu sync.Mutex
	b  []byte
}

func (m *memBox) save(b []byte) { m.mu.Lock(); m.b = append([]byte(nil), b...); m.mu.Unlock() }
func (m *memBox) get() []byte   { m.mu.Lock(); defer m.mu.Unlock(); return m.b }
