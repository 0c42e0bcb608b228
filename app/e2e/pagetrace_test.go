//go:build browser

package e2e

import (
	"cmp"
	"context"
	"encoding/json"
	"fmt"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"sync"
	"testing"

	"github.com/chromedp/cdproto/cdp"
	"github.com/chromedp/cdproto/tracing"
	"github.com/chromedp/chromedp"
)

// tracePage records Chromium's own trace of page b (what its main thread did: tasks, script,
// style, layout, paint, garbage collection) when E2E_TRACE is set, and returns what stops it
// and logs the main thread's time by kind of work per move, each kind's own time (its
// children's left out). A CPU profile shows everything but script as one "(program)"; the
// trace names it. E2E_TRACE names the directory the whole trace is written to as well (open
// it in DevTools' Performance panel). Without the variable it does nothing: tracing slows the page it watches.
func tracePage(t *testing.T, b *Browser) (stop func(moves int)) {
	if os.Getenv("E2E_TRACE") == "" {
		return func(int) {}
	}
	rec := recordTrace(t, b, traceCategories())
	return func(moves int) {
		raw := rec()
		if all, err := json.Marshal(map[string]any{"traceEvents": raw}); err == nil {
			// Opens in DevTools' Performance panel.
			name := filepath.Join(os.Getenv("E2E_TRACE"), b.Name+".trace.json")
			if err := os.WriteFile(name, all, 0o644); err != nil {
				t.Logf("trace: %v", err)
			}
		}
		t.Logf("FIGURE %s page's trace, main thread by kind of work (own time):\n%s", b.Name, traceSelfTimes(raw, moves))
		n, ms := lazyCompiles(raw)
		t.Logf("FIGURE %s page's wasm functions compiled on first use during the game (load %s): %d, %.1f ms", b.Name, loadAvg(), n, ms)
	}
}

// recordTrace starts Chromium's trace of page b with the categories cats and returns what ends
// it and hands back its events.
func recordTrace(t *testing.T, b *Browser, cats []string) (stop func() []json.RawMessage) {
	t.Helper()
	var mu sync.Mutex
	var raw []json.RawMessage
	done := make(chan struct{})
	chromedp.Listen(b.Ctx, func(ev any) {
		switch ev := ev.(type) {
		case *tracing.EventDataCollected:
			mu.Lock()
			for _, v := range ev.Value {
				raw = append(raw, json.RawMessage(append([]byte(nil), v...)))
			}
			mu.Unlock()
		case *tracing.EventTracingComplete:
			close(done)
		}
	})
	b.Do(chromedp.Func(func(ctx context.Context, _ *chromedp.Target) error {
		_, err := chromedp.Call(ctx, tracing.Start, tracing.StartParams{
			TransferMode: tracing.StartTransferModeReportEvents,
			TraceConfig: &tracing.TraceConfig{
				RecordMode:         tracing.TraceConfigRecordModeRecordAsMuchAsPossible,
				IncludedCategories: cats,
			},
		})
		return err
	}))
	return func() []json.RawMessage {
		b.Do(chromedp.Func(func(ctx context.Context, _ *chromedp.Target) error {
			_, err := chromedp.Call(ctx, tracing.End, cdp.Empty{})
			return err
		}))
		<-done
		mu.Lock()
		defer mu.Unlock()
		return raw
	}
}

// traceCategories are Chromium's trace categories recorded: the main thread's kinds of work,
// and those E2E_TRACE_CATEGORIES adds (comma-separated, e.g. the compositor's "cc" or
// "disabled-by-default-devtools.timeline.frame" to follow frames and animations).
func traceCategories() []string {
	cats := []string{"devtools.timeline", "toplevel", "v8.execute", "v8.wasm", "disabled-by-default-v8.wasm.detailed", "blink.user_timing", "disabled-by-default-devtools.timeline"}
	for _, c := range strings.Split(os.Getenv("E2E_TRACE_CATEGORIES"), ",") {
		if c = strings.TrimSpace(c); c != "" {
			cats = append(cats, c)
		}
	}
	return cats
}

type traceEvent struct {
	Name string          `json:"name"`
	Ph   string          `json:"ph"`
	Ts   float64         `json:"ts"`
	Dur  float64         `json:"dur"`
	Tdur float64         `json:"tdur"` // thread (CPU) time, where Chromium recorded it
	Pid  int             `json:"pid"`
	Tid  int             `json:"tid"`
	Args json.RawMessage `json:"args"`
}

// traceSelfTimes sums each event name's own time (its duration less its children's) on the
// renderer's main thread, in ms of its CPU per move (wall time where Chromium recorded no
// thread time), most first.
func traceSelfTimes(raw []json.RawMessage, moves int) string {
	var evs []traceEvent
	type thread struct{ pid, tid int }
	mains := map[thread]bool{}
	for _, r := range raw {
		var e traceEvent
		if json.Unmarshal(r, &e) != nil {
			continue
		}
		if e.Ph == "M" && e.Name == "thread_name" && strings.Contains(string(e.Args), `"CrRendererMain"`) {
			mains[thread{e.Pid, e.Tid}] = true
		}
		if e.Ph == "X" {
			evs = append(evs, e)
		}
	}
	byThread := map[thread][]traceEvent{}
	for _, e := range evs {
		if k := (thread{e.Pid, e.Tid}); mains[k] {
			byThread[k] = append(byThread[k], e)
		}
	}
	self, count := map[string]float64{}, map[string]int{}
	total := 0.0
	for _, es := range byThread {
		slices.SortFunc(es, func(a, b traceEvent) int {
			if c := cmp.Compare(a.Ts, b.Ts); c != 0 {
				return c
			}
			return cmp.Compare(b.Dur, a.Dur) // the outer of two starting together first
		})
		type open struct {
			name     string
			end      float64
			children float64
			dur      float64
		}
		var stack []open
		pop := func() {
			o := stack[len(stack)-1]
			stack = stack[:len(stack)-1]
			self[o.name] += max(0, o.dur-o.children)
			count[o.name]++
			if len(stack) > 0 {
				stack[len(stack)-1].children += o.dur
			} else {
				total += o.dur
			}
		}
		for _, e := range es {
			for len(stack) > 0 && stack[len(stack)-1].end <= e.Ts {
				pop()
			}
			d := e.Dur
			if e.Tdur > 0 {
				d = e.Tdur
			}
			stack = append(stack, open{name: e.Name, end: e.Ts + e.Dur, dur: d})
		}
		for len(stack) > 0 {
			pop()
		}
	}
	names := make([]string, 0, len(self))
	for n := range self {
		names = append(names, n)
	}
	slices.SortFunc(names, func(a, b string) int { return cmp.Compare(self[b], self[a]) })
	per := float64(max(1, moves)) * 1000 // µs → ms per move
	lines := []string{fmt.Sprintf("    %7.2f ms/move in top-level events", total/per)}
	for _, n := range names[:min(len(names), 25)] {
		lines = append(lines, fmt.Sprintf("    %7.2f ms/move %5.1f%% %6.1f/move  %s", self[n]/per, 100*self[n]/max(total, 1), float64(count[n])/float64(max(1, moves)), n))
	}
	return strings.Join(lines, "\n")
}

// lazyCompiles counts the wasm functions V8 compiled on first use (wasm.CompileLazy, on the
// thread that called them) in a trace, and their time in ms.
func lazyCompiles(raw []json.RawMessage) (n int, ms float64) {
	for _, r := range raw {
		var e traceEvent
		if json.Unmarshal(r, &e) != nil || e.Name != "wasm.CompileLazy" || e.Ph != "X" {
			continue
		}
		n++
		d := e.Dur
		if e.Tdur > 0 {
			d = e.Tdur
		}
		ms += d / 1000
	}
	return n, ms
}
