//go:build !wasm

// Package relay is the signaling relay: per-room mailboxes of sealed set-up messages passed
// between browsers over WebSocket. It never sees a payload in the clear: it reads only the
// 5-byte frame header (app/signal) to route a frame between a room's host and its guests.
//
// Everything a client can make it hold is bounded: frame size, frames per second, queued frames
// per connection, bytes waiting in all mailboxes together, guests per room, rooms and
// connections in total, and per source address the connections, claimed rooms and claims per
// minute. A room with a host connected is never closed for being quiet (nothing crosses the
// relay during a game); a room with no host connection is closed after HostWait with its
// mailbox, and its claim outlives it for ClaimGrace so only the same host can reopen it. A
// client that breaks a bound is cut off alone; the rest of the relay goes on serving.
package relay

import (
	"context"
	"crypto/sha256"
	"crypto/subtle"
	"net/http"
	"strings"
	"sync"
	"time"

	"github.com/coder/websocket"

	"miskatonic/app/signal"
)

// Config bounds the relay. Zero fields take the defaults noted.
type Config struct {
	MaxFrame     int           // bytes per frame (signal.MaxFrame)
	MaxQueue     int           // frames waiting to be written to one slow client (64)
	Mailbox      int           // frames held for a host that is away (64)
	MailboxBytes int           // bytes held in all mailboxes together (16 MiB)
	MaxPeers     int           // guests in one room (32)
	MaxRooms     int           // rooms at once (20,000)
	MaxConns     int           // connections at once (20,000)
	HostWait     time.Duration // a room with no host connection for this long is closed (30 s)
	ClaimGrace   time.Duration // a closed room's claim is kept this long for its host (10 min)
	IdleTTL      time.Duration // a guest that sends nothing for this long is cut off (15 min)
	Rate         float64       // frames per second a guest may send, sustained (10); hosts get 4×
	Burst        int           // frames a guest may send at once (40); hosts get 4×
	WriteLimit   time.Duration // a write that takes longer cuts the client off (10 s)
	SourceConns  int           // connections from one source address (64)
	SourceRooms  int           // rooms one source holds claimed, open or in grace (16)
	SourceClaims float64       // new claims per minute from one source (10)
	// RoomBytes and SourceBytes bound the data-frame bytes per second through one room and
	// from one source address (512 KiB/s and 1 MiB/s; bursts of 4×). Set-up needs a few KiB;
	// what uses more is a table on the relayed path (app/rtc), whose pacing stays well under.
	// A client whose frame would break either bound is cut off.
	RoomBytes   float64
	SourceBytes float64
	// SourceHeader names the request header that carries the client's address when the relay
	// sits behind a proxy (e.g. "X-Forwarded-For": its last entry is used, the one the proxy
	// added). Empty: the TCP peer's address. Behind a proxy without it every client is one
	// source and the per-source caps become global ones.
	SourceHeader string
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
	dur := func(v *time.Duration, d time.Duration) {
		if *v <= 0 {
			*v = d
		}
	}
	def(&c.MaxFrame, signal.MaxFrame)
	def(&c.MaxQueue, 64)
	def(&c.Mailbox, 64)
	def(&c.MailboxBytes, 16<<20)
	def(&c.MaxPeers, 32)
	def(&c.MaxRooms, 20000)
	def(&c.MaxConns, 20000)
	def(&c.Burst, 40)
	def(&c.SourceConns, 64)
	def(&c.SourceRooms, 16)
	dur(&c.HostWait, 30*time.Second)
	dur(&c.ClaimGrace, 10*time.Minute)
	dur(&c.IdleTTL, 15*time.Minute)
	dur(&c.WriteLimit, 10*time.Second)
	if c.Rate <= 0 {
		c.Rate = 10
	}
	if c.SourceClaims <= 0 {
		c.SourceClaims = 10
	}
	if c.RoomBytes <= 0 {
		c.RoomBytes = 512 << 10
	}
	if c.SourceBytes <= 0 {
		c.SourceBytes = 1 << 20
	}
	return c
}

// New returns the relay as an http.Handler, to be mounted at /signal.
func New(cfg Config) http.Handler { return NewRelay(cfg) }

// Relay is the signaling relay. Its zero value is not usable; call NewRelay.
type Relay struct {
	cfg Config

	mu        sync.Mutex
	rooms     map[string]*room
	grace     map[string]claim // claims of closed rooms, kept for their hosts
	sources   map[string]*source
	conns     int
	mailBytes int
	routed    int64
	closed    bool
	stop      chan struct{}
	sweep     sync.Once
}

// claim is a host's hold on a room id: the hash of its token and who made it.
type claim struct {
	hash   [32]byte
	source string
	until  time.Time // for a claim in grace: when it lapses
}

// source is what one client address holds.
type source struct {
	conns, rooms int
	claims       bucket
	bytes        bucket // data-frame bytes sent
}

// Stats is a snapshot for tests and the CLI.
type Stats struct {
	Rooms, Conns int
	Claims       int   // claims held in grace for hosts that are away
	MailBytes    int   // bytes waiting in all mailboxes
	Sources      int   // client addresses with a connection or a claim
	Routed       int64 // payload bytes of data frames routed since the start
}

// NewRelay builds a relay. Call Close to stop its sweeper and drop every client.
func NewRelay(cfg Config) *Relay {
	return &Relay{
		cfg: cfg.withDefaults(), rooms: map[string]*room{}, grace: map[string]claim{},
		sources: map[string]*source{}, stop: make(chan struct{}),
	}
}

// Stats reports what the relay holds.
func (rl *Relay) Stats() Stats {
	rl.mu.Lock()
	defer rl.mu.Unlock()
	return Stats{Rooms: len(rl.rooms), Conns: rl.conns, Claims: len(rl.grace), MailBytes: rl.mailBytes, Sources: len(rl.sources), Routed: rl.routed}
}

// Hosted reports whether a host holds room id here (connected, or claimed and briefly away):
// the TURN credentials endpoint mints only for tables that really meet through this relay.
func (rl *Relay) Hosted(id string) bool {
	rl.mu.Lock()
	defer rl.mu.Unlock()
	r := rl.rooms[id]
	return r != nil && (r.host != nil || r.claim != nil)
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
	claim    *claim // nil until a host claims the room
	host     *conn
	guests   map[uint32]*conn
	nextPeer uint32
	mailbox  [][]byte  // frames (already addressed) for a host that is away
	hostGone time.Time // since when the room has had no host connection
	bytes    bucket    // data-frame bytes through the room
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
	ws, err := websocket.Accept(w, r, &websocket.AcceptOptions{OriginPatterns: rl.cfg.Origins, Subprotocols: []string{Subprotocol}})
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
func (rl *Relay) place(c *conn, roomID, token string, now time.Time) (int, string) {
	rl.mu.Lock()
	if rl.closed {
		rl.mu.Unlock()
		return http.StatusServiceUnavailable, "relay shutting down"
	}
	if rl.conns >= rl.cfg.MaxConns {
		rl.mu.Unlock()
		return http.StatusServiceUnavailable, "relay full"
	}
	src := rl.sources[c.source]
	if src == nil {
		src = &source{}
		src.claims.init(rl.cfg.SourceClaims/60, rl.cfg.SourceClaims, false)
		src.bytes.init(rl.cfg.SourceBytes, 4*rl.cfg.SourceBytes, false)
	}
	if src.conns >= rl.cfg.SourceConns {
		rl.mu.Unlock()
		return http.StatusTooManyRequests, "too many connections from your address"
	}
	r := rl.rooms[roomID]
	if r == nil && len(rl.rooms) >= rl.cfg.MaxRooms {
		rl.mu.Unlock()
		return http.StatusServiceUnavailable, "too many rooms"
	}
	var old *conn
	if c.host {
		h := sha256.Sum256([]byte(token))
		held := rl.grace[roomID]
		if r != nil && r.claim != nil {
			held = *r.claim
		}
		switch {
		case held.source != "" && subtle.ConstantTimeCompare(h[:], held.hash[:]) != 1:
			rl.mu.Unlock()
			return http.StatusForbidden, "room is hosted by someone else"
		case held.source == "":
			// A new claim: this is what a claim-and-leave attacker repeats, so it is
			// what each source is limited in.
			if src.rooms >= rl.cfg.SourceRooms {
				rl.mu.Unlock()
				return http.StatusTooManyRequests, "your address holds too many rooms"
			}
			if !src.claims.take(now) {
				rl.mu.Unlock()
				return http.StatusTooManyRequests, "too many new rooms from your address; wait a minute"
			}
			src.rooms++
			held = claim{hash: h, source: c.source}
		}
		delete(rl.grace, roomID)
		held.until = time.Time{}
		if r == nil {
			r = rl.newRoom(roomID)
		}
		r.claim = &held
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
		rl.dropMail(r)
		for _, g := range r.guests {
			g.enqueue(signal.Frame{Type: signal.FrameHost}.Marshal())
		}
	} else {
		if r == nil {
			r = rl.newRoom(roomID)
		}
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
		c.active = now
		r.guests[c.peer] = c
		if r.host != nil {
			r.host.enqueue(signal.Frame{Type: signal.FrameJoin, Peer: c.peer}.Marshal())
			c.enqueue(signal.Frame{Type: signal.FrameHost}.Marshal())
		}
	}
	src.conns++
	rl.sources[c.source] = src
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

func (rl *Relay) newRoom(id string) *room {
	r := &room{id: id, guests: map[uint32]*conn{}, hostGone: time.Now()}
	r.bytes.init(rl.cfg.RoomBytes, 4*rl.cfg.RoomBytes, false)
	rl.rooms[id] = r
	rl.startSweeper()
	return r
}

// leave removes c from its room (if it is still there) and tells the others.
func (rl *Relay) leave(c *conn) {
	rl.mu.Lock()
	rl.conns--
	if src := rl.sources[c.source]; src != nil {
		src.conns--
		rl.forgetSource(c.source, src)
	}
	r := c.room
	c.room = nil
	if r != nil {
		if c.host {
			if r.host == c {
				r.host = nil
				r.hostGone = time.Now()
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

// forgetSource drops a source that holds nothing and has its full allowance of claims back
// (forgetting it earlier would hand a churning source a fresh allowance; the sweeper retries).
func (rl *Relay) forgetSource(key string, src *source) {
	now := time.Now()
	if src.conns <= 0 && src.rooms <= 0 && src.claims.full(now) && src.bytes.full(now) {
		delete(rl.sources, key)
	}
}

// route forwards one data frame from c. It says why when c broke the protocol or a bound.
func (rl *Relay) route(c *conn, f signal.Frame) string {
	if f.Type != signal.FrameData {
		return "not a relay frame"
	}
	rl.mu.Lock()
	defer rl.mu.Unlock()
	r := c.room
	if r == nil {
		return "" // replaced or closing; drop quietly
	}
	now, n := time.Now(), float64(len(f.Payload))
	if src := rl.sources[c.source]; src != nil && !src.bytes.takeN(now, n) {
		return "too many bytes from your address"
	}
	if !r.bytes.takeN(now, n) {
		return "too many bytes through this room"
	}
	rl.routed += int64(len(f.Payload))
	if c.host {
		if g := r.guests[f.Peer]; g != nil {
			g.enqueue(signal.Frame{Type: signal.FrameData, Payload: f.Payload}.Marshal())
		}
		return ""
	}
	c.active = time.Now()
	out := signal.Frame{Type: signal.FrameData, Peer: c.peer, Payload: f.Payload}.Marshal()
	if r.host != nil {
		r.host.enqueue(out)
		return ""
	}
	if len(r.mailbox) >= rl.cfg.Mailbox {
		rl.mailBytes -= len(r.mailbox[0])
		r.mailbox[0] = nil
		r.mailbox = r.mailbox[1:] // the oldest set-up message is the stalest
	}
	if rl.mailBytes+len(out) > rl.cfg.MailboxBytes {
		return "" // the relay is holding all it will: the guest retries later
	}
	r.mailbox = append(r.mailbox, out)
	rl.mailBytes += len(out)
	return ""
}

func (rl *Relay) dropMail(r *room) {
	for _, m := range r.mailbox {
		rl.mailBytes -= len(m)
	}
	r.mailbox = nil
}

func (rl *Relay) startSweeper() {
	rl.sweep.Do(func() {
		every := min(rl.cfg.HostWait, rl.cfg.ClaimGrace, rl.cfg.IdleTTL) / 4
		go func() {
			t := time.NewTicker(max(every, 5*time.Millisecond))
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

// expire closes rooms whose host has been away for HostWait (their claims go into grace),
// lets claims lapse after ClaimGrace and cuts guests idle for IdleTTL. A room whose host is
// connected is never closed, however quiet: nothing crosses the relay during a game.
func (rl *Relay) expire(now time.Time) {
	var cut []*conn
	var idle []*conn
	rl.mu.Lock()
	for id, r := range rl.rooms {
		if r.host != nil {
			for _, g := range r.guests {
				if now.Sub(g.active) >= rl.cfg.IdleTTL {
					idle = append(idle, g)
				}
			}
			continue
		}
		if now.Sub(r.hostGone) < rl.cfg.HostWait {
			continue
		}
		for _, c := range r.members() {
			c.room = nil
			cut = append(cut, c)
		}
		rl.dropMail(r)
		rl.closeRoom(id, r, now)
	}
	for id, cl := range rl.grace {
		if now.After(cl.until) {
			rl.lapse(id, cl)
		}
	}
	for key, src := range rl.sources {
		rl.forgetSource(key, src)
	}
	rl.mu.Unlock()
	for _, c := range cut {
		c.cut(websocket.StatusGoingAway, "no host in the room")
	}
	for _, c := range idle {
		c.cut(websocket.StatusGoingAway, "idle too long")
	}
}

// closeRoom removes a room; its claim (if any) waits in grace for its host.
func (rl *Relay) closeRoom(id string, r *room, now time.Time) {
	delete(rl.rooms, id)
	if r.claim == nil {
		return
	}
	if len(rl.grace) >= rl.cfg.MaxRooms {
		// Grace is a courtesy (guests check the host's signature anyway); make room by
		// letting the claim nearest its end lapse.
		var oldest string
		for k, cl := range rl.grace {
			if oldest == "" || cl.until.Before(rl.grace[oldest].until) {
				oldest = k
			}
		}
		rl.lapse(oldest, rl.grace[oldest])
	}
	cl := *r.claim
	cl.until = now.Add(rl.cfg.ClaimGrace)
	rl.grace[id] = cl
}

func (rl *Relay) lapse(id string, cl claim) {
	delete(rl.grace, id)
	if src := rl.sources[cl.source]; src != nil {
		src.rooms--
		rl.forgetSource(cl.source, src)
	}
}

// dropRoomIfEmpty is called after a leave; an empty room with no claim goes at once, a
// claimed one goes into grace.
func (rl *Relay) dropRoomIfEmpty(r *room) {
	if r.host != nil || len(r.guests) != 0 || rl.rooms[r.id] != r {
		return
	}
	rl.dropMail(r)
	rl.closeRoom(r.id, r, time.Now())
}

// conn is one client. Reads happen on the ServeHTTP goroutine; writes are queued and drained
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

// bucket is a token-bucket rate limit on frames read from one client.
type bucket struct {
	rate   float64
	burst  float64
	tokens float64
	last   time.Time
}

func (b *bucket) init(rate, burst float64, host bool) {
	b.rate, b.burst = rate, burst
	if host {
		b.rate *= 4
		b.burst *= 4
	}
	b.tokens = b.burst
}

// full reports whether the bucket has refilled completely by now.
func (b *bucket) full(now time.Time) bool {
	return b.last.IsZero() || b.tokens+now.Sub(b.last).Seconds()*b.rate >= b.burst
}

func (b *bucket) take(now time.Time) bool { return b.takeN(now, 1) }

// takeN takes n tokens, or none if there are not that many.
func (b *bucket) takeN(now time.Time, n float64) bool {
	if !b.last.IsZero() {
		b.tokens += now.Sub(b.last).Seconds() * b.rate
		if b.tokens > b.burst {
			b.tokens = b.burst
		}
	}
	b.last = now
	if b.tokens < n {
		return false
	}
	b.tokens -= n
	return true
}
