// Package uiloop is how the app's pages run work off go-app's UI goroutine and how a new
// table state reaches the screen without waiting for go-app's next frame.
//
// go-app v9 applies a dispatched change at once but draws it only on its own frame tick (as
// published, a 120 Hz ticker that slows down while the page is idle, then a browser timer on
// top: measured in three Chromium pages, the wait between a guest's new snapshot and its board
// on screen was most of a move's latency; patched, app/goappframe, the page's next animation
// frame). Now asks go-app's dispatcher to draw what is pending at once, through the
// dispatcher's own Consume (the method go-app's client tester uses): the drawing then neither
// waits for the next frame nor holds that frame back while it runs.
//
// Consume first waits for every goroutine started with ctx.Async or ctx.After to end. Those
// include network calls of seconds and one-second countdown ticks, so a page that used them
// would freeze until they ended. The app's pages therefore start their goroutines with Go and
// After below, which go-app does not count (TestNoGoAppAsync keeps it so).
package uiloop

import (
	"runtime"
	"time"

	"github.com/maxence-charriere/go-app/v9/pkg/app"

	"miskatonic/app/session"
)

// consumer is what go-app's engine offers besides Dispatcher (app.ClientDispatcher's Consume).
type consumer interface{ Consume() }

// Now draws src's pending updates, and any other component's, at once rather than on go-app's
// next frame. Call it from the dispatched change itself (or right after ctx.Dispatch of it, from
// any goroutine): the drawing is queued behind that change on the UI goroutine. seq names what
// is drawn in the page's trace (session.TraceRender). Where go-app offers no Consume (a
// server-side render), the change is drawn on the next frame as before.
func Now(ctx app.Context, src app.UI, seq func() int) {
	d := ctx.Dispatcher()
	c, ok := d.(consumer)
	if !ok || !app.IsClient {
		return
	}
	d.Dispatch(app.Dispatch{Mode: app.Next, Source: src, Function: func(app.Context) {
		// Let whatever the change made runnable go first: on a host's page, the goroutines
		// sending the new views to the guests (wasm has one thread and no preemption: a
		// drawing started now would hold their frames back for its whole length).
		runtime.Gosched()
		t := session.TraceNow()
		c.Consume()
		session.TraceRender(seq(), t)
	}})
}

// AfterPaint calls fn on the UI goroutine once the page has had a turn of its event loop, and
// without redrawing anything: for what need not be on screen with a move but would lengthen
// the task that draws it (setting the tab title cost Chromium a few milliseconds on most moves,
// before the board was drawn). fn is dropped if src is no longer mounted by then.
func AfterPaint(ctx app.Context, src app.UI, fn func()) {
	quietly(ctx, src, session.PageTurn, func(app.Context) { fn() })
}

// Quietly calls fn on the UI goroutine after d, like After but marking nothing for redrawing
// (After's ctx.Dispatch redraws the component): fn dispatches itself what must be drawn. fn is
// dropped if src is no longer mounted by then.
func Quietly(ctx app.Context, src app.UI, d time.Duration, fn func(app.Context)) {
	quietly(ctx, src, func() { time.Sleep(d) }, fn)
}

func quietly(ctx app.Context, src app.UI, wait func(), fn func(app.Context)) {
	disp := ctx.Dispatcher()
	go func() {
		wait()
		// Mode Next runs fn and marks no component for an update.
		disp.Dispatch(app.Dispatch{Mode: app.Next, Source: src, Function: fn})
	}()
}

// Go runs fn off the UI goroutine, like ctx.Async but not counted by go-app (see the package
// comment). fn reports back with ctx.Dispatch.
func Go(fn func()) { go fn() }

// After calls fn on the UI goroutine after d, like ctx.After but not counted by go-app.
func After(ctx app.Context, d time.Duration, fn func(app.Context)) {
	go func() {
		time.Sleep(d)
		ctx.Dispatch(fn)
	}()
}
