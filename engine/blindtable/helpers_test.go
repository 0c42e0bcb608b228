package blindtable

import (
	"crypto/ed25519"
	"encoding/binary"
	"encoding/json"
	"fmt"
	"io"
	"slices"
	"sync"
	"testing"
	"time"

	"miskatonic/engine"
	"miskatonic/engine/arkham"
	_ "miskatonic/engine/arkham/arkhambot"
	"miskatonic/engine/bot"
	"miskatonic/engine/rng"
	"miskatonic/engine/table"
)

type seededReader struct {
	mu sync.Mutex
	r  *rng.Rand
}

func newReader(seed uint64) *seededReader { return &seededReader{r: rng.FromInt(seed)} }

func (rd *seededReader) Read(p []byte) (int, error) {
	rd.mu.Lock()
	defer rd.mu.Unlock()
	var b [8]byte
	for i := 0; i < len(p); i += 8 {
		binary.LittleEndian.PutUint64(b[:], rd.r.Uint64())
		copy(p[i:], b[:])
	}
	return len(p), nil
}

// quiet is a page's view at a quiet moment (no need pending): deal n, after k moves of it.
type quiet struct {
	deal, moves int
	view        string
}

// fixture is a host-blind table: the real Host, and a real page on a real Pipe per key holder.
type fixture struct {
	t       testing.TB
	seed    uint64
	cfg     Config
	ids     map[engine.Seat]ed25519.PrivateKey
	host    *Host
	mu      sync.Mutex
	clients map[engine.Seat]*Client
	ends    map[engine.Seat]table.Conn // each page's own end
	level   string
	saved   map[engine.Seat]*Saved
	quiets  map[engine.Seat][]quiet // recorded when record is set
	record  bool
	alter   map[engine.Seat]func(p *Page, in Input) []Input
	onApply func(s engine.Seat, p *Page, e Entry)
	fail    error                                       // from a page's goroutine: the test fails at the next settle check
	wrap    map[engine.Seat]func(table.Conn) table.Conn // a page's end, as the test watches it
}

// newFixture seats humans as key holders at a table of seats; the rest are bots run by the
// host's page (the first human).
func newFixture(t testing.TB, seed uint64, seats int, humans []engine.Seat, opts map[string]string) *fixture {
	t.Helper()
	r := newReader(seed)
	f := &fixture{t: t, seed: seed, ids: map[engine.Seat]ed25519.PrivateKey{}, clients: map[engine.Seat]*Client{},
		ends: map[engine.Seat]table.Conn{}, level: bot.LevelHeuristic, saved: map[engine.Seat]*Saved{},
		quiets: map[engine.Seat][]quiet{}, alter: map[engine.Seat]func(*Page, Input) []Input{}}
	g := arkham.BlindConfig{Config: engine.Config{Seats: seats, Options: opts}, Holders: humans, Runner: map[engine.Seat]engine.Seat{}}
	idKeys := map[engine.Seat]ed25519.PublicKey{}
	for _, h := range humans {
		var sd [32]byte
		_, _ = r.Read(sd[:])
		f.ids[h] = ed25519.NewKeyFromSeed(sd[:])
		idKeys[h] = f.ids[h].Public().(ed25519.PublicKey)
	}
	for s := engine.Seat(0); s < engine.Seat(seats); s++ {
		if !slices.Contains(humans, s) {
			g.Runner[s] = humans[0]
		}
	}
	f.cfg = Config{Table: fmt.Appendf(nil, "blind-%d", seed), Game: g, Identities: idKeys, Host: humans[0]}
	var err error
	if f.host, err = NewHost(f.cfg, f.ids[humans[0]]); err != nil {
		t.Fatal(err)
	}
	return f
}

func (f *fixture) chooser(s engine.Seat, salt uint64) Chooser {
	b, err := bot.New("arkham", f.level, f.seed*100+uint64(s)+salt)
	if err != nil {
		f.t.Fatal(err)
	}
	return Chooser(b)
}

func (f *fixture) pageConfig(s engine.Seat, salt uint64) PageConfig {
	f.mu.Lock()
	saved := f.saved[s]
	f.mu.Unlock()
	pc := PageConfig{Table: f.cfg, Seat: s, Identity: f.ids[s], Rand: newReader(f.seed*1000 + uint64(s) + salt),
		Person: f.chooser(s, salt), Saved: saved}
	pc.Store = func(sv Saved) { f.mu.Lock(); f.saved[s] = &sv; f.mu.Unlock() }
	if s == f.cfg.Host {
		pc.Bots = map[engine.Seat]Chooser{}
		for b := range f.cfg.Game.Runner {
			pc.Bots[b] = f.chooser(b, salt)
		}
		pc.StandIn = f.chooser(50, salt)
	}
	return pc
}

// connect opens seat s's page on a fresh Pipe to the host (salt: a reloaded page's randomness).
func (f *fixture) connect(s engine.Seat, salt uint64) *Client {
	f.t.Helper()
	p, err := NewPage(f.pageConfig(s, salt))
	if err != nil {
		f.t.Fatal(err)
	}
	hostEnd, mine := table.Pipe()
	f.host.AddPage(hostEnd)
	if w := f.wrap[s]; w != nil {
		mine = w(mine)
	}
	w := &watched{Conn: mine, alter: f.alter[s]}
	cl := &Client{p: p, c: w, updates: make(chan struct{}, 1), done: make(chan struct{})}
	w.cl = cl
	w.onApply = func(p *Page, e Entry) {
		if f.onApply != nil {
			f.onApply(s, p, e)
		}
		if f.record && cl.synced { // a reloading page's replay of earlier deals is not its view
			f.recordQuiet(s, p)
		}
	}
	if err := cl.start(); err != nil {
		f.t.Fatal(err)
	}
	f.mu.Lock()
	f.clients[s], f.ends[s] = cl, mine
	f.mu.Unlock()
	return cl
}

func (f *fixture) start() {
	for _, h := range f.cfg.Game.Holders {
		f.connect(h, 0)
	}
}

func (f *fixture) recordQuiet(s engine.Seat, p *Page) {
	st := p.st
	if st.d == nil || len(st.b.Needs()) > 0 || (!st.d.dealt) {
		return
	}
	v, _ := json.Marshal(p.View())
	q := quiet{deal: st.d.n, moves: st.ply, view: string(v)}
	f.mu.Lock()
	defer f.mu.Unlock()
	qs := f.quiets[s]
	if len(qs) > 0 && qs[len(qs)-1].deal == q.deal && qs[len(qs)-1].moves == q.moves {
		return
	}
	f.quiets[s] = append(qs, q)
}

// settle waits until every connected page's game is over, or one has a verdict, or nothing
// moves for a long while (a stall: fails the test with what each page waits for).
func (f *fixture) settle(done func() bool) {
	f.t.Helper()
	last, since := -1, time.Now()
	for {
		f.mu.Lock()
		err := f.fail
		f.mu.Unlock()
		if err != nil {
			f.t.Fatal(err)
		}
		if done() {
			return
		}
		seq := len(f.host.Log())
		if seq != last {
			last, since = seq, time.Now()
		}
		// A minute without a new entry is a stall: a deadlock guard, not a timing. (It was 3 s:
		// under -race on a machine running twenty processes one page's deal proofs outlast that.)
		if time.Since(since) > time.Minute {
			f.t.Fatalf("stalled at entry %d: %s", seq, f.dump())
		}
		time.Sleep(time.Millisecond)
	}
}

func (f *fixture) over() bool {
	f.mu.Lock()
	cls := make([]*Client, 0, len(f.clients))
	for _, c := range f.clients {
		cls = append(cls, c)
	}
	f.mu.Unlock()
	all := true
	for _, c := range cls {
		c.Do(func(p *Page) {
			if p.Verdict() != nil {
				return
			}
			all = all && p.st.b.Status().Over
		})
	}
	return all || f.verdict() != nil
}

func (f *fixture) verdict() *Verdict {
	f.mu.Lock()
	cls := make([]*Client, 0, len(f.clients))
	for _, c := range f.clients {
		cls = append(cls, c)
	}
	f.mu.Unlock()
	var v *Verdict
	for _, c := range cls {
		c.Do(func(p *Page) {
			if p.Verdict() != nil && v == nil {
				v = p.Verdict()
			}
		})
	}
	return v
}

func (f *fixture) dump() string {
	out := ""
	f.host.State(func(st *State) {
		n, ok := st.Head()
		out += fmt.Sprintf("host: seq %d ply %d status %+v head %v %+v\n", st.seq, st.ply, st.b.Status(), ok, n)
	})
	f.mu.Lock()
	defer f.mu.Unlock()
	for s, c := range f.clients {
		c.Do(func(p *Page) {
			out += fmt.Sprintf("page %d: seq %d verdict %v rejects %v\n", s, p.st.seq, p.Verdict(), c.rejects)
		})
	}
	return out
}

func (f *fixture) play() {
	f.t.Helper()
	f.start()
	f.settle(f.over)
	if v := f.verdict(); v != nil {
		f.t.Fatalf("seed %d: honest table convicted: %v", f.seed, v)
	}
}

var _ io.Reader = (*seededReader)(nil)

// failf fails the test from a page's goroutine (t.Fatal must run on the test's own).
func (f *fixture) failf(format string, args ...any) {
	f.mu.Lock()
	defer f.mu.Unlock()
	if f.fail == nil {
		f.fail = fmt.Errorf(format, args...)
	}
}

// client is seat s's client, nil once it vanished. The map changes on other goroutines (vanish
// from leaveAt's, reconnects), so it is read under f.mu: a bare read beside vanish's delete is
// "concurrent map read and map write", which kills the whole test binary even without -race.
func (f *fixture) client(s engine.Seat) *Client {
	f.mu.Lock()
	defer f.mu.Unlock()
	return f.clients[s]
}

// vanish closes seat s's page (its player is gone; its storage stays in f.saved).
func (f *fixture) vanish(s engine.Seat) {
	f.mu.Lock()
	cl := f.clients[s]
	delete(f.clients, s)
	f.mu.Unlock()
	_ = cl.Close()
}

// hostState reads the host's public state.
func (f *fixture) hostState(read func(st *State) bool) bool {
	var ok bool
	f.host.State(func(st *State) { ok = read(st) })
	return ok
}

// verdicts is each connected page's verdict, for the pages that have one.
func (f *fixture) verdicts() map[engine.Seat]*Verdict {
	f.mu.Lock()
	cls := map[engine.Seat]*Client{}
	for s, c := range f.clients {
		cls[s] = c
	}
	f.mu.Unlock()
	out := map[engine.Seat]*Verdict{}
	for s, c := range cls {
		c.Do(func(p *Page) {
			if v := p.Verdict(); v != nil {
				out[s] = v
			}
		})
	}
	return out
}

// watched is a page's end of its link with the test's hands on it, so the Client itself has no
// test switch: alter is the attacker's change to each input the page sends (nil: none), and
// onApply watches the page after each entry it applied — run under the client's lock when the
// client next reads, i.e. after it applied that entry and sent what it owed.
type watched struct {
	Conn
	cl      *Client
	alter   func(p *Page, in Input) []Input
	onApply func(p *Page, e Entry)
	applied *Entry // read by the client's one reader goroutine only
}

// Send is called under the client's lock (flush, Play), so alter may read the page.
func (w *watched) Send(b []byte) error {
	f, err := DecodeFrame(b)
	if w.alter == nil || err != nil || f.Input == nil {
		return w.Conn.Send(b)
	}
	for _, in := range w.alter(w.cl.p, *f.Input) {
		out, err := EncodeFrame(Frame{Input: &in})
		if err != nil {
			return err
		}
		if err := w.Conn.Send(out); err != nil {
			return err
		}
	}
	return nil
}

func (w *watched) Recv() ([]byte, error) {
	if e := w.applied; e != nil {
		w.applied = nil
		w.cl.Do(func(p *Page) { w.onApply(p, *e) })
	}
	b, err := w.Conn.Recv()
	if err != nil {
		return b, err
	}
	if f, err := DecodeFrame(b); err == nil && f.Entry != nil {
		w.cl.Do(func(p *Page) { // the client applies an entry not behind its page
			if f.Entry.Seq >= p.st.Seq() {
				w.applied = f.Entry
			}
		})
	}
	return b, nil
}

// leaveAt arms f so that, the first time the host's page (seat 0) has applied an entry at move
// ply or later of a deal dealt and not yet audited, seat x's page vanishes and the host says so
// with say (f.host.StandIn or f.host.Absent, named what in a failure; nil says nothing: a page
// that reloads). It returns the move x vanished at, -1 until then.
func (f *fixture) leaveAt(x engine.Seat, ply int, what string, say func(engine.Seat) error) func() int {
	var mu sync.Mutex
	at := -1
	f.onApply = func(s engine.Seat, p *Page, e Entry) {
		mu.Lock()
		defer mu.Unlock()
		if s == 0 && at < 0 && p.st.ply >= ply && p.st.d.dealt && !p.st.d.done {
			at = p.st.ply
			go func() {
				f.vanish(x)
				if say == nil {
					return
				}
				if err := say(x); err != nil {
					f.failf("%s: %v", what, err)
				}
			}()
		}
	}
	return func() int { mu.Lock(); defer mu.Unlock(); return at }
}
