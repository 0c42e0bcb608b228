//go:build !js

package signal

import (
	"context"
	"fmt"
	"net/http"

	"github.com/coder/websocket"
)

// WebSocket is one WebSocket connection carrying whole messages. Natively it is
// coder/websocket's; the browser build has its own over the page's WebSocket
// (websocket_js.go).
type WebSocket struct{ c *websocket.Conn }

// dialWebSocket opens a WebSocket over hc (nil: the default client) with a read limit of limit
// bytes per message. An answer other than the upgrade is wrapped in ErrRelayRefused.
func dialWebSocket(ctx context.Context, hc *http.Client, url string, limit int64, protos []string) (*WebSocket, error) {
	c, resp, err := websocket.Dial(ctx, url, &websocket.DialOptions{HTTPClient: hc, Subprotocols: protos})
	if err != nil {
		if resp != nil && resp.StatusCode != http.StatusSwitchingProtocols && resp.StatusCode != 0 {
			return nil, fmt.Errorf("%w: %s", ErrRelayRefused, resp.Status)
		}
		return nil, err
	}
	c.SetReadLimit(limit)
	return &WebSocket{c}, nil
}

// Read returns the next message and whether it was text (not binary). A message over the
// read limit ends the connection with an error.
func (w *WebSocket) Read(ctx context.Context) (data []byte, text bool, err error) {
	typ, b, err := w.c.Read(ctx)
	return b, typ == websocket.MessageText, err
}

// Write sends one message, text or binary. Callers serialize their writes.
func (w *WebSocket) Write(ctx context.Context, text bool, data []byte) error {
	typ := websocket.MessageBinary
	if text {
		typ = websocket.MessageText
	}
	return w.c.Write(ctx, typ, data)
}

// Close ends the connection with the closing handshake (normal closure).
func (w *WebSocket) Close() error { return w.c.Close(websocket.StatusNormalClosure, "") }

// CloseNow drops the connection without the closing handshake.
func (w *WebSocket) CloseNow() error { return w.c.CloseNow() }
