//go:build js

package signal

import (
	"net/http"

	"github.com/coder/websocket"
)

// The browser's WebSocket has no read limit to set; the relay bounds what it forwards.
func setReadLimit(*websocket.Conn) {}

// dialOptions: the browser chooses its own transport, so hc is not used.
func dialOptions(_ *http.Client, protos []string) *websocket.DialOptions {
	return &websocket.DialOptions{Subprotocols: protos}
}

func setLimit(*websocket.Conn, int64) {}
