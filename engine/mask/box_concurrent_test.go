package mask

import (
	"bytes"
	"fmt"
	"sync"
	"testing"
)

// One page's box key seals to and opens from every other seat on several goroutines at once
// (a page handed to a new link while the old link's reader still runs; a test's pages sharing
// a key). Each direction's derived key is cached on first use, so the goroutines race to fill
// the cache: every envelope must still open to its own message, and under -race the cache
// must show no unsynchronised write (CI died of "concurrent map writes" here).
func TestBoxKeyConcurrentUse(t *testing.T) {
	tb := newTable(t, 31, 5, 6)
	ps, peers := pages(t, tb)
	const workers = 4
	var wg sync.WaitGroup
	errs := make(chan error, workers*len(tb.holders))
	for w := range workers {
		wg.Add(1)
		go func() {
			defer wg.Done()
			rd := seeded(uint64(100 + w)) // each goroutine its own randomness (a reader is not shared)
			for _, to := range tb.holders[1:] {
				msg := fmt.Appendf(nil, "worker %d to seat %d", w, to)
				env, err := ps[0].box.Seal(rd, tb.sc, 0, peers[to], "concurrent", msg)
				if err != nil {
					errs <- err
					return
				}
				// Seat 0's key opens what seat to sends back, on this goroutine too.
				back, err := ps[to].box.Seal(rd, tb.sc, to, peers[0], "concurrent", msg)
				if err != nil {
					errs <- err
					return
				}
				got, err := ps[0].box.Open(tb.sc, 0, peers[to], back)
				if err != nil || !bytes.Equal(got, msg) {
					errs <- fmt.Errorf("seat 0 opened %q, %v from seat %d", got, err, to)
					return
				}
				got, err = ps[to].box.Open(tb.sc, to, peers[0], env)
				if err != nil || !bytes.Equal(got, msg) {
					errs <- fmt.Errorf("seat %d opened %q, %v", to, got, err)
					return
				}
			}
		}()
	}
	wg.Wait()
	close(errs)
	for err := range errs {
		t.Error(err)
	}
	if n := len(ps[0].box.aeads); n != 2*(len(tb.holders)-1) {
		t.Fatalf("seat 0's key cached %d directions, want %d (one each way per peer)", n, 2*(len(tb.holders)-1))
	}
}
