//go:build browser

package e2e

import (
	"context"
	"fmt"
	"sort"
	"strings"
	"testing"
	"time"

	"github.com/chromedp/cdproto/page"
	"github.com/chromedp/chromedp"
)

// channelTraceJS stamps, from the page's first script on, every data-channel message as it
// reaches the page (before any Go code sees it) and every send, so a move's time splits into
// what each page did and what the network did. It only observes: handlers and sends are
// passed through unchanged.
const channelTraceJS = `(() => {
  const now = () => performance.timeOrigin + performance.now();
  window.__dcIn = []; window.__mkDraws = 0; window.__dcOut = []; window.__dcOutSize = []; window.__mkTrace = []; window.__long = [];
  try {
    new PerformanceObserver((l) => { for (const e of l.getEntries()) if (window.__long.length < 100000) window.__long.push([performance.timeOrigin + e.startTime, e.duration]); }).observe({type: 'longtask', buffered: true});
  } catch (e) {}
  const d = Object.getOwnPropertyDescriptor(RTCDataChannel.prototype, 'onmessage');
  Object.defineProperty(RTCDataChannel.prototype, 'onmessage', {
    configurable: true,
    get() { return d.get.call(this); },
    set(f) { d.set.call(this, typeof f === 'function' ? function (ev) { if (window.__dcIn.length < 200000) window.__dcIn.push(now()); return f.call(this, ev); } : f); },
  });
  const send = RTCDataChannel.prototype.send;
  RTCDataChannel.prototype.send = function (x) { if (window.__dcOut.length < 200000) { window.__dcOut.push(now()); window.__dcOutSize.push(x.byteLength || x.size || x.length || 0); } return send.call(this, x); };
})()`

// traceChannels installs channelTraceJS in b for every page it opens from now on.
func traceChannels(b *Browser) {
	b.Do(chromedp.Func(func(ctx context.Context, _ *chromedp.Target) error {
		_, err := chromedp.Call(ctx, page.AddScriptToEvaluateOnNewDocument, page.AddScriptToEvaluateOnNewDocumentParams{Source: channelTraceJS})
		return err
	}))
}

// sentSizeAfter is the size in bytes of the first message page b sent after t (ms since the
// epoch), or 0.
func sentSizeAfter(b *Browser, t float64) int {
	v, _ := Eval[int](b, fmt.Sprintf(`((a, s, t) => { for (let i = 0; i < (a || []).length; i++) if (a[i] > t) return s[i]; return 0; })(window.__dcOut, window.__dcOutSize, %f)`, t))
	return v
}

// firstAfter is the first stamp in list ("in" or "out") of b after t (ms since the epoch), or 0.
func firstAfter(b *Browser, list string, t float64) float64 {
	v, _ := Eval[float64](b, fmt.Sprintf(`((a, t) => { for (const x of (a || [])) if (x > t) return x; return 0; })(window.__dc%s, %f)`, list, t))
	return v
}

// snapshotAt is when page b's session first took a Snapshot showing seq (app/session's trace):
// its start and end (ms since the epoch), or zeros.
func snapshotAt(b *Browser, seq int) (start, end float64) {
	v, _ := Eval[[]float64](b, fmt.Sprintf(`((a, s) => { for (const x of (a || [])) if (x[0] >= s) return [x[1], x[2]]; return [0, 0]; })(window.__mkTrace, %d)`, seq))
	if len(v) != 2 {
		return 0, 0
	}
	return v[0], v[1]
}

// drawAt is when page b's screen was first drawn at once (uiloop.Now) for seq, after the
// Snapshot ending at after: its start and end (ms since the epoch), or zeros.
func drawAt(b *Browser, seq int, after float64) (start, end float64) {
	v, _ := Eval[[]float64](b, fmt.Sprintf(`((a, s, f) => { for (const x of (a || [])) if (x[0] >= s && x[1] >= f) return [x[1], x[2]]; return [0, 0]; })(window.__mkRender, %d, %f)`, seq, after))
	if len(v) != 2 {
		return 0, 0
	}
	return v[0], v[1]
}

// busy is how much of [from, to] page b spent in long tasks (50 ms or more of script at once).
func busy(b *Browser, from, to float64) time.Duration {
	v, _ := Eval[float64](b, fmt.Sprintf(`((a, f, t) => { let s = 0; for (const [st, d] of (a || [])) s += Math.max(0, Math.min(t, st + d) - Math.max(f, st)); return s; })(window.__long, %f, %f)`, from, to))
	return time.Duration(v * float64(time.Millisecond))
}

// stages collects, per stage name, the durations of a move's path measured in the pages.
type stages struct {
	d     map[string][]time.Duration
	sizes []int // the host's first frame after each move came in (a view), in bytes
}

// stageOrder is the path of a move made in a guest's page.
var stageOrder = []string{"click → sent (UI, sign, encode)", "to host (network)", "host: received → first view sent", "to guests (network)",
	"guest page: received → shown", "  received → Snapshot (decode, audit)", "  Snapshot (Guest.State)", "  Snapshot → shown (frame, render)", "    Snapshot → drawing starts", "    drawing (go-app render)", "    of which in long tasks (≥50 ms)",
	"host page: received → shown", "to the mover's page (network)", "to the other guest's page (network)"}

// measure splits the move clicked at click (page time) in mover into stages; pages[0] is
// the host's page. Moves of the host's own page have no network on their way in: skipped.
func (st *stages) measure(pages []*Browser, mover *Browser, click float64, seq int) {
	if mover == pages[0] {
		return
	}
	ms := func(a, b float64) time.Duration { return time.Duration((b - a) * float64(time.Millisecond)) }
	out := firstAfter(mover, "Out", click)
	in := firstAfter(pages[0], "In", out)
	viewOut := firstAfter(pages[0], "Out", in)
	if out == 0 || in == 0 || viewOut == 0 {
		return
	}
	var back, shown, toSnap, snap, render, long, toDraw, draw time.Duration
	drawn := true
	traced := true
	for _, g := range pages[1:] {
		got := firstAfter(g, "In", viewOut)
		seen := seenAt(g, seq)
		if got == 0 || seen == 0 {
			return
		}
		back, shown = max(back, ms(viewOut, got)), max(shown, ms(got, seen))
		if g == mover {
			st.add(stageOrder[12], ms(viewOut, got))
		} else {
			st.add(stageOrder[13], ms(viewOut, got))
		}
		if s0, s1 := snapshotAt(g, seq); s0 > 0 && s0 >= got && s1 <= seen {
			if ms(s1, seen) > render {
				long = busy(g, s1, seen)
			}
			toSnap, snap, render = max(toSnap, ms(got, s0)), max(snap, ms(s0, s1)), max(render, ms(s1, seen))
			if d0, d1 := drawAt(g, seq, s1); d0 > 0 && d1 <= seen+1 {
				toDraw, draw = max(toDraw, ms(s1, d0)), max(draw, ms(d0, d1))
			} else {
				drawn = false
			}
		} else {
			traced = false
		}
	}
	st.add(stageOrder[0], ms(click, out))
	st.add(stageOrder[1], ms(out, in))
	st.add(stageOrder[2], ms(in, viewOut))
	if n := sentSizeAfter(pages[0], in); n > 0 {
		st.sizes = append(st.sizes, n)
	}
	st.add(stageOrder[3], back)
	st.add(stageOrder[4], shown)
	if traced {
		st.add(stageOrder[5], toSnap)
		st.add(stageOrder[6], snap)
		st.add(stageOrder[7], render)
		if drawn {
			st.add(stageOrder[8], toDraw)
			st.add(stageOrder[9], draw)
		}
		st.add(stageOrder[10], long)
	}
	if seen := seenAt(pages[0], seq); seen > 0 {
		st.add(stageOrder[11], ms(in, seen))
	}
}

// drawnAtOnce is how many traced moves each guest page drew through uiloop.Now (the draw
// starting after the move's Snapshot), of how many traced moves.
func (st *stages) drawnAtOnce() (drawn, traced int) {
	return len(st.d[stageOrder[8]]), len(st.d[stageOrder[7]])
}

func (st *stages) add(name string, d time.Duration) {
	if st.d == nil {
		st.d = map[string][]time.Duration{}
	}
	st.d[name] = append(st.d[name], d)
}

// viewBytes is the median size of the views measured, or 0.
func (st *stages) viewBytes() int {
	s := append([]int(nil), st.sizes...)
	if len(s) == 0 {
		return 0
	}
	sort.Ints(s)
	return s[len(s)/2]
}

// log prints each stage's p50 and p99 (slowest seat where several pages take part).
func (st *stages) log(t *testing.T, what string) {
	var lines []string
	for _, name := range stageOrder {
		ds := append([]time.Duration(nil), st.d[name]...)
		if len(ds) == 0 {
			continue
		}
		sort.Slice(ds, func(i, j int) bool { return ds[i] < ds[j] })
		lines = append(lines, fmt.Sprintf("  %-36s n=%d p50=%v p99=%v", name, len(ds), ds[len(ds)/2].Round(100*time.Microsecond), ds[min(len(ds)-1, len(ds)*99/100)].Round(100*time.Microsecond)))
	}
	t.Logf("FIGURE %s, stage by stage (moves clicked in a guest's page):\n%s", what, strings.Join(lines, "\n"))
}

// drawsOf is how many times page b drew its game screen (app/session's TraceDraw).
func drawsOf(b *Browser) int {
	v, _ := Eval[int](b, `window.__mkDraws || 0`)
	return v
}
