//go:build !wasm

package rtc

import (
	"bytes"
	"fmt"
	"math/rand/v2"
	"sync"
	"testing"
	"time"

	"miskatonic/app/signal"
)

// lossyPair wires a guest's and a host's relayed conns through an in-memory broker that loses
// one chunk in every `every` (seeded), on a clock the test moves: pump delivers what is queued
// and ticks both sides.
type lossyPair struct {
	guest, host *Conn
	mu          sync.Mutex
	toHost      [][]byte
	toGuest     [][]byte
	now         time.Time
	rnd         *rand.Rand
	every       uint64
	lost, sent  int
}

func newLossyPair(t *testing.T, seed uint64, every uint64) *lossyPair {
	t.Helper()
	hk, _ := signal.NewLinkKey()
	gk, _ := signal.NewLinkKey()
	sid, _ := signal.NewSession()
	lg, _ := gk.LinkBox("room", sid, hk.Public())
	lh, _ := hk.LinkBox("room", sid, gk.Public())
	p := &lossyPair{now: time.Unix(1e9, 0), rnd: rand.New(rand.NewPCG(seed, 1)), every: every}
	clock := func() time.Time { p.mu.Lock(); defer p.mu.Unlock(); return p.now }
	fast := pace{rate: 1e6, burst: 1e6}
	g := &relayedLink{send: func(b []byte) error { p.mu.Lock(); p.toHost = append(p.toHost, b); p.mu.Unlock(); return nil },
		link: lg, out: signal.ToHost, in: signal.ToGuest, sid: sid, pacer: newPacer(fast), close: func() {}, manual: true, now: clock}
	h := &relayedLink{send: func(b []byte) error { p.mu.Lock(); p.toGuest = append(p.toGuest, b); p.mu.Unlock(); return nil },
		link: lh, out: signal.ToGuest, in: signal.ToHost, sid: sid, pacer: newPacer(fast), close: func() {}, manual: true, now: clock}
	p.guest, p.host = newRelayedConn(g), newRelayedConn(h)
	t.Cleanup(func() { p.guest.Close(); p.host.Close() })
	return p
}

// pump moves the clock by step, delivers what is queued (losing some) and ticks both sides.
func (p *lossyPair) pump(step time.Duration) {
	p.mu.Lock()
	p.now = p.now.Add(step)
	now := p.now
	th, tg := p.toHost, p.toGuest
	p.toHost, p.toGuest = nil, nil
	var keepH, keepG [][]byte
	for _, b := range th {
		if p.rnd.Uint64N(p.every) == 0 {
			p.lost++
		} else {
			keepH = append(keepH, b)
		}
	}
	for _, b := range tg {
		if p.rnd.Uint64N(p.every) == 0 {
			p.lost++
		} else {
			keepG = append(keepG, b)
		}
	}
	p.sent += len(th) + len(tg)
	p.mu.Unlock()
	for _, b := range keepH {
		p.host.via.receive(p.host, b)
	}
	for _, b := range keepG {
		p.guest.via.receive(p.guest, b)
	}
	p.guest.via.tick(p.guest, now)
	p.host.via.tick(p.host, now)
}

// mustLive fails t if either side's link has ended.
func (p *lossyPair) mustLive(t *testing.T) {
	t.Helper()
	select {
	case <-p.guest.Done():
		t.Fatalf("the guest's link ended: %v", p.guest.closedErr())
	case <-p.host.Done():
		t.Fatalf("the host's link ended: %v", p.host.closedErr())
	default:
	}
}

// TestRelayedRetransmitsLostChunks: a broker loses one chunk in six, acknowledgements
// included; each side sends 300 frames (some of several chunks) and the other reads every one,
// in order, with nothing stalled or given up. The window bounds what is held unacknowledged.
func TestRelayedRetransmitsLostChunks(t *testing.T) {
	p := newLossyPair(t, 7, 6)
	const n = 300
	frames := make([][]byte, n)
	r := rand.New(rand.NewPCG(7, 2))
	for i := range frames {
		size := 20 + r.IntN(200)
		if i%25 == 0 {
			size = 3*signal.ChunkData + 17 // four chunks
		}
		frames[i] = bytes.Repeat([]byte{byte(i)}, size)
		copy(frames[i], fmt.Sprint(i))
	}
	var wg sync.WaitGroup
	for _, c := range []*Conn{p.guest, p.host} {
		wg.Add(1)
		go func(c *Conn) {
			defer wg.Done()
			for _, f := range frames {
				if err := c.Send(f); err != nil {
					t.Errorf("send: %v", err)
					return
				}
			}
		}(c)
	}
	got := map[*Conn]int{}
	recv := func(c *Conn) {
		n := got[c]
		readAll(t, c, func(i int) []byte { return frames[i] }, &n)
		got[c] = n
	}
	for step := 0; got[p.guest] < n || got[p.host] < n; step++ {
		if step > 20000 {
			t.Fatalf("stalled: guest read %d, host %d of %d", got[p.guest], got[p.host], n)
		}
		time.Sleep(100 * time.Microsecond) // let the senders queue
		p.pump(20 * time.Millisecond)
		recv(p.guest)
		recv(p.host)
		for _, c := range []*Conn{p.guest, p.host} {
			c.via.amu.Lock()
			for _, f := range c.via.unacked {
				if f.tries > 0 && f.seq-c.via.unacked[0].seq >= relayWindow {
					t.Fatalf("frame %d sent with frame %d unacknowledged", f.seq, c.via.unacked[0].seq)
				}
			}
			if len(c.via.unacked) > relayQueue || c.via.unackedBytes > relayQueueBytes {
				t.Fatalf("%d frames, %d bytes held", len(c.via.unacked), c.via.unackedBytes)
			}
			c.via.amu.Unlock()
		}
		p.mustLive(t)
	}
	wg.Wait()
	t.Logf("lost %d of %d chunks; sent again: guest %d, host %d frames", p.lost, p.sent, p.guest.Retransmits(), p.host.Retransmits())
	if p.lost == 0 || p.guest.Retransmits() == 0 {
		t.Fatal("nothing was lost or sent again: the test proves nothing")
	}
}
