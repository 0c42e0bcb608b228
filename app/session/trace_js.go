//go:build js && wasm

package session

import (
	"sync"
	"syscall/js"
)

// A page may ask (by setting window.__mkTrace to an array before the app starts, as the
// browser tests' latency figures do) to be told when each Snapshot was taken and what it
// cost: [seq, start, end] in ms since the epoch. Otherwise this costs one lookup per page.
var (
	traceOnce sync.Once
	traceArr  js.Value
	traceOn   bool
	perfNow   js.Value // performance.now, bound: called without naming it (a string to decode) each time
	perfBase  float64
)

func traceNow() float64 {
	traceOnce.Do(func() {
		traceArr = js.Global().Get("__mkTrace")
		traceOn = traceArr.Type() == js.TypeObject
		if traceOn {
			perf := js.Global().Get("performance")
			perfNow = perf.Get("now").Call("bind", perf)
			perfBase = perf.Get("timeOrigin").Float()
		}
	})
	if !traceOn {
		return 0
	}
	return perfBase + perfNow.Invoke().Float()
}

func traceSnapshot(seq int, start float64) {
	if traceOn && traceArr.Length() < 100000 {
		traceArr.Call("push", []any{seq, start, traceNow()})
	}
}

// TraceNow is the trace clock (ms since the epoch), 0 when the page does not trace.
func TraceNow() float64 { return traceNow() }

// TraceRender records a drawing of the screen: [seq, start, end] in window.__mkRender.
func TraceRender(seq int, start float64) {
	if !traceOn {
		return
	}
	a := js.Global().Get("__mkRender")
	if a.Type() != js.TypeObject {
		a = js.Global().Get("Array").New()
		js.Global().Set("__mkRender", a)
	}
	if a.Length() < 100000 {
		a.Call("push", []any{seq, start, traceNow()})
	}
}

// TraceDraw counts a drawing of the game screen in window.__mkDraws (tracing pages only), so
// a test can tell how many times each move was drawn, not only how long one drawing took.
func TraceDraw() {
	if !traceOn {
		return
	}
	g, n := js.Global(), 0
	if v := g.Get("__mkDraws"); v.Type() == js.TypeNumber {
		n = v.Int()
	}
	g.Set("__mkDraws", n+1)
}
