//go:build js && wasm

package session

import (
	"runtime"
	"sync"
	"syscall/js"
)

// pageYield is the guests' GuestConfig.Yield in the browser: it waits for one turn of the
// page's event loop (a message to itself on a MessageChannel, which unlike a timer is neither
// clamped nor throttled in a background tab), so what the screens were just told is rendered
// and reaches the page before the guest audits the frame, a round's replay included. A
// goroutine yield alone would not do: the page gets the thread back only once no goroutine
// can run.
func pageYield() {
	yieldOnce.Do(func() {
		mc := js.Global().Get("MessageChannel")
		if mc.Type() != js.TypeFunction {
			return
		}
		ch := mc.New()
		ch.Get("port1").Set("onmessage", js.FuncOf(func(js.Value, []js.Value) any {
			select {
			case yieldDone <- struct{}{}:
			default:
			}
			return nil
		}))
		yieldPort = ch.Get("port2")
	})
	if yieldPort.IsUndefined() {
		runtime.Gosched()
		return
	}
	yieldMu.Lock() // one message in flight: the guests of several seats take turns
	defer yieldMu.Unlock()
	yieldPort.Call("postMessage", 0)
	<-yieldDone
}

var (
	yieldOnce sync.Once
	yieldMu   sync.Mutex
	yieldPort js.Value
	yieldDone = make(chan struct{}, 1)
)

// PageTurn waits for one turn of the page's event loop (see pageYield): work that need not
// be on screen with a move (the tab title) waits for it, so it does not lengthen the task that
// draws the move. Call it off the UI goroutine.
func PageTurn() { pageYield() }
