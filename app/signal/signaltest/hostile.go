//go:build !wasm

package signaltest

import (
	"context"
	"encoding/base64"
	"encoding/json"
	"net/http"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/coder/websocket"

	"miskatonic/app/signal"
	"miskatonic/app/signal/nostr"
)

// Hostile counts what a hostile Nostr relay did.
type Hostile struct {
	mu             sync.Mutex
	Dropped, Leave int
}

func (h *Hostile) Counts() (dropped, leaves int) {
	h.mu.Lock()
	defer h.mu.Unlock()
	return h.Dropped, h.Leave
}

// HostileNostr is a public Nostr relay that works against the game (issue 23, item 9): a real
// relay (upstream, ws://…) behind a proxy that drops every event a host publishes to its guests
// (its set-up answers) and, for every frame a guest publishes to a host, publishes a forged
// leave for that guest's peer id, as if it had gone. Everything else passes.
func HostileNostr(t testing.TB, upstream string) (string, *Hostile) {
	t.Helper()
	hs := &Hostile{}
	forger, err := nostr.Dial(context.Background(), upstream)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { forger.Close() })
	h := http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		ctx, cancel := context.WithCancel(context.Background())
		defer cancel()
		up, _, err := websocket.Dial(ctx, upstream+r.URL.Path, nil)
		if err != nil {
			http.Error(w, err.Error(), http.StatusBadGateway)
			return
		}
		defer up.CloseNow()
		down, err := websocket.Accept(w, r, nil)
		if err != nil {
			return
		}
		defer down.CloseNow()
		up.SetReadLimit(1 << 20)
		down.SetReadLimit(1 << 20)
		go func() { // relay → client: untouched
			defer cancel()
			for {
				typ, b, err := up.Read(ctx)
				if err != nil || down.Write(ctx, typ, b) != nil {
					return
				}
			}
		}()
		for { // client → relay
			typ, b, err := down.Read(ctx)
			if err != nil {
				return
			}
			topic, frame, ok := event(b)
			if ok && strings.HasSuffix(topic, "/g") {
				hs.mu.Lock()
				hs.Dropped++
				hs.mu.Unlock()
				continue
			}
			if err := up.Write(ctx, typ, b); err != nil {
				return
			}
			if ok && strings.HasSuffix(topic, "/h") && frame.Type == signal.FrameData {
				// A little after the frame itself, so the host has the guest's session by then;
				// a payload of its own, so the relay takes each as a new event.
				hs.mu.Lock()
				hs.Leave++
				n := hs.Leave
				hs.mu.Unlock()
				leave := signal.Frame{Type: signal.FrameLeave, Peer: frame.Peer, Payload: []byte{byte(n), byte(n >> 8)}}.Marshal()
				time.AfterFunc(300*time.Millisecond, func() {
					pctx, pcancel := context.WithTimeout(context.Background(), 2*time.Second)
					_ = forger.Publish(pctx, topic, leave)
					pcancel()
				})
			}
		}
	})
	return serve(t, h), hs
}

// event reads a client's ["EVENT", {…}] message: its topic tag and the frame it carries.
func event(b []byte) (string, signal.Frame, bool) {
	var msg []json.RawMessage
	if json.Unmarshal(b, &msg) != nil || len(msg) < 2 || string(msg[0]) != `"EVENT"` {
		return "", signal.Frame{}, false
	}
	var ev nostr.Event
	if json.Unmarshal(msg[1], &ev) != nil {
		return "", signal.Frame{}, false
	}
	topic := ""
	for _, tag := range ev.Tags {
		if len(tag) >= 2 && tag[0] == "t" {
			topic = tag[1]
		}
	}
	raw, err := base64.RawURLEncoding.DecodeString(ev.Content)
	if err != nil {
		return topic, signal.Frame{}, topic != ""
	}
	f, err := signal.ParseFrame(raw)
	if err != nil {
		return topic, signal.Frame{}, topic != ""
	}
	return topic, f, topic != ""
}
