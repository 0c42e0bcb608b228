package blindtable

import (
	"errors"
	"sync"
	"testing"
	"time"

	"miskatonic/engine"
	"miskatonic/engine/table"
)

// held is a page's end of a link whose next frame the test holds back once armed: the reader
// has it in hand, outside any lock, when the page goes on over a new link.
type held struct {
	table.Conn
	mu      sync.Mutex
	armed   bool
	holding chan struct{} // closed once a frame is held
	release chan struct{}
}

func (h *held) Recv() ([]byte, error) {
	b, err := h.Conn.Recv()
	h.mu.Lock()
	armed := h.armed
	h.armed = false
	h.mu.Unlock()
	if armed && err == nil {
		close(h.holding)
		<-h.release
	}
	return b, err
}

// TestRelinkStopsTheOldReader: a guest's page goes on over a new link (the app's reconnect
// hands the page to a new Client) while the old link's reader holds a frame it has not folded.
// The old client must not touch the page again — folded beside the new link's frames, two
// goroutines would write the page's state and its box key's cache at once (-race), and a stale
// frame could convict an honest host — it ends at that frame, refuses a move, and the game
// ends with no verdict.
func TestRelinkStopsTheOldReader(t *testing.T) {
	f := newFixture(t, 12, 4, []engine.Seat{0, 1, 2}, nil)
	h := &held{holding: make(chan struct{}), release: make(chan struct{})}
	f.wrap = map[engine.Seat]func(table.Conn) table.Conn{1: func(c table.Conn) table.Conn { h.Conn = c; return h }}
	var once sync.Once
	f.onApply = func(s engine.Seat, p *Page, e Entry) {
		if s == 1 && p.st.d != nil && p.st.d.dealt && p.st.ply >= 2 {
			once.Do(func() { h.mu.Lock(); h.armed = true; h.mu.Unlock() })
		}
	}
	f.start()
	<-h.holding

	f.mu.Lock()
	old := f.clients[1]
	f.mu.Unlock()
	hostEnd, mine := table.Pipe()
	f.host.AddPage(hostEnd)
	again, err := Connect(old.p, mine)
	if err != nil {
		t.Fatal(err)
	}
	f.mu.Lock()
	f.clients[1] = again
	f.mu.Unlock()
	close(h.release)

	select {
	case <-old.Done():
	case <-time.After(2 * time.Minute): // a deadlock guard, not a timing
		t.Fatal("the replaced client still reads its old link")
	}
	if err := old.Play(engine.Move{}); !errors.Is(err, ErrReplaced) {
		t.Fatalf("a move through the replaced client: %v, want ErrReplaced", err)
	}
	f.settle(f.over)
	if v := f.verdict(); v != nil {
		t.Fatalf("verdict after the relink: %v", v)
	}
	_ = old.Close()
	again.Do(func(p *Page) {
		if !p.st.b.Status().Over {
			t.Fatal("the relinked page's game is not over")
		}
	})
}
