//go:build browser

package e2e

import (
	"fmt"
	"os"
	"path/filepath"
	"testing"
	"time"
)

// A startCompare adds the before build (make compare's E2E_BEFORE) to TestStartAgainstMinimal's
// rounds as a third contender, ours and it each served by its own tree's `miskatonic serve`,
// and logs the wasm sizes and starts of both as comparison rows. A nil *startCompare (the
// comparison not asked for) does nothing.
type startCompare struct {
	t        *testing.T
	tree     string
	srv      *Server               // the before build
	ours     *Server               // this tree's build, served the same way
	wall     [2][3][]time.Duration // before, after: per round, the median start of each kind
	ratio    [3][]float64          // per round, after / before
	vsMinRat [2][3][]float64       // per round, before / minimal and after / minimal
	load     loadRange
}

// newStartCompare is nil unless E2E_BEFORE names the before tree.
func newStartCompare(t *testing.T) *startCompare {
	if os.Getenv(compareEnv) == "" {
		return nil
	}
	tree := beforeTree(t)
	c := &startCompare{t: t, tree: tree, srv: startServe(t, tree), ours: startServe(t, RepoRoot(t))}
	c.load.add()
	return c
}

// startKinds are a round's starts of one app by kind: cold, warm, offline.
func startKinds(r roundResult) [3][]start1 { return [3][]start1{{r.cold}, r.warm, r.offlines} }

// round takes one round's results: ours, the minimal, the before build.
func (c *startCompare) round(rs []roundResult) {
	if c == nil {
		return
	}
	c.load.add()
	after, minimal, before := startKinds(rs[0]), startKinds(rs[1]), startKinds(rs[2])
	for k := range 3 {
		a, _, _ := medianStart(after[k])
		m, _, _ := medianStart(minimal[k])
		b, _, _ := medianStart(before[k])
		if a == 0 || m == 0 || b == 0 {
			continue
		}
		c.wall[0][k], c.wall[1][k] = append(c.wall[0][k], b), append(c.wall[1][k], a)
		c.ratio[k] = append(c.ratio[k], ratioOf(a, b))
		c.vsMinRat[0][k], c.vsMinRat[1][k] = append(c.vsMinRat[0][k], ratioOf(b, m)), append(c.vsMinRat[1][k], ratioOf(a, m))
	}
}

// log logs the comparison's rows: sizes (ours and the minimal as the test measured them) and
// starts, as medians over rounds of each round's median.
func (c *startCompare) log(ourRaw, ourBr, minRaw, minBr int64, runs, reps int) {
	if c == nil {
		return
	}
	t := c.t
	web := filepath.Join(c.tree, "web")
	bRaw, bBr := fileSize(t, filepath.Join(web, "app.wasm")), fileSize(t, filepath.Join(web, "app.wasm.br"))
	mb := func(n int64) string { return fmt.Sprintf("%.2f MB", float64(n)/1e6) }
	mib := func(n int64) string { return fmt.Sprintf("%.2f MiB", float64(n)/(1<<20)) }
	compareRow(t, "wasm raw", mb(bRaw), mb(ourRaw), float64(ourRaw)/float64(bRaw), nil)
	compareRow(t, "wasm brotli", mib(bBr), mib(ourBr), float64(ourBr)/float64(bBr), nil)
	compareRow(t, fmt.Sprintf("wasm raw / fair minimal (%s)", mb(minRaw)),
		fmt.Sprintf("%.2f×", float64(bRaw)/float64(minRaw)), fmt.Sprintf("%.2f×", float64(ourRaw)/float64(minRaw)), float64(ourRaw)/float64(bRaw), nil)
	compareRow(t, fmt.Sprintf("wasm brotli / fair minimal (%s)", mib(minBr)),
		fmt.Sprintf("%.2f×", float64(bBr)/float64(minBr)), fmt.Sprintf("%.2f×", float64(ourBr)/float64(minBr)), float64(ourBr)/float64(bBr), nil)
	for k, kind := range [3]string{"cold", "warm", "offline"} {
		if len(c.ratio[k]) == 0 {
			compareRow(t, "start "+kind, "not measured", "not measured", 0, &c.load)
			continue
		}
		n := fmt.Sprintf("n=%d rounds", len(c.ratio[k]))
		if k > 0 {
			n += fmt.Sprintf(" × median of %d", reps)
		}
		compareRow(t, fmt.Sprintf("start %s, ms (%s; ratio: median per round)", kind, n),
			fmt.Sprint(median(c.wall[0][k]).Milliseconds()), fmt.Sprint(median(c.wall[1][k]).Milliseconds()), medianF(c.ratio[k]), &c.load)
		compareRow(t, fmt.Sprintf("start %s / fair minimal, per-round median", kind),
			fmt.Sprintf("%.2f×", medianF(c.vsMinRat[0][k])), fmt.Sprintf("%.2f×", medianF(c.vsMinRat[1][k])), 0, &c.load)
	}
}
