//go:build !wasm

package turnserver

import (
	"encoding/binary"
	"net/netip"
	"sync"
	"time"

	"github.com/pion/stun"
)

// The guard reads every TURN message between clients and pion's server (wrap.go puts it on
// each listening socket and connection) to enforce what pion/turn v2 has no hook for: quotas
// on allocations per room and per source, bandwidth per room and per source, an allocation's
// lifetime, and a room's allocations relaying only to that room's own allocations on this
// server. It learns allocations from the server's own answers (an Allocate success carries
// the relayed address and lifetime; a Refresh success the new lifetime), so it never disagrees
// with the server about what exists.

// Quotas bound what one table (room) and one client address may take. Zero means the default.
type Quotas struct {
	MaxAllocs       int           // allocations at once, every client together (2000)
	RoomAllocs      int           // allocations one room's credentials hold at once (48)
	SourceAllocs    int           // allocations one client address holds at once (32)
	RoomBandwidth   int           // bytes per second through one room's allocations, both ways (512 KiB)
	SourceBandwidth int           // bytes per second through one address's allocations (512 KiB)
	MaxLifetime     time.Duration // an allocation relays for this long at most (12 h)
	SourceConns     int           // TCP and TLS connections from one address (32)
}

func (q Quotas) withDefaults() Quotas {
	def := func(v *int, d int) {
		if *v <= 0 {
			*v = d
		}
	}
	def(&q.MaxAllocs, 2000)
	def(&q.RoomAllocs, 48)
	def(&q.SourceAllocs, 32)
	def(&q.RoomBandwidth, 512<<10)
	def(&q.SourceBandwidth, 512<<10)
	def(&q.SourceConns, 32)
	if q.MaxLifetime <= 0 {
		q.MaxLifetime = 12 * time.Hour
	}
	return q
}

// Stats are the guard's counts, for tests and the operator.
type Stats struct {
	Allocations     int    // allocations the server holds (pending ones included)
	Rooms           int    // rooms holding allocations
	RelayedBytes    uint64 // bytes of data relayed, both ways
	QuotaRefused    uint64 // Allocate requests refused for a quota
	PeersRefused    uint64 // permissions or sends refused: a denied address, or another room's allocation
	BandwidthDrops  uint64 // data packets dropped for bandwidth
	LifetimeDrops   uint64 // data packets or refreshes refused for an allocation's age
	ConnsRefused    uint64 // TCP/TLS connections refused for the per-source limit
	CredentialsMade uint64 // credentials the HTTP endpoint handed out
}

type verdict int

const (
	pass verdict = iota
	drop
	reply // answer the client with the bytes given instead of passing the message on
)

type alloc struct {
	key, room, source string
	created, expires  time.Time
	confirmed         bool
	relay             netip.AddrPort
}

type usage struct {
	allocs int
	bw     bucket
}

type guard struct {
	q          Quotas
	allowPeers []netip.Prefix
	now        func() time.Time

	mu       sync.Mutex
	allocs   map[string]*alloc // by the client's five-tuple (listener and client address)
	byRelay  map[netip.AddrPort]*alloc
	relayIPs map[netip.Addr]bool // addresses our allocations are on: peers there must be ours
	rooms    map[string]*usage
	sources  map[string]*usage
	conns    map[string]int
	stats    Stats
}

func newGuard(q Quotas, allow []netip.Prefix, relayIPs []netip.Addr, now func() time.Time) *guard {
	g := &guard{
		q: q.withDefaults(), allowPeers: allow, now: now,
		allocs: map[string]*alloc{}, byRelay: map[netip.AddrPort]*alloc{}, relayIPs: map[netip.Addr]bool{},
		rooms: map[string]*usage{}, sources: map[string]*usage{}, conns: map[string]int{},
	}
	for _, ip := range relayIPs {
		g.relayIPs[ip.Unmap()] = true
	}
	return g
}

// pendingWait is how long an Allocate let through holds its place while the server answers.
const pendingWait = 30 * time.Second

func isChannelData(b []byte) bool { return len(b) >= 4 && b[0]&0xC0 == 0x40 }

// inbound judges a message from client src (on five-tuple key) before the server sees it.
func (g *guard) inbound(key string, src netip.AddrPort, b []byte) (verdict, []byte) {
	if isChannelData(b) {
		return g.data(key, len(b)), nil
	}
	if !stun.IsMessage(b) {
		return pass, nil
	}
	m := &stun.Message{Raw: append([]byte(nil), b...)}
	if err := m.Decode(); err != nil {
		return pass, nil // the server answers malformed messages itself
	}
	switch {
	case m.Type == stun.NewType(stun.MethodAllocate, stun.ClassRequest):
		return g.allocate(key, src, m)
	case m.Type == stun.NewType(stun.MethodRefresh, stun.ClassRequest):
		return g.refresh(key, m)
	case m.Type == stun.NewType(stun.MethodCreatePermission, stun.ClassRequest),
		m.Type == stun.NewType(stun.MethodChannelBind, stun.ClassRequest):
		if !g.peersAllowed(key, m) {
			return reply, errorReply(m, stun.CodeForbidden)
		}
	case m.Type == stun.NewType(stun.MethodSend, stun.ClassIndication):
		if !g.peersAllowed(key, m) {
			return drop, nil
		}
		return g.data(key, len(b)), nil
	}
	return pass, nil
}

// outbound learns from, or bounds, a message the server sends the client on key; false drops it.
func (g *guard) outbound(key string, b []byte) bool {
	if isChannelData(b) {
		return g.data(key, len(b)) == pass
	}
	if !stun.IsMessage(b) {
		return true
	}
	m := &stun.Message{Raw: append([]byte(nil), b...)}
	if err := m.Decode(); err != nil {
		return true
	}
	switch m.Type {
	case stun.NewType(stun.MethodData, stun.ClassIndication):
		return g.data(key, len(b)) == pass
	case stun.NewType(stun.MethodAllocate, stun.ClassSuccessResponse):
		g.allocated(key, m)
	case stun.NewType(stun.MethodAllocate, stun.ClassErrorResponse):
		g.mu.Lock()
		if a := g.allocs[key]; a != nil && !a.confirmed {
			g.releaseLocked(a)
		}
		g.mu.Unlock()
	case stun.NewType(stun.MethodRefresh, stun.ClassSuccessResponse):
		g.mu.Lock()
		if a := g.allocs[key]; a != nil {
			if life := lifetimeOf(m); life == 0 {
				g.releaseLocked(a)
			} else {
				a.expires = g.now().Add(life)
			}
		}
		g.mu.Unlock()
	}
	return true
}

// allocate admits an authenticated Allocate within the quotas (the unauthenticated first try,
// with no user name, only earns the server's challenge and passes).
func (g *guard) allocate(key string, src netip.AddrPort, m *stun.Message) (verdict, []byte) {
	var user stun.Username
	if user.GetFrom(m) != nil {
		return pass, nil
	}
	_, room, err := ParseUsername(string(user))
	if err != nil {
		return pass, nil // the server refuses it
	}
	now := g.now()
	g.mu.Lock()
	defer g.mu.Unlock()
	if g.allocs[key] != nil {
		return pass, nil // a retransmission, or a second Allocate the server answers itself
	}
	g.sweepLocked(now)
	source := sourceKey(src.Addr())
	r, s := g.rooms[room], g.sources[source]
	switch {
	case len(g.allocs) >= g.q.MaxAllocs:
		g.stats.QuotaRefused++
		return reply, errorReply(m, stun.CodeInsufficientCapacity)
	case r != nil && r.allocs >= g.q.RoomAllocs, s != nil && s.allocs >= g.q.SourceAllocs:
		g.stats.QuotaRefused++
		return reply, errorReply(m, stun.CodeAllocQuotaReached)
	}
	if r == nil {
		r = &usage{bw: newBucket(g.q.RoomBandwidth, now)}
		g.rooms[room] = r
	}
	if s == nil {
		s = &usage{bw: newBucket(g.q.SourceBandwidth, now)}
		g.sources[source] = s
	}
	r.allocs++
	s.allocs++
	g.allocs[key] = &alloc{key: key, room: room, source: source, created: now, expires: now.Add(pendingWait)}
	return pass, nil
}

// allocated records the server's yes: the allocation's relayed address and lifetime.
func (g *guard) allocated(key string, m *stun.Message) {
	var relayed stun.XORMappedAddress
	relErr := relayed.GetFromAs(m, stun.AttrXORRelayedAddress)
	g.mu.Lock()
	defer g.mu.Unlock()
	a := g.allocs[key]
	if a == nil || a.confirmed {
		return
	}
	a.confirmed = true
	a.expires = g.now().Add(lifetimeOf(m))
	if relErr == nil {
		if ip, ok := netip.AddrFromSlice(relayed.IP); ok {
			a.relay = netip.AddrPortFrom(ip.Unmap(), uint16(relayed.Port))
			g.byRelay[a.relay] = a
		}
	}
}

// refresh refuses to keep an allocation past MaxLifetime (a refresh to zero, the client's
// goodbye, always passes).
func (g *guard) refresh(key string, m *stun.Message) (verdict, []byte) {
	if b, err := m.Get(stun.AttrLifetime); err == nil && len(b) == 4 && binary.BigEndian.Uint32(b) == 0 {
		return pass, nil
	}
	g.mu.Lock()
	defer g.mu.Unlock()
	if a := g.allocs[key]; a != nil && g.now().Sub(a.created) > g.q.MaxLifetime {
		g.stats.LifetimeDrops++
		return reply, errorReply(m, stun.CodeAllocMismatch)
	}
	return pass, nil
}

// peersAllowed checks every XOR-PEER-ADDRESS of m: the address must be one an allocation may
// reach (PeerAllowed), and a peer on this server's own relay address must be an allocation of
// the same room, so one table's credentials never carry traffic into another table's relays
// (or to any other port of this host).
func (g *guard) peersAllowed(key string, m *stun.Message) bool {
	g.mu.Lock()
	defer g.mu.Unlock()
	a := g.allocs[key]
	if a == nil {
		return true // the server answers that there is no allocation
	}
	ok := true
	_ = m.ForEach(stun.AttrXORPeerAddress, func(m *stun.Message) error {
		var p stun.XORMappedAddress
		if err := p.GetFromAs(m, stun.AttrXORPeerAddress); err != nil {
			return err
		}
		ip, valid := netip.AddrFromSlice(p.IP)
		ip = ip.Unmap()
		switch {
		case !valid || !PeerAllowed(ip, g.allowPeers):
			ok = false
		case g.relayIPs[ip]:
			if t := g.byRelay[netip.AddrPortFrom(ip, uint16(p.Port))]; t == nil || t.room != a.room {
				ok = false
			}
		}
		return nil
	})
	if !ok {
		g.stats.PeersRefused++
	}
	return ok
}

// data charges n bytes relayed for the allocation on key to its room and source.
func (g *guard) data(key string, n int) verdict {
	now := g.now()
	g.mu.Lock()
	defer g.mu.Unlock()
	a := g.allocs[key]
	if a == nil || !a.confirmed {
		return pass // the server drops data for no allocation
	}
	if now.Sub(a.created) > g.q.MaxLifetime {
		g.stats.LifetimeDrops++
		return drop
	}
	r, s := g.rooms[a.room], g.sources[a.source]
	if !r.bw.has(n, now) || !s.bw.has(n, now) {
		g.stats.BandwidthDrops++
		return drop
	}
	r.bw.take(n)
	s.bw.take(n)
	g.stats.RelayedBytes += uint64(n)
	return pass
}

func (g *guard) releaseLocked(a *alloc) {
	if g.allocs[a.key] != a {
		return
	}
	delete(g.allocs, a.key)
	if a.relay.IsValid() && g.byRelay[a.relay] == a {
		delete(g.byRelay, a.relay)
	}
	for _, u := range []struct {
		m map[string]*usage
		k string
	}{{g.rooms, a.room}, {g.sources, a.source}} {
		if x := u.m[u.k]; x != nil {
			if x.allocs--; x.allocs <= 0 {
				delete(u.m, u.k)
			}
		}
	}
}

// sweepLocked forgets allocations past their lifetime (the server has deleted them).
func (g *guard) sweepLocked(now time.Time) {
	for _, a := range g.allocs {
		if now.After(a.expires) {
			g.releaseLocked(a)
		}
	}
}

func (g *guard) sweep() {
	g.mu.Lock()
	g.sweepLocked(g.now())
	g.mu.Unlock()
}

// connOpened admits a TCP/TLS connection from source within SourceConns.
func (g *guard) connOpened(source string) bool {
	g.mu.Lock()
	defer g.mu.Unlock()
	if g.conns[source] >= g.q.SourceConns {
		g.stats.ConnsRefused++
		return false
	}
	g.conns[source]++
	return true
}

// connClosed forgets a TCP/TLS connection and the allocation it carried (nobody can reach an
// allocation whose connection is gone).
func (g *guard) connClosed(source, key string) {
	g.mu.Lock()
	defer g.mu.Unlock()
	if g.conns[source]--; g.conns[source] <= 0 {
		delete(g.conns, source)
	}
	if a := g.allocs[key]; a != nil {
		g.releaseLocked(a)
	}
}

func (g *guard) snapshot() Stats {
	g.mu.Lock()
	defer g.mu.Unlock()
	s := g.stats
	s.Allocations, s.Rooms = len(g.allocs), len(g.rooms)
	return s
}

// lifetimeOf reads a LIFETIME attribute (RFC 8656: seconds); none means the default 10 min.
func lifetimeOf(m *stun.Message) time.Duration {
	b, err := m.Get(stun.AttrLifetime)
	if err != nil || len(b) != 4 {
		return 10 * time.Minute
	}
	return time.Duration(binary.BigEndian.Uint32(b)) * time.Second
}

// errorReply is the error answer to request m (unsigned: a client treats an unsigned error as
// final for this request, which is what a refusal is).
func errorReply(m *stun.Message, code stun.ErrorCode) []byte {
	r, err := stun.Build(stun.NewTransactionIDSetter(m.TransactionID),
		stun.NewType(m.Type.Method, stun.ClassErrorResponse),
		code, stun.Fingerprint)
	if err != nil {
		return nil
	}
	return r.Raw
}

// bucket is a token bucket of bytes: rate per second, a burst of two seconds' worth (and at
// least one full-size packet).
type bucket struct {
	rate, burst, tokens float64
	last                time.Time
}

func newBucket(rate int, now time.Time) bucket {
	b := bucket{rate: float64(rate), burst: max(2*float64(rate), 1600), last: now}
	b.tokens = b.burst
	return b
}

func (b *bucket) has(n int, now time.Time) bool {
	if now.After(b.last) {
		b.tokens = min(b.burst, b.tokens+now.Sub(b.last).Seconds()*b.rate)
		b.last = now
	}
	return b.tokens >= float64(n)
}

func (b *bucket) take(n int) { b.tokens -= float64(n) }
