package blindtable

import (
	"sync"
	"testing"

	"miskatonic/engine"
	"miskatonic/engine/table"
)

// TestHostReload: the host's page reloads mid-round. The host resumes from its saved log
// (every entry checked again), every page reconnects with what it holds, and the game ends with
// no verdict and every view equal to the engine's.
func TestHostReload(t *testing.T) {
	f := newFixture(t, 6, 5, []engine.Seat{0, 1, 3}, nil)
	f.record = true
	var mu sync.Mutex
	var at int
	f.onApply = func(s engine.Seat, p *Page, e Entry) {
		mu.Lock()
		defer mu.Unlock()
		if s == 0 && at == 0 && p.st.ply >= 6 && p.st.d.dealt && !p.st.d.done {
			at = p.st.seq
		}
	}
	var store []Entry // the host page's storage
	f.host.Persist = func(e Entry) error { mu.Lock(); defer mu.Unlock(); store = append(store, e); return nil }
	f.start()
	f.settle(func() bool { mu.Lock(); defer mu.Unlock(); return at > 0 })
	f.mu.Lock()
	clients := f.clients
	f.clients = map[engine.Seat]*Client{}
	f.mu.Unlock()
	for _, cl := range clients { // the host's page is gone: every link with it
		_ = cl.Close()
		<-cl.Done()
	}
	// What the host saved: it persists each entry before it sends it (the app's Persist), so
	// no page is ahead of its saved log.
	mu.Lock()
	saved := append([]Entry(nil), store...)
	mu.Unlock()
	h, err := Resume(f.cfg, f.ids[0], saved)
	if err != nil {
		t.Fatal(err)
	}
	f.host = h
	for s, cl := range clients {
		hostEnd, mine := table.Pipe()
		h.AddPage(hostEnd)
		old := cl.c.(*watched)
		w := &watched{Conn: mine, alter: old.alter, onApply: old.onApply}
		again := &Client{p: cl.p, c: w, updates: make(chan struct{}, 1), done: make(chan struct{})}
		w.cl = again
		if err := again.start(); err != nil {
			t.Fatal(err)
		}
		f.mu.Lock()
		f.clients[s] = again
		f.mu.Unlock()
	}
	f.settle(f.over)
	if v := f.verdict(); v != nil {
		t.Fatalf("verdict after the host's reload: %v", v)
	}
	t.Logf("host reloaded at entry %d of %d", len(saved), len(h.Log()))
	f.checkAgainstEngine()
}
