//go:build !wasm

package signaltest

import (
	"bytes"
	"context"
	"net/http"
	"strings"
	"sync"
	"testing"

	"github.com/coder/websocket"
)

// Chaos is a WebSocket proxy in front of a broker that, on the deliveries it may touch (MQTT
// PUBLISH packets, Nostr EVENT messages; never the handshakes, which a real broker does not
// lose either), follows a fixed pattern in each direction: of every six, one is dropped, one
// sent twice, one held back and sent after the next (reordered), and one followed by a replay
// of an earlier one.
type Chaos struct {
	mu                                   sync.Mutex
	Dropped, Doubled, Reordered, Replays int
}

// ChaosProxy starts a proxy to upstream (ws://…) and returns its address and counters.
func ChaosProxy(t testing.TB, upstream string) (string, *Chaos) {
	t.Helper()
	c := &Chaos{}
	return wsProxy(t, upstream, nil, c.pump), c
}

// wsProxy serves a WebSocket proxy to upstream (ws://…) on loopback: each connection dials
// upstream with the same address and subprotocols, calls open (if set) with the request,
// and runs pump each way until either way ends.
func wsProxy(t testing.TB, upstream string, open func(*http.Request), pump func(ctx context.Context, src, dst *websocket.Conn)) string {
	h := http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		var protos []string
		for _, p := range strings.Split(r.Header.Get("Sec-WebSocket-Protocol"), ",") {
			if p = strings.TrimSpace(p); p != "" {
				protos = append(protos, p)
			}
		}
		ctx, cancel := context.WithCancel(context.Background())
		defer cancel()
		up, _, err := websocket.Dial(ctx, upstream+r.URL.RequestURI(), &websocket.DialOptions{Subprotocols: protos})
		if err != nil {
			http.Error(w, err.Error(), http.StatusBadGateway)
			return
		}
		defer up.CloseNow()
		down, err := websocket.Accept(w, r, &websocket.AcceptOptions{Subprotocols: protos})
		if err != nil {
			return
		}
		defer down.CloseNow()
		up.SetReadLimit(1 << 20)
		down.SetReadLimit(1 << 20)
		if open != nil {
			open(r)
		}
		go func() { pump(ctx, down, up); cancel() }()
		pump(ctx, up, down)
	})
	return serve(t, h)
}

// pump copies messages from src to dst, messing with deliveries.
func (c *Chaos) pump(ctx context.Context, src, dst *websocket.Conn) {
	var (
		n       int
		held    *msg
		history []msg
	)
	write := func(m msg) error { return dst.Write(ctx, m.typ, m.data) }
	for {
		typ, data, err := src.Read(ctx)
		if err != nil {
			return
		}
		m := msg{typ, data}
		if !delivery(data) {
			if err := write(m); err != nil {
				return
			}
			continue
		}
		n++
		history = append(history, m)
		var out []msg
		switch n % 6 {
		case 1:
			c.count(&c.Dropped)
		case 2:
			c.count(&c.Doubled)
			out = []msg{m, m}
		case 3:
			c.count(&c.Reordered)
			held = &m
			continue
		case 4:
			c.count(&c.Replays)
			out = []msg{m, history[len(history)/2]}
		default:
			out = []msg{m}
		}
		if held != nil {
			out = append(out, *held)
			held = nil
		}
		for _, o := range out {
			if err := write(o); err != nil {
				return
			}
		}
	}
}

func (c *Chaos) count(p *int) {
	c.mu.Lock()
	*p++
	c.mu.Unlock()
}

type msg struct {
	typ  websocket.MessageType
	data []byte
}

// delivery: an MQTT PUBLISH (first byte 0x3X) or a Nostr ["EVENT", …].
func delivery(b []byte) bool {
	if len(b) > 0 && b[0]>>4 == 3 {
		return true
	}
	return bytes.HasPrefix(bytes.TrimLeft(b, " "), []byte(`["EVENT"`))
}
