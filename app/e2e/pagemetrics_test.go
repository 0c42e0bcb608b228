//go:build browser

package e2e

import (
	"context"
	"fmt"
	"strings"
	"testing"
	"time"

	"github.com/chromedp/cdproto/cdp"
	"github.com/chromedp/cdproto/performance"
	"github.com/chromedp/chromedp"
)

// A pageMeter reads Chromium's own counters of a page's main thread (the Performance domain,
// in thread time: CPU, not the wait for a loaded machine's cores) at its start and at log,
// so a move's cost splits into script (Go's wasm included), style, layout, the DevTools
// commands the test itself sends (its probes), compiling and the rest (paint, the event loop).
// A CPU profile shows style, layout and paint as one "(program)"; these counters tell them apart.
type pageMeter struct {
	b     *Browser
	start map[string]float64
}

// pageMetricNames are the counters logged, in this order, with the label each is logged by.
// Chromium's script counter misses script run from a promise's callbacks: Go resumed by
// WebCrypto's verify (the move's own work, ~6 ms a move in a trace) counts as "other tasks".
var pageMetricNames = []struct{ key, label string }{
	{"ThreadTime", "main thread"},
	{"ScriptDuration", "script (promise callbacks not counted)"},
	{"RecalcStyleDuration", "style"},
	{"LayoutDuration", "layout"},
	{"DevToolsCommandDuration", "test probes (DevTools)"},
	{"V8CompileDuration", "compile"},
	{"TaskOtherDuration", "other tasks (promise callbacks' script included)"},
	{"RecalcStyleCount", "style passes"},
	{"LayoutCount", "layouts"},
}

func newPageMeter(b *Browser) *pageMeter {
	m := &pageMeter{b: b}
	b.Do(chromedp.Func(func(ctx context.Context, _ *chromedp.Target) error {
		_, err := chromedp.Call(ctx, performance.Enable, performance.EnableParams{TimeDomain: performance.EnableTimeDomainThreadTicks})
		return err
	}))
	m.start = m.read()
	return m
}

func (m *pageMeter) read() map[string]float64 {
	out := map[string]float64{}
	m.b.Do(chromedp.Func(func(ctx context.Context, _ *chromedp.Target) error {
		r, err := chromedp.Call(ctx, performance.GetMetrics, cdp.Empty{})
		if err != nil {
			return err
		}
		for _, x := range r.Metrics {
			out[x.Name] = x.Value
		}
		return nil
	}))
	return out
}

// log prints each counter's growth per move since the meter started: durations in ms of the
// main thread's CPU, passes as counts.
func (m *pageMeter) log(t *testing.T, moves int) {
	if moves == 0 {
		return
	}
	end := m.read()
	var parts []string
	for _, n := range pageMetricNames {
		d := (end[n.key] - m.start[n.key]) / float64(moves)
		if strings.HasSuffix(n.key, "Count") {
			parts = append(parts, fmt.Sprintf("%s %.1f", n.label, d))
			continue
		}
		parts = append(parts, fmt.Sprintf("%s %v", n.label, time.Duration(d*float64(time.Second)).Round(100*time.Microsecond)))
	}
	t.Logf("FIGURE %s page's main thread per move (Chromium's counters, CPU time, %d moves, load %s): %s",
		m.b.Name, moves, loadAvg(), strings.Join(parts, ", "))
}
