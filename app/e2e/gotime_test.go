//go:build browser

package e2e

import (
	"context"
	"fmt"
	"os"
	"sort"
	"strconv"
	"testing"
	"time"

	"github.com/chromedp/cdproto/page"
	"github.com/chromedp/chromedp"
)

// goTimeJS stamps every entry of the page's main thread into Go (wasm_exec.js's Go._resume:
// event handlers, data-channel messages, timers, promise callbacks all come in through it) as
// [start ms since the epoch, duration ms] in window.__goBusy, so a test can tell how much of
// the page's main thread Go took per move. The test's own probes (Runtime.evaluate of small
// scripts) never enter Go, so they are not counted. Nested entries (Go → JS → Go) count once.
// It only observes: _resume is called as before.
const goTimeJS = `(() => {
  window.__goBusy = [];
  let depth = 0, G;
  const wrap = (C) => {
    if (typeof C !== 'function' || C.__timed) return C;
    const r = C.prototype._resume;
    C.prototype._resume = function () {
      if (depth++) { try { return r.call(this); } finally { depth--; } }
      const t0 = performance.now();
      try { return r.call(this); } finally {
        depth--;
        if (window.__goBusy.length < 800000) window.__goBusy.push(performance.timeOrigin + t0, performance.now() - t0);
      }
    };
    C.__timed = true;
    return C;
  };
  Object.defineProperty(globalThis, 'Go', {configurable: true, get() { return G; }, set(v) { G = wrap(v); }});
})()`

// traceGoTime installs goTimeJS in b for every page it opens from now on.
func traceGoTime(b *Browser) {
	b.Do(chromedp.Func(func(ctx context.Context, _ *chromedp.Target) error {
		_, err := chromedp.Call(ctx, page.AddScriptToEvaluateOnNewDocument, page.AddScriptToEvaluateOnNewDocumentParams{Source: goTimeJS})
		return err
	}))
}

// A span is a move's time on the pages: from its click (ms since the epoch, the clicking page's
// clock, which is the machine's) to when the last page showed it.
type span struct{ from, to float64 }

// goTimeIn is the Go time page b took in each span: the entries into Go starting inside it, so
// the move's whole way through the page (receive, check, apply, encode, send, draw) and
// whatever else the page did meanwhile (keep-alives, go-app's frame ticks).
func goTimeIn(b *Browser, spans []span) []time.Duration {
	busy, _ := Eval[[]float64](b, `window.__goBusy || []`)
	var out []time.Duration
	for _, s := range spans {
		var sum float64
		for i := 0; i+1 < len(busy); i += 2 {
			if busy[i] >= s.from && busy[i] <= s.to {
				sum += busy[i+1]
			}
		}
		out = append(out, time.Duration(sum*float64(time.Millisecond)))
	}
	return out
}

// goTimeBetween is the Go time page b took from when each seq s-1 first showed on it to when
// seq s did (window.__seq), for s in (from, to]: everything the page did per move, the waits
// between moves included.
func goTimeBetween(b *Browser, from, to int) []time.Duration {
	seqs, _ := Eval[map[string]float64](b, `window.__seq || {}`)
	var spans []span
	for s := from + 1; s <= to; s++ {
		t0, ok0 := seqs[strconv.Itoa(s-1)]
		t1, ok1 := seqs[strconv.Itoa(s)]
		if ok0 && ok1 && t1 > t0 {
			spans = append(spans, span{t0 + 1e-3, t1})
		}
	}
	return goTimeIn(b, spans)
}

// logGoTime prints the host page's Go time per move.
func logGoTime(t *testing.T, what string, ds []time.Duration) {
	if len(ds) == 0 {
		t.Logf("FIGURE %s: no move measured", what)
		return
	}
	s := append([]time.Duration(nil), ds...)
	sort.Slice(s, func(i, j int) bool { return s[i] < s[j] })
	var sum time.Duration
	for _, d := range s {
		sum += d
	}
	t.Logf("FIGURE %s: n=%d p50=%v p99=%v mean=%v (load %s)", what, len(s), pct(s, .5).Round(100*time.Microsecond),
		pct(s, .99).Round(100*time.Microsecond), (sum / time.Duration(len(s))).Round(100*time.Microsecond), loadAvg())
}

// loadAvg is the machine's 1-minute load average, for reading figures taken on a shared box.
func loadAvg() string {
	var l1 float64
	if b, err := os.ReadFile("/proc/loadavg"); err == nil {
		_, _ = fmt.Sscan(string(b), &l1)
	}
	return fmt.Sprintf("%.1f", l1)
}

// A cpuMeter reads the CPU time of a browser's renderer main threads (treeCPU: where the page's
// wasm, its JS, style and layout run) from /proc, so a page's cost per move is told apart from
// the wait for a loaded machine's cores that its wall-clock figures include.
type cpuMeter struct {
	pid   int
	start time.Duration
}

func newCPUMeter(b *Browser) cpuMeter {
	var m cpuMeter
	if pr := chromedp.FromContext(b.Ctx).Browser.Process(); pr != nil {
		m.pid = pr.Pid
	}
	m.start = treeCPU(m.pid)
	return m
}

// log prints the CPU time per move since the meter started (the test's own probes of the page
// included: an upper bound).
func (m cpuMeter) log(t *testing.T, what string, moves int) {
	if m.pid == 0 || moves == 0 {
		return
	}
	d := treeCPU(m.pid) - m.start
	t.Logf("FIGURE %s, CPU time per move (renderer main thread, /proc, the test's probes included): %v over %d moves (load %s)",
		what, (d / time.Duration(moves)).Round(100*time.Microsecond), moves, loadAvg())
}
