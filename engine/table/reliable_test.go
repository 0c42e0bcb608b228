package table

import (
	"fmt"
	"sync"
	"testing"
	"time"

	"miskatonic/engine"
	"miskatonic/engine/arkham"
	"miskatonic/engine/wire"
)

// slowLink is a guest's end of a link that loses nothing but carries every frame from the
// host late (a relayed path over a slow broker), and records what the guest sends on it.
// reliable says whether it tells the guest so (Reliable).
type slowLink struct {
	Conn
	delay    time.Duration
	reliable bool
	in       chan slowFrame
	mu       sync.Mutex
	sent     []wire.Message
}

type slowFrame struct {
	at time.Time
	f  []byte
}

func newSlowLink(c Conn, delay time.Duration, reliable bool) *slowLink {
	l := &slowLink{Conn: c, delay: delay, reliable: reliable, in: make(chan slowFrame, 4096)}
	go func() {
		defer close(l.in)
		for {
			f, err := c.Recv()
			if err != nil {
				return
			}
			l.in <- slowFrame{time.Now(), f}
		}
	}()
	return l
}

func (l *slowLink) Reliable() bool { return l.reliable }

func (l *slowLink) Recv() ([]byte, error) {
	sf, ok := <-l.in
	if !ok {
		return nil, ErrClosed
	}
	time.Sleep(time.Until(sf.at.Add(l.delay)))
	return sf.f, nil
}

func (l *slowLink) Send(f []byte) error {
	if _, m, err := wire.Decode(f); err == nil {
		l.mu.Lock()
		l.sent = append(l.sent, m)
		l.mu.Unlock()
	}
	return l.Conn.Send(f)
}

// copies counts what the guest sent more than once: a resync that asks for frames again
// (not a keep-alive), and the same hello, move, seal or share again.
func (l *slowLink) copies() map[string]int {
	l.mu.Lock()
	defer l.mu.Unlock()
	seen, out := map[string]bool{}, map[string]int{}
	for _, m := range l.sent {
		var kind, key string
		switch m := m.(type) {
		case *wire.Resync:
			if !m.Alive {
				out["resync"]++
			}
			continue
		case *wire.Hello:
			kind, key = "hello", "hello"
		case *wire.Move:
			kind, key = "move", fmt.Sprintf("move %d %v", m.BasedOn, m.Move)
		case *wire.Seal:
			kind, key = "seal", fmt.Sprintf("seal %d %x", m.Epoch, m.SC)
		case *wire.Contrib:
			kind, key = "share", fmt.Sprintf("share %d %x", m.Epoch, m.S)
		default:
			continue
		}
		if seen[key] {
			out[kind]++
		}
		seen[key] = true
	}
	return out
}

// TestReliableLinkSendsOnce (the relayed game over Nostr that stalled for tens of seconds):
// over a link that loses nothing but carries the host's frames late, a guest used to send its
// move, its seal and share, and a request for every frame since the last one it had, again at
// every tick — each copy answered with a refusal or the frames sent again, queued on the same
// slow path, which only grew slower. On a link that says it is reliable each goes once, and the
// game still ends with every deal verified; on one that may lose frames the copies still go
// (they are what recovers a lost frame there).
func TestReliableLinkSendsOnce(t *testing.T) {
	for _, reliable := range []bool{true, false} {
		t.Run(fmt.Sprint("reliable=", reliable), func(t *testing.T) {
			defer checkNoLeak(t)()
			var links []*slowLink
			tt := newTable(t, tableOpts{rules: arkham.Rules{}, guests: 3, seed: 91, tick: 10 * time.Millisecond,
				wrap: func(_ int, c Conn) Conn {
					l := newSlowLink(c, 80*time.Millisecond, reliable)
					links = append(links, l)
					return l
				}})
			tt.play()
			tt.finish()
			tt.checkViews()
			tt.close()
			for i, l := range links {
				c := l.copies()
				t.Logf("guest %d sent again: %v", i, c)
				if reliable && len(c) > 0 {
					t.Errorf("guest %d sent copies over a reliable link: %v", i, c)
				}
				if !reliable && len(c) == 0 {
					t.Errorf("guest %d sent nothing again over a link that may lose frames", i)
				}
			}
		})
	}
}

// TestReliableLinkResendsFloodRefusedShare: on a reliable link a seal goes once, but one the
// host refused unread (more messages at once than it takes) goes again at the next tick: the
// deal would otherwise wait for it until the host stood the seat in.
func TestReliableLinkResendsFloodRefusedShare(t *testing.T) {
	defer checkNoLeak(t)()
	var link *slowLink
	tt := newTable(t, tableOpts{rules: arkham.Rules{}, guests: 3, seed: 93, tick: 10 * time.Millisecond,
		wrap: func(i int, c Conn) Conn {
			if i == 0 { // seat 0's seal never arrives: the deal stays open, waiting for seals
				return &tamper{Conn: c, in: func(_ engine.Seat, m wire.Message) bool { _, seal := m.(*wire.Seal); return seal }}
			}
			l := newSlowLink(c, 0, true)
			if i == 1 {
				link = l
			}
			return l
		}})
	defer tt.close()
	g := tt.guests[1]
	seals := func() int {
		link.mu.Lock()
		defer link.mu.Unlock()
		n := 0
		for _, m := range link.sent {
			if _, ok := m.(*wire.Seal); ok {
				n++
			}
		}
		return n
	}
	tt.waitFor("the first seal sent", func() bool { return seals() > 0 })
	before := seals()
	g.mu.Lock()
	var ref uint64
	for seq := range g.live.shareFrames {
		ref = max(ref, seq)
	}
	g.reject(&wire.Reject{Kind: wire.KindFlood, Ref: ref})
	g.mu.Unlock()
	tt.waitFor("the refused seal sent again", func() bool { return seals() > before })
}
