//go:build !wasm

package rtc

import (
	"bytes"
	"errors"
	"fmt"
	"testing"
	"time"
)

// slowBroker carries a lossyPair's chunks after delay (each direction), on the pair's clock,
// dropping those drop says to.
type slowBroker struct {
	p               *lossyPair
	delay           time.Duration
	drop            func(toHost bool, b []byte) bool
	toHost, toGuest []timed
}

type timed struct {
	at time.Time
	b  []byte
}

// step moves the clock by d, takes what the two sides sent, delivers what has waited delay,
// and ticks both sides.
func (s *slowBroker) step(d time.Duration) {
	p := s.p
	p.mu.Lock()
	p.now = p.now.Add(d)
	now := p.now
	for _, b := range p.toHost {
		if s.drop == nil || !s.drop(true, b) {
			s.toHost = append(s.toHost, timed{now, b})
		}
	}
	for _, b := range p.toGuest {
		if s.drop == nil || !s.drop(false, b) {
			s.toGuest = append(s.toGuest, timed{now, b})
		}
	}
	p.toHost, p.toGuest = nil, nil
	p.mu.Unlock()
	due := func(q *[]timed) (out [][]byte) {
		for len(*q) > 0 && now.Sub((*q)[0].at) >= s.delay {
			out = append(out, (*q)[0].b)
			*q = (*q)[1:]
		}
		return out
	}
	for _, b := range due(&s.toHost) {
		p.host.via.receive(p.host, b)
	}
	for _, b := range due(&s.toGuest) {
		p.guest.via.receive(p.guest, b)
	}
	p.guest.via.tick(p.guest, now)
	p.host.via.tick(p.host, now)
}

// untilEnded steps s until either side's link ends, calling each (with the time since the
// start) before every step, and fails t past limit; it returns how long the link lasted.
func (s *slowBroker) untilEnded(t *testing.T, limit time.Duration, each func(time.Duration)) time.Duration {
	t.Helper()
	start := s.p.now
	for {
		if each != nil {
			each(s.p.now.Sub(start))
		}
		s.step(50 * time.Millisecond)
		select {
		case <-s.p.guest.Done():
			return s.p.now.Sub(start)
		case <-s.p.host.Done():
			return s.p.now.Sub(start)
		default:
		}
		if s.p.now.Sub(start) > limit {
			t.Fatalf("the link still waits after %v", s.p.now.Sub(start))
		}
	}
}

// readAll reads what c has ready, checking each frame is the next one want expects (nil: reads
// and drops them).
func readAll(t *testing.T, c *Conn, want func(i int) []byte, got *int) {
	t.Helper()
	for {
		c.mu.Lock()
		ready := len(c.ready) > 0
		c.mu.Unlock()
		if !ready {
			return
		}
		f, err := c.Recv()
		if err != nil {
			t.Fatal(err)
		}
		if want == nil {
			continue // only drained
		}
		if w := want(*got); !bytes.Equal(f, w) {
			t.Fatalf("frame %d: got %q…, want %q…", *got, f[:min(len(f), 16)], w[:min(len(w), 16)])
		}
		*got++
	}
}

// TestRelayedSlowBrokerKeepsLink (a relayed game over Nostr on an overloaded machine): the
// broker carries every chunk, but each takes 12 s, so a frame's acknowledgement comes about
// 25 s after it went: longer than relayStall. Both sides play on (a frame each every half
// second, as a game's moves and keep-alives go). The link used to be given up 15 s after its
// first frame went unacknowledged, and the guest redialled into the same slow broker; now it
// hears the peer all along and keeps the link for the two simulated minutes, every frame read
// in order on both sides.
func TestRelayedSlowBrokerKeepsLink(t *testing.T) {
	p := newLossyPair(t, 3, 1<<62)
	s := &slowBroker{p: p, delay: 9 * time.Second}
	frame := func(i int) []byte { return []byte(fmt.Sprint("move ", i)) }
	const run, every = 2 * time.Minute, time.Second
	start := p.now
	sent, gotGuest, gotHost := 0, 0, 0
	for p.now.Sub(start) < run {
		if p.now.Sub(start) >= time.Duration(sent)*every {
			for _, c := range []*Conn{p.guest, p.host} {
				if err := c.Send(frame(sent)); err != nil {
					t.Fatalf("send %d at %v: %v", sent, p.now.Sub(start), err)
				}
			}
			sent++
		}
		s.step(50 * time.Millisecond)
		readAll(t, p.host, frame, &gotHost)
		readAll(t, p.guest, frame, &gotGuest)
		p.mustLive(t)
	}
	p.guest.via.amu.Lock()
	srtt := p.guest.via.srtt
	p.guest.via.amu.Unlock()
	t.Logf("%d frames each way; read: host %d, guest %d; round trip %v; sent again: guest %d, host %d",
		sent, gotHost, gotGuest, srtt.Round(time.Millisecond), p.guest.Retransmits(), p.host.Retransmits())
	if srtt <= relayStall {
		t.Fatalf("measured round trip %v: the broker was not slower than relayStall, the test proves nothing", srtt)
	}
	// What was sent in the last 12 s is still on its way.
	if lag := sent - int(s.delay/every) - 2; gotHost < lag || gotGuest < lag {
		t.Fatalf("read host %d, guest %d of %d sent", gotHost, gotGuest, sent)
	}
}

// TestRelayedSilentPeerGivenUp: the host is gone (the broker carries nothing from it; the
// guest's chunks go nowhere either). The guest's link, with a frame waiting for its
// acknowledgement, ends, and not before relayStall of silence: a gone peer is still found.
func TestRelayedSilentPeerGivenUp(t *testing.T) {
	p := newLossyPair(t, 5, 1<<62)
	s := &slowBroker{p: p, drop: func(bool, []byte) bool { return true }}
	if err := p.guest.Send([]byte("anyone there?")); err != nil {
		t.Fatal(err)
	}
	lasted := s.untilEnded(t, relayStallMax+time.Minute, nil)
	err := p.guest.closedErr()
	t.Logf("given up after %v: %v", lasted, err)
	if !errors.Is(err, ErrClosed) {
		t.Fatalf("the guest's link ended with %v", err)
	}
	if lasted < relayStall {
		t.Fatalf("given up after %v, before relayStall (%v) of silence", lasted, relayStall)
	}
}

// TestRelayedLostFrameStillEnds: the broker loses every copy of one large frame of the
// guest's (every chunk over 2 KB) while both sides keep talking in small frames, so the host is
// heard all along. Hearing the peer keeps a link only so long: the guest's link (or the host's,
// holding the gap) ends by relayGiveUp instead of waiting on that frame for ever.
func TestRelayedLostFrameStillEnds(t *testing.T) {
	p := newLossyPair(t, 9, 1<<62)
	s := &slowBroker{p: p, drop: func(toHost bool, b []byte) bool { return toHost && len(b) > 2000 }}
	sent := 0
	lasted := s.untilEnded(t, relayGiveUp+time.Minute, func(since time.Duration) {
		if since >= time.Duration(sent)*time.Second {
			for _, c := range []*Conn{p.guest, p.host} {
				f := []byte(fmt.Sprint("move ", sent))
				if c == p.guest && sent == 2 {
					f = bytes.Repeat([]byte{'x'}, 3000)
				}
				_ = c.Send(f) // fails once the link has ended
			}
			sent++
		}
		for _, c := range []*Conn{p.guest, p.host} {
			n := 0
			readAll(t, c, nil, &n)
		}
	})
	t.Logf("given up after %v (guest: %v; host: %v)", lasted, p.guest.closedErr(), p.host.closedErr())
	if lasted < relayStallMax {
		t.Fatalf("given up after %v, while the peer was heard all along", lasted)
	}
}
