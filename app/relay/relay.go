//go:build !wasm

// Package relay is the signaling relay: per-room mailboxes of sealed set-up messages passed
// between browsers over WebSocket. It never sees a payload in the clear: it reads only the
// 5-byte frame header (app/signal) to route a frame between a room's host and its guests.
//
// Everything a client can make it hold is bounded: frame size, frames per second, queued frames
// per connection, frames waiting for an absent host, guests per room, rooms and connections in
// total; a room nobody has used for IdleTTL is closed. A client that breaks a bound is cut off
// alone; the rest of the relay goes on serving.
package relay

import (
	"context"
	"crypto/sha256"
	"crypto/subtle"
	"net/http"
	"sync"
	"time"

	"github.com/coder/websocket"

	"miskatonic/app/signal"
)

// Config bounds the relay. Zero fields take the defaults noted.
type Config struct {
	MaxFrame   int           // bytes per frame (signal.MaxFrame)
	MaxQueue   int           // frames waiting to be written to one slow client (64)
	Mailbox    int           // frames held for a host that is away (64)
	MaxPeers   int           // guests in one room (32)
	MaxRooms   int           // rooms at once (20,000)
	MaxConns   int           // connections at once (20,000)
	IdleTTL    time.Duration // a room with no frame for this long is closed (15 min)
	Rate       float64       // frames per second a guest may send, sustained (10); hosts get 4×
	Burst      int           // frames a guest may send at once (40); hosts get 4×
	WriteLimit time.Duration // a write that takes longer cuts the client off (10 s)
	// Origins lists the browser origins (host patterns, as in coder/websocket's
	// AcceptOptions.OriginPatterns) allowed besides the relay's own host. Clients that send no
	// Origin (bots, native tools) are always allowed: the relay guards no data of its own.
	Origins []string
}

func (c Config) withDefaults() Config {
	def := func(v *int, d int) {
		if *v <= 0 {
			*v = d
		}
	}
	def(&c.MaxFrame, signal.MaxFrame)
	def(&c.MaxQueue, 64)
	def(&c.Mailbox, 64)
	def(&c.MaxPeers, 32)
	def(&c.MaxRooms, 20000)
	def(&c.MaxConns, 20000)
	def(&c.Burst, 40)
	if c.IdleTTL <= 0 {
		c.IdleTTL = 15 * time.Minute
	}
	if c.Rate <= 0 {
		c.Rate = 10
	}
	if c.WriteLimit <= 0 {
		c.WriteLimit = 10 * time.Second
	}
	return c
}

// New returns the relay as an http.Handler, to be mounted at /signal.
func New(cfg Config) http.Handler { return NewRelay(cfg) }

// Relay is the signaling relay. Its zero value is not usable; call NewRelay.
type Relay struct {
	cfg Config

	mu     sync.Mutex
	rooms  map[string]*room
	conns  int
	closed bool
	stop   chan struct{}
	sweep  sync.Once
}

// Stats is a snapshot for tests and the CLI.
type Stats struct {
	Rooms, Conns int
}

// NewRelay builds a relay. Call Close to stop its idle sweeper and drop every client.
func NewRelay(cfg Config) *Relay {
	return &Relay{cfg: cfg.withDefaults(), rooms: map[string]*room{}, stop: make(chan struct{})}
}

// Stats reports how many rooms and connections are open.
func (rl *Relay) Stats() Stats {
	rl.mu.Lock()
	defer rl.mu.Unlock()
	return Stats{Rooms: len(rl.rooms), Conns: rl.conns}
}

// Close drops every client and stops the sweeper.
func (rl *Relay) Close() error {
	rl.mu.Lock()
	if rl.closed {
		rl.mu.Unlock()
		return nil
	}
	rl.closed = true
	close(rl.stop)
	var all []*conn
	for _, r := range rl.rooms {
		all = append(all, r.members()...)
	}
	rl.rooms = map[string]*room{}
	rl.mu.Unlock()
	for _, c := range all {
		c.cut(websocket.StatusGoingAway, "relay shutting down")
	}
	return nil
}

type room struct {
	id       string
	claim    [32]byte // SHA-256 of the host token; zero until a host claims the room
	claimed  bool
	host     *conn
	guests   map[uint32]*conn
	nextPeer uint32
	mailbox  [][]byte // frames (already addressed) for a host that is away
	active   time.Time
}

func (r *room) members() []*conn {
	out := make([]*conn, 0, len(r.guests)+1)
	if r.host != nil {
		out = append(out, r.host)
	}
	for _, g := range r.guests {
		out = append(out, g)
	}
	return out
}

// ServeHTTP upgrades to WebSocket and serves one client until it leaves or is cut off.
func (rl *Relay) ServeHTTP(w http.ResponseWriter, r *http.Request) {
	q := r.URL.Query()
	roomID, role, token := q.Get("room"), signal.Role(q.Get("role")), q.Get("token")
	if !signal.ValidRoom(roomID) {
		http.Error(w, "bad room id", http.StatusBadRequest)
		return
	}
	if role != signal.RoleHost && role != signal.RoleGuest {
		http.Error(w, "role must be host or guest", http.StatusBadRequest)
		return
	}
	if role == signal.RoleHost && (len(token) < 16 || len(token) > 128) {
		http.Error(w, "host needs a claim token", http.StatusBadRequest)
		return
	}
	// The client is placed in its room before the upgrade, so a refusal is a plain HTTP status
	// and a client whose handshake succeeded is really in. Frames queued for it meanwhile wait
	// until the WebSocket exists.
	c := &conn{rl: rl, host: role == signal.RoleHost}
	c.bucket.init(rl.cfg.Rate, rl.cfg.Burst, c.host)
	if status, msg := rl.place(c, roomID, token); status != 0 {
		http.Error(w, msg, status)
		return
	}
	ws, err := websocket.Accept(w, r, &websocket.AcceptOptions{OriginPatterns: rl.cfg.Origins})
	if err != nil {
		rl.leave(c) // Accept has written the HTTP error
		return
	}
	ws.SetReadLimit(int64(rl.cfg.MaxFrame))
	if c.start(ws) {
		c.readLoop(r.Context())
	}
	rl.leave(c)
}

// place puts c in its room, or says (as an HTTP status) why not.
func (rl *Relay) place(c *conn, roomID, token string) (int, string) {
	rl.mu.Lock()
	if rl.closed {
		rl.mu.Unlock()
		return http.StatusServiceUnavailable, "relay shutting down"
	}
	if rl.conns >= rl.cfg.MaxConns {
		rl.mu.Unlock()
		return http.StatusServiceUnavailable, "relay full"
	}
	r := rl.rooms[roomID]
	if r == nil {
		if len(rl.rooms) >= rl.cfg.MaxRooms {
			rl.mu.Unlock()
			return http.StatusServiceUnavailable, "too many rooms"
		}
		r = &room{id: roomID, guests: map[uint32]*conn{}}
		rl.rooms[roomID] = r
		rl.startSweeper()
	}
	var old *conn
	if c.host {
		h := sha256.Sum256([]byte(token))
		if r.claimed && subtle.ConstantTimeCompare(h[:], r.claim[:]) != 1 {
			rl.mu.Unlock()
			return http.StatusForbidden, "room is hosted by someone else"
		}
		r.claim, r.claimed = h, true
		old = r.host
		r.host = c
		c.room = r
		// Tell the new host who is here, then hand it the mail that waited for it.
		for id := range r.guests {
			c.enqueue(signal.Frame{Type: signal.FrameJoin, Peer: id}.Marshal())
		}
		for _, m := range r.mailbox {
			c.enqueue(m)
		}
		r.mailbox = nil
		for _, g := range r.guests {
			g.enqueue(signal.Frame{Type: signal.FrameHost}.Marshal())
		}
	} else {
		if len(r.guests) >= rl.cfg.MaxPeers {
			rl.dropRoomIfEmpty(r)
			rl.mu.Unlock()
			return http.StatusServiceUnavailable, "room full"
		}
		r.nextPeer++
		if r.nextPeer == 0 {
			r.nextPeer = 1
		}
		c.peer = r.nextPeer
		c.room = r
		r.guests[c.peer] = c
		if r.host != nil {
			r.host.enqueue(signal.Frame{Type: signal.FrameJoin, Peer: c.peer}.Marshal())
			c.enqueue(signal.Frame{Type: signal.FrameHost}.Marshal())
		}
	}
	r.active = time.Now()
	rl.conns++
	if old != nil {
		old.room = nil // it no longer speaks for the room
	}
	rl.mu.Unlock()
	if old != nil {
		old.cut(websocket.StatusPolicyViolation, "replaced by a newer host connection")
	}
	return 0, ""
}

// leave removes c from its room (if it is still there) and tells the others.
func (rl *Relay) leave(c *conn) {
	rl.mu.Lock()
	rl.conns--
	r := c.room
	c.room = nil
	if r != nil {
		if c.host {
			if r.host == c {
				r.host = nil
				for _, g := range r.guests {
					g.enqueue(signal.Frame{Type: signal.FrameLeave}.Marshal())
				}
			}
		} else if r.guests[c.peer] == c {
			delete(r.guests, c.peer)
			if r.host != nil {
				r.host.enqueue(signal.Frame{Type: signal.FrameLeave, Peer: c.peer}.Marshal())
			}
		}
		rl.dropRoomIfEmpty(r)
	}
	rl.mu.Unlock()
	c.cut(websocket.StatusNormalClosure, "")
}

// route forwards one data frame from c. It reports false when c broke the protocol.
func (rl *Relay) route(c *conn, f signal.Frame) bool {
	if f.Type != signal.FrameData {
		return false
	}
	rl.mu.Lock()
	defer rl.mu.Unlock()
	r := c.room
	if r == nil {
		return true // replaced or closing; drop quietly
	}
	r.active = time.Now()
	if c.host {
		if g := r.guests[f.Peer]; g != nil {
			g.enqueue(signal.Frame{Type: signal.FrameData, Payload: f.Payload}.Marshal())
		}
		return true
	}
	out := signal.Frame{Type: signal.FrameData, Peer: c.peer, Payload: f.Payload}.Marshal()
	if r.host != nil {
		r.host.enqueue(out)
		return true
	}
	if len(r.mailbox) >= rl.cfg.Mailbox {
		r.mailbox = r.mailbox[1:] // the oldest set-up message is the stalest
	}
	r.mailbox = append(r.mailbox, out)
	return true
}

func (rl *Relay) startSweeper() {
	rl.sweep.Do(func() {
		every := rl.cfg.IdleTTL / 4
		go func() {
			t := time.NewTicker(every)
			defer t.Stop()
			for {
				select {
				case <-rl.stop:
					return
				case now := <-t.C:
					rl.expire(now)
				}
			}
		}()
	})
}

// expire closes rooms idle for longer than IdleTTL.
func (rl *Relay) expire(now time.Time) {
	var cut []*conn
	rl.mu.Lock()
	for id, r := range rl.rooms {
		if now.Sub(r.active) < rl.cfg.IdleTTL {
			continue
		}
		for _, c := range r.members() {
			c.room = nil
			cut = append(cut, c)
		}
		delete(rl.rooms, id)
	}
	rl.mu.Unlock()
	for _, c := range cut {
		c.cut(websocket.StatusGoingAway, "room idle too long")
	}
}

// dropRoomIfEmpty is called after a leave; an empty room with no claim goes at once, a
// claimed one waits for its host until it expires.
func (rl *Relay) dropRoomIfEmpty(r *room) {
	if r.host == nil && len(r.guests) == 0 && !r.claimed {
		delete(rl.rooms, r.id)
	}
}

// conn is one client. Reads happen on the ServeHTTP goroutine; writes are queued and drained
// by a short-lived goroutine that exists only while there is something to write, so an idle
// connection costs one goroutine.
type conn struct {
	rl     *Relay
	ws     *websocket.Conn // set by start, under qmu
	host   bool
	peer   uint32
	room   *room // guarded by rl.mu
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

func (c *conn) readLoop(ctx context.Context) {
	for {
		typ, b, err := c.ws.Read(ctx)
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
		if err != nil || !c.rl.route(c, f) {
			c.cut(websocket.StatusPolicyViolation, "not a relay frame")
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

// bucket is a token-bucket rate limit on frames read from one client.
type bucket struct {
	rate   float64
	burst  float64
	tokens float64
	last   time.Time
}

func (b *bucket) init(rate float64, burst int, host bool) {
	b.rate, b.burst = rate, float64(burst)
	if host {
		b.rate *= 4
		b.burst *= 4
	}
	b.tokens = b.burst
}

func (b *bucket) take(now time.Time) bool {
	if !b.last.IsZero() {
		b.tokens += now.Sub(b.last).Seconds() * b.rate
		if b.tokens > b.burst {
			b.tokens = b.burst
		}
	}
	b.last = now
	if b.tokens < 1 {
		return false
	}
	b.tokens--
	return true
}
