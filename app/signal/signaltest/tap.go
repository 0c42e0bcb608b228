//go:build !wasm

package signaltest

import (
	"context"
	"net/http"
	"sync"
	"testing"

	"github.com/coder/websocket"
)

// Tap is a WebSocket proxy in front of a broker that passes everything on unchanged and keeps
// a copy of every message either way: what the broker (or anyone on its path) gets to see.
type Tap struct {
	mu       sync.Mutex
	messages [][]byte
}

// TapProxy starts a tap in front of upstream (ws://…) and returns its address.
func TapProxy(t testing.TB, upstream string) (string, *Tap) {
	t.Helper()
	tp := &Tap{}
	open := func(r *http.Request) { tp.keep([]byte(r.URL.RequestURI())) } // the address asked for is seen too
	return wsProxy(t, upstream, open, tp.pump), tp
}

func (tp *Tap) pump(ctx context.Context, src, dst *websocket.Conn) {
	for {
		typ, data, err := src.Read(ctx)
		if err != nil {
			return
		}
		tp.keep(data)
		if dst.Write(ctx, typ, data) != nil {
			return
		}
	}
}

func (tp *Tap) keep(b []byte) {
	tp.mu.Lock()
	tp.messages = append(tp.messages, append([]byte(nil), b...))
	tp.mu.Unlock()
}

// Messages is a copy of everything the tap has seen so far, in order.
func (tp *Tap) Messages() [][]byte {
	tp.mu.Lock()
	defer tp.mu.Unlock()
	return append([][]byte(nil), tp.messages...)
}
