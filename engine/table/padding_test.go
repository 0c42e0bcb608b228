package table

import (
	"bytes"
	"encoding/json"
	"sync"
	"testing"
	"time"

	"miskatonic/engine"
	"miskatonic/engine/arkham"
	"miskatonic/engine/rituals"
	"miskatonic/engine/rng"
	"miskatonic/engine/shadows"
	"miskatonic/engine/wire"
)

// sized is one frame as a watcher on the link sees it: its direction, its size, and (for the
// test's own bookkeeping, which a watcher cannot read) its type and unpadded size.
type sized struct {
	up        bool // guest to host
	typ       wire.Type
	size, raw int
}

// sizeTap records the frames of one guest's link.
type sizeTap struct {
	Conn
	mu     sync.Mutex
	frames []sized
}

func (c *sizeTap) note(up bool, f []byte) {
	typ := wire.Type("?")
	if _, m, err := wire.Decode(f); err == nil {
		typ = m.Type()
	}
	c.mu.Lock()
	c.frames = append(c.frames, sized{up, typ, len(f), len(bytes.TrimRight(f, " "))})
	c.mu.Unlock()
}

func (c *sizeTap) Send(f []byte) error { c.note(true, f); return c.Conn.Send(f) }

func (c *sizeTap) Recv() ([]byte, error) {
	f, err := c.Conn.Recv()
	if err == nil {
		c.note(false, f)
	}
	return f, err
}

// seen is what was recorded so far, without the idle resyncs (timing, not content): frames to
// the host first, then those from it (how the two directions interleave is timing too).
func (c *sizeTap) seen() []sized {
	c.mu.Lock()
	defer c.mu.Unlock()
	var up, down []sized
	for _, f := range c.frames {
		switch {
		case f.typ == wire.TResync:
		case f.up:
			up = append(up, f)
		default:
			down = append(down, f)
		}
	}
	return append(up, down...)
}

// Finding 11 of issue 10: a watcher who sees the sizes of a guest's frames (same Wi-Fi, a TURN
// server, another player) learns nothing of the hidden cards from them. Tables of five play
// through the start and the first deal, real Host and Guests, each with its own deal; among
// tables whose deals differ only in hidden cards (the public view after the deal is the same:
// in Arkham Ritual at five seats, who starts), every guest's link carries frames of exactly
// the same sizes in the same order, both ways, though the unpadded sizes differ.
func TestPaddingHidesCards(t *testing.T) {
	defer checkNoLeak(t)()
	type run struct {
		seed   uint64
		frames [][]sized
	}
	groups := map[string][]run{}
	compared := 0
	for seed := uint64(1); seed <= 16; seed++ {
		var taps []*sizeTap
		tt := newTable(t, tableOpts{rules: arkham.Rules{}, guests: 5, seed: seed, tick: time.Hour,
			wrap: func(i int, c Conn) Conn {
				tap := &sizeTap{Conn: c}
				taps = append(taps, tap)
				return tap
			}})
		tt.waitFor("the first deal is shown", func() bool {
			for _, g := range tt.guests {
				if st := g.State(); st.Seq < 1 || st.Status.Deal != nil {
					return false
				}
			}
			return true
		})
		time.Sleep(50 * time.Millisecond)
		var public []byte
		tt.host.do(func() { public, _ = json.Marshal(tt.host.game.View(engine.Observer)) })
		r := run{seed: seed}
		for _, tap := range taps {
			r.frames = append(r.frames, tap.seen())
		}
		tt.close()
		for _, o := range groups[string(public)] {
			rawDiffers := false
			for g := range r.frames {
				if len(r.frames[g]) != len(o.frames[g]) {
					t.Fatalf("seeds %d and %d, guest %d: %d and %d frames", o.seed, seed, g, len(o.frames[g]), len(r.frames[g]))
				}
				for i, f := range r.frames[g] {
					b := o.frames[g][i]
					if f.up != b.up || f.size != b.size {
						t.Fatalf("seeds %d and %d, guest %d, frame %d (%s): %d and %d bytes", o.seed, seed, g, i, f.typ, b.size, f.size)
					}
					rawDiffers = rawDiffers || f.raw != b.raw
				}
			}
			if rawDiffers {
				compared++
			}
		}
		groups[string(public)] = append(groups[string(public)], r)
	}
	if compared == 0 {
		t.Fatal("no two tables had the same public deal and different hidden cards: the test shows nothing")
	}
	t.Logf("%d pairs of tables with different hidden cards compared", compared)
}

// Every view frame of a game seq has one size, whoever it is for (each seat, an observer), in
// whole random games of all three games at every seat count: so its size is a fact about the
// public game alone. The games are pure engine work with no goroutine of this package: one
// subtest per game, side by side.
func TestPaddingViewsOneSize(t *testing.T) {
	games := 6
	if testing.Short() {
		games = 2
	}
	for _, r := range []engine.Rules{arkham.Rules{}, rituals.Rules{}, shadows.Rules{}} {
		t.Run(r.Name(), func(t *testing.T) {
			t.Parallel()
			paddingOneSize(t, r, games)
		})
	}
}

func paddingOneSize(t *testing.T, r engine.Rules, games int) {
	lo, hi := r.Seats()
	most := 0
	for seats := lo; seats <= hi; seats++ {
		for seed := uint64(1); seed <= uint64(games); seed++ {
			g, err := r.New(engine.Config{Seats: seats, Options: map[string]string{}})
			if err != nil {
				t.Fatal(err)
			}
			rr := rng.FromInt(seed)
			h := &Host{rules: r, game: g, table: []byte{1}}
			for step := 0; !g.Status().Over; step++ {
				if step > 5000 {
					t.Fatalf("%s: no end", r.Name())
				}
				st := g.Status()
				var m engine.Move
				if st.Deal != nil {
					var k [32]byte
					for i := range k {
						k[i] = byte(rr.Uint64())
					}
					m = engine.DealMove(k)
				} else {
					l := g.Legal(st.Active[rr.Intn(len(st.Active))])
					m = l[rr.Intn(len(l))]
				}
				if err := g.Apply(m); err != nil {
					t.Fatal(err)
				}
				h.moves, h.sigs = append(h.moves, m), append(h.sigs, nil)
				want := -1
				for s := engine.Observer; s < engine.Seat(seats); s++ {
					v := h.viewFor(s, &m)
					f, err := wire.EncodePadded(uint64(step+1), v, h.viewSize(v))
					if err != nil {
						t.Fatal(err)
					}
					raw, _ := wire.Size(uint64(step+1), v)
					of, _ := wire.Size(uint64(step+1), h.viewFor(engine.Observer, &m))
					most = max(most, raw-of)
					if want < 0 {
						want = len(f)
					}
					if len(f) != want {
						t.Fatalf("%s, %d seats, seed %d, seq %d: seat %d's view is %d bytes, the public one %d", r.Name(), seats, seed, len(h.moves), s, len(f), want)
					}
				}
			}
		}
	}
	t.Logf("%s: a seat's view is at most %d bytes above the public one (slack %d)", r.Name(), most, (&Host{rules: r}).viewSlack())
}

// Not a test of behaviour: what the padding costs over one whole Arkham Ritual game (reported
// in the issue note). Run with -v.
func TestPaddingCost(t *testing.T) {
	if testing.Short() {
		t.Skip("a measurement")
	}
	var taps []*sizeTap
	tt := newTable(t, tableOpts{rules: arkham.Rules{}, guests: 6, seed: 5, wrap: func(i int, c Conn) Conn {
		tap := &sizeTap{Conn: c}
		taps = append(taps, tap)
		return tap
	}})
	tt.play()
	tt.finish()
	tt.close()
	var padded, raw, n int
	for _, tap := range taps {
		for _, f := range tap.seen() {
			padded, raw, n = padded+f.size, raw+f.raw, n+1
		}
	}
	t.Logf("one 6-guest Arkham game: %d frames, %d bytes padded, %d unpadded (+%.0f%%)", n, padded, raw, 100*float64(padded-raw)/float64(raw))
}
