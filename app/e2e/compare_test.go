//go:build browser

package e2e

import (
	"context"
	"fmt"
	"net"
	"net/http"
	"net/http/httputil"
	"net/url"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"strconv"
	"testing"
	"time"
)

// The before/after comparison (issue 26's "done when": each row of the table before and
// after, measured interleaved in one run). It runs only when E2E_BEFORE names a second checkout
// of this repository (the tree the issue was filed against), built with its own `make wasm`:
// `make compare BEFORE=<commit>` makes that worktree, builds both and runs every Compare test
// and TestStartAgainstMinimal with the before build as a third contender. Each test logs its
// rows as "COMPARE|row|before|after|after/before|load" lines, which the Makefile prints as a
// table. Both builds are served by their own `miskatonic serve` binaries (each tree's
// bin/miskatonic over its web/), so the headers, service worker and relay are each build's own.
// Speed is never asserted: these are figures.

// compareEnv names the before tree.
const compareEnv = "E2E_BEFORE"

// beforeTree is the before checkout named by E2E_BEFORE, checked to hold a built app and its
// server binary; the test is skipped without it.
func beforeTree(t *testing.T) string {
	t.Helper()
	dir := os.Getenv(compareEnv)
	if dir == "" {
		t.Skipf("the before/after comparison runs only with %s set (make compare)", compareEnv)
	}
	dir, err := filepath.Abs(dir)
	if err != nil {
		t.Fatal(err)
	}
	checkBuilt(t, dir)
	checkBuilt(t, RepoRoot(t))
	return dir
}

// checkBuilt fails unless tree holds what its make wasm builds: the server and the packed app.
func checkBuilt(t *testing.T, tree string) {
	t.Helper()
	for _, f := range []string{"bin/miskatonic", "web/app.wasm", "web/app.wasm.br", "web/wasm_exec.js"} {
		if !exists(filepath.Join(tree, f)) {
			t.Fatalf("%s has no %s: run make wasm there", tree, f)
		}
	}
}

// startServe serves the app built in tree (a checkout of this repository) with that tree's
// own bin/miskatonic serve, relay included, behind a Server (so Cut and Stop work as for ours).
func startServe(t *testing.T, tree string) *Server {
	t.Helper()
	return startProcess(t, tree, filepath.Join(tree, "bin", "miskatonic"), "serve", "-web", filepath.Join(tree, "web"))
}

// startProcess starts the server binary bin in dir with args and -addr on a free loopback
// port, waits until it answers, and serves it behind a Server until the test ends.
func startProcess(t *testing.T, dir, bin string, args ...string) *Server {
	t.Helper()
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	addr := ln.Addr().String()
	ln.Close()
	ctx, cancel := context.WithCancel(context.Background())
	cmd := exec.CommandContext(ctx, bin, append(args, "-addr", addr)...)
	cmd.Dir = dir
	if err := cmd.Start(); err != nil {
		cancel()
		t.Fatal(err)
	}
	t.Cleanup(func() { cancel(); _ = cmd.Wait() })
	for end := time.Now().Add(10 * time.Second); ; time.Sleep(20 * time.Millisecond) {
		if r, err := http.Get("http://" + addr + "/"); err == nil {
			r.Body.Close()
			break
		}
		if time.Now().After(end) {
			t.Fatalf("%s did not answer at %s", bin, addr)
		}
	}
	u, _ := url.Parse("http://" + addr)
	return start(t, httputil.NewSingleHostReverseProxy(u))
}

// compareRow logs one row of the comparison table; ratio is after / before (0: none), load the
// machine's load while it was measured.
func compareRow(t *testing.T, row, before, after string, ratio float64, load *loadRange) {
	r := "-"
	if ratio > 0 {
		r = fmt.Sprintf("%.2f×", ratio)
	}
	t.Logf("COMPARE|%s|%s|%s|%s|%s", row, before, after, r, load)
}

// A loadRange is the lowest and highest 1-minute load average seen over a measurement.
type loadRange struct{ lo, hi float64 }

// add takes a reading of the machine's load now.
func (l *loadRange) add() {
	var v float64
	if _, err := fmt.Sscan(loadAvg(), &v); err != nil {
		return
	}
	if l.hi == 0 || v < l.lo {
		l.lo = v
	}
	l.hi = max(l.hi, v)
}

// String is "lo–hi", or "-" for none (a size, which no load changes).
func (l *loadRange) String() string {
	if l == nil || l.hi == 0 {
		return "-"
	}
	return fmt.Sprintf("%.1f–%.1f", l.lo, l.hi)
}

// envInt is the positive integer in the environment variable name, or def.
func envInt(name string, def int) int {
	if n, err := strconv.Atoi(os.Getenv(name)); err == nil && n > 0 {
		return n
	}
	return def
}

// relayMemoryFigure finds app/relay's memory figure in its test's output, whichever tree's: the
// bytes per idle connection and what they count ("relay alone, heap + stacks" since the clients
// run in a child process; "relay + test client" before).
var relayMemoryFigure = regexp.MustCompile(`5,000 idle connections: (\d+) bytes (?:\([^)]*\) )?each \(([^)]*)\)`)

// abba is which of two contenders goes at step i: before, after, after, before, … so a drift of
// the machine's load over the run weighs on both alike.
func abba(i int) int { return [4]int{0, 1, 1, 0}[i%4] }

// TestCompareRelayMemory measures the relay's memory per idle connection (app/relay's
// TestIdleConnectionsMemoryBounded: 5,000 idle connections, the relay alone) of both trees,
// each its own test binary, run in turn (before, after, after, before…).
// E2E_COMPARE_RELAY_RUNS sets the runs per tree.
func TestCompareRelayMemory(t *testing.T) {
	trees := [2]string{beforeTree(t), RepoRoot(t)}
	runs := envInt("E2E_COMPARE_RELAY_RUNS", 2)
	var bins [2]string
	for i, tree := range trees {
		bins[i] = filepath.Join(t.TempDir(), fmt.Sprintf("relay%d.test", i))
		cmd := exec.Command("go", "test", "-c", "-o", bins[i], "./app/relay")
		cmd.Dir = tree
		if b, err := cmd.CombinedOutput(); err != nil {
			t.Fatalf("build %s's relay tests: %v\n%s", tree, err, b)
		}
	}
	var per [2][]float64
	var what [2]string // what each tree's test counts
	var load loadRange
	load.add()
	for i := range 2 * runs {
		j := abba(i)
		out, err := exec.Command(bins[j], "-test.run", "^TestIdleConnectionsMemoryBounded$", "-test.v", "-test.count=1").CombinedOutput()
		if err != nil {
			t.Fatalf("%s: %v\n%s", bins[j], err, out)
		}
		m := relayMemoryFigure.FindStringSubmatch(string(out))
		if m == nil {
			t.Fatalf("%s: no memory figure in\n%s", bins[j], out)
		}
		b, _ := strconv.ParseInt(m[1], 10, 64)
		what[j] = m[2]
		per[j] = append(per[j], float64(b)/1024)
		load.add()
		t.Logf("relay memory run %d (%s): %.1f KiB per idle connection (load %s)", i, [2]string{"before", "after"}[j], float64(b)/1024, loadAvg())
	}
	b, a := medianF(per[0]), medianF(per[1])
	row := fmt.Sprintf("relay memory per idle connection at 5,000 (median of %d runs each)", runs)
	if what[0] != what[1] {
		// An older tree's test counted its clients too (they ran in the relay's process).
		row += fmt.Sprintf(" — NOT the same measure: before %q, after %q", what[0], what[1])
	}
	compareRow(t, row,
		fmt.Sprintf("%.1f KiB", b), fmt.Sprintf("%.1f KiB", a), a/b, &load)
}
