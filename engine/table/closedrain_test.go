package table

import (
	"sync"
	"testing"
	"time"

	"miskatonic/engine/fair/toy"
)

// stuckLink is the host's end of a link that stops carrying anything once stuck is set (a
// relayed path over a broker that has fallen minutes behind): Send then waits until Close.
type stuckLink struct {
	Conn
	mu     sync.Mutex
	stuck  bool
	closed bool
	done   chan struct{}
}

func (l *stuckLink) Send(f []byte) error {
	l.mu.Lock()
	stuck := l.stuck
	l.mu.Unlock()
	if stuck {
		<-l.done
		return ErrClosed
	}
	return l.Conn.Send(f)
}

func (l *stuckLink) Close() error {
	l.mu.Lock()
	if !l.closed {
		l.closed = true
		close(l.done)
	}
	l.mu.Unlock()
	return l.Conn.Close()
}

// TestDroppedSlowLinkCloses: the host drops a guest (here it bans it) whose link carries
// nothing any more. The host used to close that link only once everything queued for it, the
// bye last, had gone — never, on a link that slow — so the guest sat on a live link at a table
// it was no longer at, and never redialled. The link is now closed anyway soon after.
func TestDroppedSlowLinkCloses(t *testing.T) {
	defer checkNoLeak(t)()
	h, err := NewHost(toy.Rules{}, HostConfig{Rand: newRand(5), Logf: debugLogf})
	if err != nil {
		t.Fatal(err)
	}
	defer h.Close()
	a, b := Pipe()
	hostEnd := &stuckLink{Conn: a, done: make(chan struct{})}
	defer hostEnd.Close() // before the host's Close, which waits for the writer stuck on it
	if err := h.AddGuest(hostEnd); err != nil {
		t.Fatal(err)
	}
	g, err := NewGuest(b, GuestConfig{Name: "slow", Identity: identity(1), Rand: newRand(6), Rules: lookup, Tick: 10 * time.Millisecond})
	if err != nil {
		t.Fatal(err)
	}
	defer g.Close()
	tt := &testTable{t: t}
	tt.waitFor("seated", func() bool { return g.State().Connected })
	hostEnd.mu.Lock()
	hostEnd.stuck = true
	hostEnd.mu.Unlock()
	if err := h.Ban(identity(1).Public()); err != nil {
		t.Fatal(err)
	}
	tt.waitFor("the dropped guest's link closed", func() bool {
		hostEnd.mu.Lock()
		defer hostEnd.mu.Unlock()
		return hostEnd.closed
	})
}
