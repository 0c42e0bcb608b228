package table

import (
	"runtime"
	"sync"
	"testing"
	"time"

	"miskatonic/engine/arkham"
	"miskatonic/engine/wire"
	"miskatonic/internal/sigcheck"
)

// sink is a link that takes every frame and never delivers one: a guest fed by hand.
type sink struct {
	once sync.Once
	done chan struct{}
}

func newSink() *sink                  { return &sink{done: make(chan struct{})} }
func (s *sink) Send([]byte) error     { return nil }
func (s *sink) Recv() ([]byte, error) { <-s.done; return nil, ErrClosed }
func (s *sink) Close() error          { s.once.Do(func() { close(s.done) }); return nil }

var (
	guestFramesOnce sync.Once
	guestFrames     [][]byte
)

// recordedGuest is every frame seat 0 received in one 6-guest Arkham Ritual game.
func recordedGuest(b testing.TB) [][]byte {
	guestFramesOnce.Do(func() {
		guestFrames = recordSeat0(b, tableOpts{rules: arkham.Rules{}, guests: 6, seed: 501, tick: time.Second}, nil)
	})
	return guestFrames
}

// recordSeat0 plays one whole game of o and returns every frame seat 0 received; keep, if
// set, then reads the finished host on its match goroutine.
func recordSeat0(b testing.TB, o tableOpts, keep func(h *Host)) [][]byte {
	var rec *recorder
	o.wrap = func(i int, c Conn) Conn {
		if i != 0 {
			return c
		}
		rec = &recorder{Conn: c}
		return rec
	}
	tt := newTable(b, o)
	tt.play()
	tt.finish()
	if keep != nil {
		tt.host.do(func() { keep(tt.host) })
	}
	tt.close()
	rec.mu.Lock()
	defer rec.mu.Unlock()
	return rec.frames
}

// BenchmarkGuestFrames feeds one recorded game's frames, as seat 0 received them, to a fresh
// guest on this goroutine as its loop would (no link, no scheduling): one op is one whole game.
// It reports, per view frame, what the guest spends before its screens are told (view), what
// their State then costs (the view decoded by the game's rules), the wire decode alone, and the
// audit it does after telling them (view-after); per round-end reveal frame, the same two
// (reveal: before, reveal-after: the replay of the round). Times are the thread's CPU time, so a
// busy machine does not inflate them (wall time would count waiting for a core).
func BenchmarkGuestFrames(b *testing.B) {
	frames := recordedGuest(b)
	types := make([]wire.Type, len(frames))
	for i, f := range frames {
		_, m, err := wire.Decode(f)
		if err != nil {
			b.Fatal(err)
		}
		types[i] = m.Type()
	}
	runtime.LockOSThread() // threadCPU is this thread's
	defer runtime.UnlockOSThread()
	var views, reveals int
	var tView, tViewAfter, tState, tReveal, tRevealAfter, tWire, tAll, worst time.Duration
	b.ResetTimer()
	for i := 0; i < b.N; i++ {
		sigcheck.Forget() // every check a first one, as on a page that never saw these signatures
		g, err := NewGuest(newSink(), GuestConfig{Name: "p0", Identity: identity(0), Rand: newRand(7), Rules: lookup, Tick: time.Hour, Save: func([]byte) {}})
		if err != nil {
			b.Fatal(err)
		}
		for j, f := range frames {
			t0 := threadCPU()
			due := g.handle(inFrame{gen: g.gen, frame: f})
			d := threadCPU() - t0
			t1 := threadCPU()
			if due {
				g.auditLater(false) // no yield: its cost here would be the locked thread's handoff
			}
			after := threadCPU() - t1
			tAll += d + after
			worst = max(worst, d)
			switch types[j] {
			case wire.TView:
				views++
				tView += d
				tViewAfter += after
				t1 := threadCPU()
				_ = g.State()
				tState += threadCPU() - t1
				t2 := threadCPU()
				_, _, _ = wire.Decode(f)
				tWire += threadCPU() - t2
			case wire.TReveal:
				reveals++
				tReveal += d
				tRevealAfter += after
			}
		}
		for _, d := range g.State().Deals {
			if d.State != DealVerified {
				b.Fatalf("deal %d: %+v", d.Epoch, d)
			}
		}
		g.Close()
	}
	per := func(t time.Duration, n int) float64 { return float64(t.Nanoseconds()) / float64(max(n, 1)) }
	b.ReportMetric(per(tView, views), "ns/view")
	b.ReportMetric(per(tViewAfter, views), "ns/view-after")
	b.ReportMetric(per(tState, views), "ns/state")
	b.ReportMetric(per(tWire, views), "ns/view-wire")
	b.ReportMetric(per(tReveal, reveals), "ns/reveal")
	b.ReportMetric(per(tRevealAfter, reveals), "ns/reveal-after")
	b.ReportMetric(per(tAll, b.N), "ns/game-frames")
	b.ReportMetric(float64(worst.Nanoseconds()), "ns/worst-before-notify")
	b.ReportMetric(float64(views)/float64(b.N), "views/game")
	b.ReportMetric(float64(reveals)/float64(b.N), "reveals/game")
}
