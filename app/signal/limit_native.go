//go:build !js

package signal

import "github.com/coder/websocket"

// setReadLimit bounds what the relay can make a client buffer.
func setReadLimit(ws *websocket.Conn) { ws.SetReadLimit(MaxFrame) }
