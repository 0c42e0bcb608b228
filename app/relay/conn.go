//go:build !wasm

package relay

import (
	"context"
	"net/http"
	"strings"
	"sync"
	"time"

	"github.com/coder/websocket"

	"miskatonic/app/signal"
)

// Subprotocol is what the relay's WebSocket speaks. A host also offers ClaimProtocol followed
// by its claim token: the token travels in a header (Sec-WebSocket-Protocol), never in the URL,
// so it stays out of access logs. The relay answers with Subprotocol alone.
const (
	Subprotocol   = signal.Subprotocol
	ClaimProtocol = signal.ClaimProtocol
)

// claimToken finds the host's token among the offered subprotocols.
func claimToken(r *http.Request) string {
	for _, h := range r.Header.Values("Sec-WebSocket-Protocol") {
		for _, p := range strings.Split(h, ",") {
			if t, ok := strings.CutPrefix(strings.TrimSpace(p), ClaimProtocol); ok {
				return t
			}
		}
	}
	return ""
}

// sourceOf names the client's address, a whole IPv6 /64 counting as one.
func (rl *Relay) sourceOf(r *http.Request) string {
	addr := r.RemoteAddr
	if rl.cfg.SourceHeader != "" {
		if v := r.Header.Values(rl.cfg.SourceHeader); len(v) > 0 {
			parts := strings.Split(v[len(v)-1], ",")
			addr = strings.TrimSpace(parts[len(parts)-1])
		}
	}
	return sourceKey(addr)
}

// ServeHTTP upgrades to WebSocket and serves one client until it leaves or is cut off.
func (rl *Relay) ServeHTTP(w http.ResponseWriter, r *http.Request) {
	q := r.URL.Query()
	roomID, role := q.Get("room"), signal.Role(q.Get("role"))
	if q.Has("token") {
		// Refused even when right: a token that went through a URL may sit in a log.
		http.Error(w, "the claim token belongs in Sec-WebSocket-Protocol, never in the URL", http.StatusBadRequest)
		return
	}
	if !signal.ValidRoom(roomID) {
		http.Error(w, "bad room id", http.StatusBadRequest)
		return
	}
	if role != signal.RoleHost && role != signal.RoleGuest {
		http.Error(w, "role must be host or guest", http.StatusBadRequest)
		return
	}
	token := claimToken(r)
	if role == signal.RoleHost && (len(token) < 16 || len(token) > 128) {
		http.Error(w, "host needs a claim token", http.StatusBadRequest)
		return
	}
	// The client is placed in its room before the upgrade, so a refusal is a plain HTTP status
	// and a client whose handshake succeeded is really in. Frames queued for it meanwhile wait
	// until the WebSocket exists.
	c := &conn{rl: rl, host: role == signal.RoleHost, source: rl.sourceOf(r)}
	c.bucket.init(rl.cfg.Rate, float64(rl.cfg.Burst), c.host)
	if status, msg := rl.place(c, roomID, token, time.Now()); status != 0 {
		http.Error(w, msg, status)
		return
	}
	ws, err := websocket.Accept(smallBuffers{w}, r, &websocket.AcceptOptions{OriginPatterns: rl.cfg.Origins, Subprotocols: []string{Subprotocol}})
	if err != nil {
		rl.leave(c) // Accept has written the HTTP error
		return
	}
	ws.SetReadLimit(int64(rl.cfg.MaxFrame))
	// The reader runs on a goroutine of its own and ServeHTTP returns, so what net/http holds
	// for a request in flight (the request, its context, the server's connection state and a
	// stack grown through its handler chain) is let go while the client idles. With the small
	// buffers (buffers.go), an idle connection went from 23.3 to 8.9 KiB of relay heap and
	// stacks (TestIdleConnectionsMemoryBounded). A hijacked connection is ours alone.
	go func() {
		if c.start(ws) {
			c.readLoop()
		}
		rl.leave(c)
	}()
}

// conn is one client. Reads happen on a goroutine of its own; writes are queued and drained
// by a short-lived goroutine that exists only while there is something to write, so an idle
// connection costs one goroutine.
type conn struct {
	rl     *Relay
	ws     *websocket.Conn // set by start, under qmu
	host   bool
	source string
	peer   uint32
	room   *room     // guarded by rl.mu
	active time.Time // a guest's last frame, guarded by rl.mu
	bucket bucket

	qmu     sync.Mutex
	queue   [][]byte
	live    bool // the WebSocket is up: queued frames may be written
	writing bool
	dead    bool
	// why it was cut, for a cut that came before start
	cutCode   websocket.StatusCode
	cutReason string
}

// start attaches the upgraded WebSocket and writes whatever was queued before. It reports
// false if the client was cut off before it got this far.
func (c *conn) start(ws *websocket.Conn) bool {
	c.qmu.Lock()
	defer c.qmu.Unlock()
	c.ws = ws
	if c.dead {
		go ws.Close(c.cutCode, c.cutReason) // cut off while the handshake was under way
		return false
	}
	c.live = true
	if len(c.queue) > 0 && !c.writing {
		c.writing = true
		go c.drain()
	}
	return true
}

// readLoop reads until the client is gone. Its reads take no deadline: a cut closes the
// WebSocket, which ends the read, and a context that can end would cost every idle connection
// a registered callback.
func (c *conn) readLoop() {
	for {
		typ, b, err := c.ws.Read(context.Background())
		if err != nil {
			return // closed, or too big (coder/websocket closes with 1009)
		}
		if !c.bucket.take(time.Now()) {
			c.cut(websocket.StatusPolicyViolation, "too many messages")
			return
		}
		if typ != websocket.MessageBinary {
			c.cut(websocket.StatusUnsupportedData, "binary frames only")
			return
		}
		f, err := signal.ParseFrame(b)
		if err != nil {
			c.cut(websocket.StatusPolicyViolation, "not a relay frame")
			return
		}
		if why := c.rl.route(c, f); why != "" {
			c.cut(websocket.StatusPolicyViolation, why)
			return
		}
	}
}

// enqueue queues a frame for writing; a client whose queue overflows is too slow and is cut.
func (c *conn) enqueue(b []byte) {
	c.qmu.Lock()
	if c.dead {
		c.qmu.Unlock()
		return
	}
	if len(c.queue) >= c.rl.cfg.MaxQueue {
		c.qmu.Unlock()
		go c.cut(websocket.StatusPolicyViolation, "not reading fast enough")
		return
	}
	c.queue = append(c.queue, b)
	if c.live && !c.writing {
		c.writing = true
		go c.drain()
	}
	c.qmu.Unlock()
}

func (c *conn) drain() {
	for {
		c.qmu.Lock()
		if len(c.queue) == 0 || c.dead {
			c.writing = false
			c.queue = nil
			c.qmu.Unlock()
			return
		}
		b := c.queue[0]
		c.queue[0] = nil
		c.queue = c.queue[1:]
		c.qmu.Unlock()
		ctx, cancel := context.WithTimeout(context.Background(), c.rl.cfg.WriteLimit)
		err := c.ws.Write(ctx, websocket.MessageBinary, b)
		cancel()
		if err != nil {
			c.cut(websocket.StatusPolicyViolation, "write failed")
			return
		}
	}
}

// cut closes the client (once). Its reader then ends and leave tidies the room.
func (c *conn) cut(code websocket.StatusCode, reason string) {
	c.qmu.Lock()
	if c.dead {
		c.qmu.Unlock()
		return
	}
	c.dead = true
	c.cutCode, c.cutReason = code, reason
	ws := c.ws
	c.qmu.Unlock()
	if ws != nil {
		// Close waits for the peer's close frame up to 5 s; run it aside so callers never block.
		go ws.Close(code, reason)
	}
}
