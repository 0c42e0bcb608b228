//go:build !js

package signal

import (
	"net/http"

	"github.com/coder/websocket"
)

// setReadLimit bounds what the relay can make a client buffer.
func setReadLimit(ws *websocket.Conn) { ws.SetReadLimit(MaxFrame) }

// dialOptions dials over hc (nil: the default client).
func dialOptions(hc *http.Client, protos []string) *websocket.DialOptions {
	return &websocket.DialOptions{HTTPClient: hc, Subprotocols: protos}
}

func setLimit(ws *websocket.Conn, n int64) { ws.SetReadLimit(n) }
