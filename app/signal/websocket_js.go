//go:build js

package signal

import (
	"context"
	"errors"
	"fmt"
	"net/http"
	"strings"
	"sync"
	"syscall/js"
	"time"
)

// WebSocket is one connection through the page's own WebSocket: whole messages, a read limit,
// and the two ways to close, which is all the browser build needs. coder/websocket's browser
// half wraps the same browser object in more code (with net/http's types and its own buffer
// pools): leaving it out took 94 KB off app.wasm (raw; 3 KB brotli).
type WebSocket struct {
	v     js.Value
	limit int64

	mu      sync.Mutex
	queue   []message     // received, not yet read
	ready   chan struct{} // a message was queued (capacity one)
	closed  chan struct{} // the close event came
	err     error         // why it closed (set before closed is closed)
	funcs   []js.Func
	closing bool
}

type message struct {
	data []byte
	text bool
	err  error // a message over the limit: not copied, and the connection is closing
}

// errWSClosed is what Write returns once the connection is closing or closed.
var errWSClosed = errors.New("websocket: closed")

// Close codes a page may send (the browser refuses the others).
const (
	closeNormal = 1000
	closeTooBig = 4009 // private use: the message went over our read limit
)

// dialWebSocket opens a WebSocket and waits for it to open. The browser tells a page nothing of
// why a connection failed (a refusal and no answer look the same), so no error here wraps
// ErrRelayRefused. hc is not used: the browser chooses its own transport.
func dialWebSocket(ctx context.Context, _ *http.Client, url string, limit int64, protos []string) (ws *WebSocket, err error) {
	url = strings.Replace(url, "http://", "ws://", 1)
	url = strings.Replace(url, "https://", "wss://", 1)
	list := make([]any, len(protos))
	for i, p := range protos {
		list[i] = p
	}
	defer func() {
		// The constructor throws on a URL it will not open (bad scheme, blocked port).
		if r := recover(); r != nil {
			jsErr, ok := r.(js.Error)
			if !ok {
				panic(r)
			}
			ws, err = nil, fmt.Errorf("websocket: %s", jsErr.Error())
		}
	}()
	w := &WebSocket{
		v: js.Global().Get("WebSocket").New(url, list), limit: limit,
		ready: make(chan struct{}, 1), closed: make(chan struct{}),
	}
	w.v.Set("binaryType", "arraybuffer")
	opened := make(chan struct{})
	w.on("open", func(js.Value) { close(opened) })
	w.on("message", w.received)
	w.on("close", func(e js.Value) {
		w.shut(fmt.Errorf("websocket: closed (code %d)", e.Get("code").Int()))
	})
	// An error event is always followed by a close event, which does the work.
	select {
	case <-opened:
		return w, nil
	case <-w.closed:
		return nil, w.err
	case <-ctx.Done():
		w.CloseNow()
		return nil, ctx.Err()
	}
}

// on sets the handler of one event; shut releases them all.
func (w *WebSocket) on(event string, fn func(js.Value)) {
	f := js.FuncOf(func(_ js.Value, args []js.Value) any {
		fn(args[0])
		return nil
	})
	w.funcs = append(w.funcs, f)
	w.v.Set("on"+event, f)
}

// received queues a message; it runs on the page's event loop, so it never blocks. One over
// the read limit is not copied into Go: it ends the connection, as natively.
func (w *WebSocket) received(e js.Value) {
	var m message
	d := e.Get("data")
	text := d.Type() == js.TypeString
	var s string
	n := 0
	if text {
		s = d.String() // a string's length cannot be asked of syscall/js: it is copied to know it
		n = len(s)
	} else {
		n = d.Get("byteLength").Int()
	}
	switch {
	case int64(n) > w.limit:
		m.err = fmt.Errorf("websocket: a message of %d bytes is over the limit of %d", n, w.limit)
		w.close(closeTooBig, "message too big")
	case text:
		m = message{data: []byte(s), text: true}
	default:
		b := js.Global().Get("Uint8Array").New(d)
		m.data = make([]byte, n)
		js.CopyBytesToGo(m.data, b)
	}
	w.mu.Lock()
	w.queue = append(w.queue, m)
	w.mu.Unlock()
	select {
	case w.ready <- struct{}{}:
	default:
	}
}

// shut records why the connection ended and lets go of the handlers: no event follows close.
func (w *WebSocket) shut(err error) {
	w.mu.Lock()
	defer w.mu.Unlock()
	select {
	case <-w.closed:
		return
	default:
	}
	w.err = err
	close(w.closed)
	for _, ev := range []string{"onopen", "onmessage", "onclose"} {
		w.v.Set(ev, js.Null())
	}
	for _, f := range w.funcs {
		f.Release()
	}
	w.funcs = nil
}

// Read returns the next message and whether it was text (not binary). Messages that came
// before the close are still read. A message over the read limit ends the connection.
func (w *WebSocket) Read(ctx context.Context) (data []byte, text bool, err error) {
	for {
		w.mu.Lock()
		if len(w.queue) > 0 {
			m := w.queue[0]
			w.queue = w.queue[1:]
			w.mu.Unlock()
			if m.err != nil {
				return nil, false, m.err
			}
			return m.data, m.text, nil
		}
		w.mu.Unlock()
		select {
		case <-w.ready:
		case <-w.closed:
			w.mu.Lock()
			empty := len(w.queue) == 0
			w.mu.Unlock()
			if empty {
				return nil, false, w.err
			}
		case <-ctx.Done():
			return nil, false, ctx.Err()
		}
	}
}

// Write sends one message. The browser queues it and never blocks.
func (w *WebSocket) Write(_ context.Context, text bool, data []byte) error {
	w.mu.Lock()
	defer w.mu.Unlock()
	if w.closing {
		return errWSClosed
	}
	select {
	case <-w.closed: // the other side closed: the browser would drop what we send
		return errWSClosed
	default:
	}
	if text {
		w.v.Call("send", string(data))
		return nil
	}
	b := js.Global().Get("Uint8Array").New(len(data))
	js.CopyBytesToJS(b, data)
	w.v.Call("send", b)
	return nil
}

// Close starts the closing handshake (normal closure) and waits a little for it to finish.
func (w *WebSocket) Close() error {
	w.close(closeNormal, "")
	select {
	case <-w.closed:
	case <-time.After(5 * time.Second): // the browser finishes it on its own
	}
	return nil
}

// CloseNow starts the closing handshake and returns: a page cannot drop a WebSocket without it.
func (w *WebSocket) CloseNow() error {
	w.close(closeNormal, "")
	return nil
}

func (w *WebSocket) close(code int, reason string) {
	w.mu.Lock()
	defer w.mu.Unlock()
	if !w.closing {
		w.closing = true
		w.v.Call("close", code, reason)
	}
}
