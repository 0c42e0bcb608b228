package table

import (
	"sync"
	"testing"
)

// sideBySide runs case i of names as subtest names[i], n cases at a time, and returns once all
// have. Subtests that call t.Parallel run at most -test.parallel at once (GOMAXPROCS: 2 on CI);
// these run whole tables whose time is mostly waiting (on ticks, on the pipes, on a stalled
// table's judgement), so more of them than cores share the machine well. t.Run may be called
// from several goroutines at once; each case is an ordinary subtest (t.Fatal, t.Skip).
func sideBySide(t *testing.T, n int, names []string, run func(t *testing.T, i int)) {
	t.Helper()
	next := make(chan int)
	var wg sync.WaitGroup
	for w := 0; w < max(n, 1); w++ {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for i := range next {
				t.Run(names[i], func(t *testing.T) { run(t, i) })
			}
		}()
	}
	for i := range names {
		next <- i
	}
	close(next)
	wg.Wait()
}
