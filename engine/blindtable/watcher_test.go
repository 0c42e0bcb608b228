package blindtable

import (
	"encoding/json"
	"fmt"
	"sync/atomic"
	"testing"
	"time"

	"miskatonic/engine"
	"miskatonic/engine/mask"
	"miskatonic/engine/table"
)

// peeping is a curious watcher's end of its link: before handing the watcher each frame, it
// attacks the public state the watcher folded so far with every byte received before it.
type peeping struct {
	table.Conn
	w      atomic.Pointer[Watcher] // set once Watch returns; read on the watcher's goroutine
	c      *curious
	box    *mask.BoxKey // a box key of its own: no seat's
	frames [][]byte
	fail   func(format string, args ...any)
}

func (p *peeping) Recv() ([]byte, error) {
	if w := p.w.Load(); w != nil {
		w.Do(func(st *State) {
			for _, b := range p.frames {
				p.harvest(st, b)
			}
			p.frames = p.frames[:0]
			if err := p.attack(st); err != nil {
				p.fail("%v", err)
			}
		})
	}
	b, err := p.Conn.Recv()
	if err == nil {
		p.frames = append(p.frames, b)
	}
	return b, err
}

// harvest pools every token a received entry shows the watcher: the public ones, and any
// sealed one it can open with its own box key as any addressee (none: the test says so).
func (p *peeping) harvest(st *State, b []byte) {
	f, err := DecodeFrame(b)
	if err != nil || f.Entry == nil || st.d == nil {
		return
	}
	in := f.Entry.In
	var t Tokens
	if in.Kind != KindTokens || json.Unmarshal(in.Body, &t) != nil || t.Deal != st.d.n {
		return
	}
	if c := p.c; c.deal != st.d.n {
		c.deal, c.pool = st.d.n, map[int]map[engine.Seat]mask.Point{}
	}
	if t.Out.Public != nil {
		p.c.add(t.Out.Public.Handle, in.From, t.Out.Public.T)
	}
	for _, env := range t.Out.Sealed {
		for s := range engine.Seat(st.cfg.Game.Seats) {
			if _, err := p.box.Open(st.d.sc, s, st.d.peers[in.From], env); err == nil {
				p.fail("a token sealed to seat %d opened with the watcher's box key as seat %d", env.To, s)
			}
		}
	}
}

// attack tries to open every card of the deal with every token pooled and every key the
// public state rebuilt: it must open none that is not public; the cards opened for everyone
// open the same way (the attack's own check).
func (p *peeping) attack(st *State) error {
	if st.d == nil || !st.d.dealt {
		return nil
	}
	c := p.c
	if c.deal != st.d.n {
		c.deal, c.pool = st.d.n, map[int]map[engine.Seat]mask.Point{}
	}
	final := st.Final()
	rd := newReader(uint64(st.d.n))
	for h := range final {
		i, err := c.unmask(st, rd, final, h)
		public := st.b.Public(h) != 0
		switch {
		case !public && err == nil:
			return fmt.Errorf("deal %d: the watcher opens card %d (%v), which is not public", st.d.n, h, st.b.Deck()[i])
		case !public:
			c.tries++
		case err == nil:
			c.controls++
		}
	}
	return nil
}

// TestCuriousWatcher: a watcher who arrives at the start, and one who arrives mid-game, fold
// the log a host-blind table sends every page. After every entry each tries to open every card
// with everything it received (every public token, every key the public state rebuilt, every
// sealed envelope tried with a box key of its own as each addressee): none that is not public
// opens, while the cards opened for everyone do. Each ends on the host's public state, with no
// verdict.
func TestCuriousWatcher(t *testing.T) {
	for _, tc := range []struct {
		seed   uint64
		seats  int
		humans []engine.Seat
	}{{21, 3, []engine.Seat{0, 1, 2}}, {22, 5, []engine.Seat{0, 2, 4}}} {
		f := newFixture(t, tc.seed, tc.seats, tc.humans, nil)
		watch := func() (*Watcher, *curious) {
			// A box key of each watcher's own: a BoxKey remembers derived keys and is not
			// safe for concurrent use, and the two watchers read on goroutines of their own.
			box, err := mask.BoxKeyFromSecret(mask.Hash{7})
			if err != nil {
				t.Fatal(err)
			}
			hostEnd, mine := table.Pipe()
			f.host.AddPage(hostEnd)
			c := &curious{}
			pc := &peeping{Conn: mine, c: c, box: box, fail: f.failf}
			w, err := Watch(f.cfg, pc)
			if err != nil {
				t.Fatal(err)
			}
			pc.w.Store(w)
			return w, c
		}
		early, ce := watch()
		f.start()
		f.settle(func() bool { return f.hostState(func(st *State) bool { return st.Ply() >= 6 }) })
		late, cl := watch()
		f.settle(f.over)
		if v := f.verdict(); v != nil {
			t.Fatalf("seed %d: honest table convicted: %v", tc.seed, v)
		}
		var want int
		f.host.State(func(st *State) { want = st.Seq() })
		for i, w := range []*Watcher{early, late} {
			f.settle(func() bool {
				n := 0
				w.Do(func(st *State) { n = st.Seq() })
				return n == want
			})
			if v := w.Verdict(); v != nil {
				t.Fatalf("watcher %d: verdict %v", i, v)
			}
			var over bool
			w.Do(func(st *State) { over = st.Blind().Status().Over })
			if !over {
				t.Fatalf("watcher %d did not see the game end", i)
			}
		}
		// Each watcher's reader attacks again before its next read: its counts are read once
		// it has stopped (they raced the last attack under -race before).
		for _, w := range []*Watcher{early, late} {
			_ = w.Close()
			<-w.Done()
		}
		t.Logf("seed %d, %d seats: %d+%d tries to open a hidden card failed; %d+%d public cards opened", tc.seed, tc.seats, ce.tries, cl.tries, ce.controls, cl.controls)
		if ce.tries == 0 || ce.controls == 0 || cl.tries == 0 {
			t.Fatal("the attack never ran")
		}
	}
}

// TestWatcherStopsOnBrokenLog: a watcher fed an honest game's log with one change stops with
// the verdict at that entry and folds nothing after it: an input whose signature fails, a gap,
// or a host that says it holds fewer entries than the watcher applied.
func TestWatcherStopsOnBrokenLog(t *testing.T) {
	f := newFixture(t, 31, 3, []engine.Seat{0, 1, 2}, nil)
	f.play()
	log := f.host.Log()
	const at = 5
	for _, tc := range []struct {
		name string
		feed func(send func(Frame))
	}{
		{"forged signature", func(send func(Frame)) {
			for _, e := range log[:at+1] {
				if e.Seq == at {
					e.In.Sig = append([]byte(nil), e.In.Sig...)
					e.In.Sig[0] ^= 1
				}
				send(Frame{Entry: &e})
			}
		}},
		{"gap", func(send func(Frame)) {
			for _, e := range log[:at+2] {
				if e.Seq != at {
					send(Frame{Entry: &e})
				}
			}
		}},
		{"lost entries", func(send func(Frame)) {
			for _, e := range log[:at+1] {
				send(Frame{Entry: &e})
			}
			n := at - 1
			send(Frame{Synced: &n})
		}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			hostEnd, mine := table.Pipe()
			w, err := Watch(f.cfg, mine)
			if err != nil {
				t.Fatal(err)
			}
			defer w.Close()
			if _, err := hostEnd.Recv(); err != nil { // the watcher's hello
				t.Fatal(err)
			}
			tc.feed(func(fr Frame) {
				b, err := EncodeFrame(fr)
				if err != nil {
					t.Fatal(err)
				}
				_ = hostEnd.Send(b)
			})
			// The watcher checks every entry before the break (proofs: seconds under -race on
			// a loaded machine); the limit only guards against a watcher that stopped.
			for end := time.Now().Add(time.Minute); w.Verdict() == nil && time.Now().Before(end); {
				time.Sleep(time.Millisecond)
			}
			v := w.Verdict()
			if v == nil {
				t.Fatal("the watcher folded a broken log without a verdict")
			}
			var n int
			w.Do(func(st *State) { n = st.Seq() })
			if n > at+1 {
				t.Fatalf("the watcher folded %d entries past the break at %d", n, at)
			}
			t.Logf("verdict: %v", v)
		})
	}
}
