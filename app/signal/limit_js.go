//go:build js

package signal

import "github.com/coder/websocket"

// The browser's WebSocket has no read limit to set; the relay bounds what it forwards.
func setReadLimit(*websocket.Conn) {}
