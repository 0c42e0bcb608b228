//go:build browser

package e2e

import (
	"context"
	"fmt"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/chromedp/chromedp"
)

// TestBlindCostChromium runs engine/arkham's BenchmarkBlindRound (whole host-blind rounds, all
// pages' crypto) as wasm inside headless Chromium and prints deal/draw/take/round-end, summed
// over pages and per page, at 3 and 7 players. It prints figures and asserts none: speed lives
// in printed numbers. BLIND_COST_WASM names a prebuilt test binary (GOOS=js GOARCH=wasm go test
// -c ./engine/arkham) to measure another version; otherwise the tree's own is built.
//
//	go test -c -tags browser -o bin/e2e.test ./app/e2e/ &&
//	  ../shared/tools/netns-run.sh ./bin/e2e.test -test.run 'TestBlindCostChromium$' -test.v
func TestBlindCostChromium(t *testing.T) {
	bin := buildWasmTest(t, "BLIND_COST_WASM", t.TempDir(), "./engine/arkham")
	benchtime := os.Getenv("BLIND_COST_BENCHTIME")
	if benchtime == "" {
		benchtime = "3x"
	}
	url := serveWasmTest(t, bin, []string{"-test.run", "^$", "-test.bench", "BlindRound", "-test.benchtime", benchtime}, nil)

	b := NewBrowser(t, "blindcost", Laptop)
	ctx, cancel := context.WithTimeout(b.Ctx, 10*time.Minute)
	defer cancel()
	var root int
	if pr := chromedp.FromContext(b.Ctx).Browser.Process(); pr != nil {
		root = pr.Pid
	}
	// The page times itself with performance.now(): wall time, which on a shared, loaded machine
	// overstates what the page's thread spent. So each output line is stamped, as it arrives,
	// with the renderer main thread's CPU time: between two result lines (one sub-benchmark;
	// the first from the page's opening) the share of the machine the page got is ΔCPU/Δwall,
	// and per-page figures are printed both raw and scaled by it (a fair estimate of the CPU
	// each step costs when the load is even over the sub-benchmark).
	type stamp struct {
		line string
		cpu  time.Duration
		at   time.Time
	}
	var mu sync.Mutex
	stamps := []stamp{{cpu: treeCPU(root), at: time.Now()}}
	go func() {
		for m, err := range chromedp.Console(ctx) {
			if err != nil {
				return
			}
			st := stamp{line: m.Text, cpu: treeCPU(root), at: time.Now()}
			mu.Lock()
			stamps = append(stamps, st)
			mu.Unlock()
		}
	}()
	if _, err := chromedp.Run(ctx, chromedp.Navigate(url)); err != nil {
		t.Fatalf("opening the benchmark page: %v", err)
	}
	if _, err := chromedp.Run(ctx, chromedp.Poll[bool](`window.done`,
		chromedp.WithPollingInterval(time.Second), chromedp.WithPollingTimeout(9*time.Minute))); err != nil {
		t.Fatalf("running the benchmark in Chromium: %v", err)
	}
	// The last lines may still be on their way from the renderer: wait for the test's verdict.
	for end := time.Now().Add(10 * time.Second); time.Now().Before(end); time.Sleep(100 * time.Millisecond) {
		mu.Lock()
		last := stamps[len(stamps)-1].line
		mu.Unlock()
		if last == "PASS" || strings.HasPrefix(last, "FAIL") || strings.HasPrefix(last, "error") {
			break
		}
	}
	mu.Lock()
	defer mu.Unlock()
	prev := stamps[0] // the share of a sub-benchmark runs from the line of the one before it
	for i := 1; i < len(stamps); i++ {
		l := stamps[i].line
		t.Log(l)
		if f := perPage(l, 1); f != "" {
			cpu, wall := stamps[i].cpu-prev.cpu, stamps[i].at.Sub(prev.at)
			prev = stamps[i]
			share := 1.0
			if cpu > 0 && wall > 0 {
				share = min(1, float64(cpu)/float64(wall))
			}
			t.Log("  per page, wall:       " + f)
			t.Logf("  per page, CPU-scaled: %s (page thread CPU %v over %v: share %.2f)", perPage(l, share),
				cpu.Round(time.Millisecond), wall.Round(time.Millisecond), share)
		}
	}
}

// perPage turns a BenchmarkBlindRound line (figures summed over every page) into per-page
// figures: each page does about 1/P of the work.
func perPage(line string, scale float64) string {
	f := strings.Fields(line)
	if len(f) == 0 || !strings.HasPrefix(f[0], "BenchmarkBlindRound/players=") {
		return ""
	}
	rest := strings.TrimPrefix(f[0], "BenchmarkBlindRound/players=")
	digits := strings.IndexFunc(rest, func(r rune) bool { return r < '0' || r > '9' })
	if digits < 0 {
		digits = len(rest)
	}
	p, err := strconv.Atoi(rest[:digits])
	if err != nil || p == 0 {
		return ""
	}
	var out []string
	for i := 1; i+1 < len(f); i++ {
		if strings.HasSuffix(f[i+1], "-ms") {
			v, err := strconv.ParseFloat(f[i], 64)
			if err == nil {
				out = append(out, fmt.Sprintf("%s %.1f", f[i+1], v*scale/float64(p)))
			}
		}
	}
	return fmt.Sprintf("%s: %s", strings.TrimPrefix(f[0], "BenchmarkBlindRound/"), strings.Join(out, ", "))
}

// treeCPU is the user+system CPU time of the renderers' main threads (where a page's wasm runs)
// among process pid's descendants (Linux /proc; 0 elsewhere).
func treeCPU(pid int) time.Duration {
	if pid <= 0 {
		return 0
	}
	var sum int64
	for _, n := range procTree(pid) {
		dir := filepath.Join("/proc", strconv.Itoa(n))
		if cmd, _ := os.ReadFile(filepath.Join(dir, "cmdline")); !strings.Contains(string(cmd), "--type=renderer") {
			continue
		}
		// The renderer's main thread (its task id is the process id) runs the page's wasm.
		if f := statFields(filepath.Join(dir, "task", strconv.Itoa(n), "stat")); f != nil {
			ut, _ := strconv.ParseInt(f[11], 10, 64)
			st, _ := strconv.ParseInt(f[12], 10, 64)
			sum += ut + st
		}
	}
	return time.Duration(sum) * time.Second / 100 // USER_HZ
}

// statFields are the fields of a /proc stat file after the command (which may hold spaces).
func statFields(path string) []string {
	b, err := os.ReadFile(path)
	if err != nil {
		return nil
	}
	f := strings.Fields(string(b[strings.LastIndexByte(string(b), ')')+1:]))
	if len(f) < 13 {
		return nil
	}
	return f
}
