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
	"net/http"
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
