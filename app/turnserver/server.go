//go:build !wasm

// Package turnserver is the TURN server `miskatonic relay` and `serve` run (pion/turn), for
// players whose networks let no direct WebRTC path through: UDP and TCP, TLS with a
// certificate. Pages get short-lived credentials for their table from the HTTP endpoint
// (handler.go) in the TURN REST scheme coturn also speaks (creds.go), so an operator who
// outgrows one machine points the same secret at coturn. The server refuses to relay to
// loopback, private and link-local addresses unless told to (peers.go), and bounds what each
// table and each client address may take (guard.go).
//
// Native only: the browser never links this package (it only fetches credentials, app/rtc).
package turnserver

import (
	"crypto/rand"
	"crypto/tls"
	"encoding/base64"
	"errors"
	"fmt"
	"net"
	"net/netip"
	"strconv"
	"sync"
	"time"

	"github.com/pion/logging"
	"github.com/pion/turn/v2"

	"miskatonic/app/rtc"
)

// Config sets up a TURN server. Listen addresses left empty are not opened; a server with no
// listener and URLs given only mints credentials for TURN servers elsewhere (coturn).
type Config struct {
	// Secret is the credentials' HMAC key (coturn's static-auth-secret). Empty: a random one,
	// good for this process only.
	Secret string
	// Realm is the TURN realm (default "miskatonic").
	Realm string
	// UDP, TCP and TLS are listen addresses ("host:port"; port 0 picks one).
	UDP, TCP, TLS string
	// Certificate serves TLS (turns:). Required with TLS.
	Certificate *tls.Certificate
	// RelayIP is the address peers reach allocations at (the machine's public address). Default:
	// the IP the UDP (or TCP) listener is bound to, if it names one.
	RelayIP netip.Addr
	// RelayBind is the address relay sockets are bound to (default: RelayIP if it is a local
	// address of loopback, else all interfaces).
	RelayBind string
	// MinPort and MaxPort bound the relay ports (0: any port the system gives).
	MinPort, MaxPort int
	// Host names this server in the URLs handed to pages (default RelayIP; a name matching the
	// certificate for turns:).
	Host string
	// URLs, when set, are handed to pages instead of this server's own: TURN servers elsewhere
	// sharing Secret (a coturn fleet).
	URLs []string
	// TTL is how long credentials stay good (default 6 h: a long evening's game, refreshes
	// included; the server checks it on every authenticated request).
	TTL time.Duration
	// AllowPeers lets allocations reach these otherwise denied ranges (loopback for tests on
	// one machine, a LAN for a server on it).
	AllowPeers []netip.Prefix
	Quotas
	// RoomOpen, when set, lets the HTTP endpoint mint only for rooms it says are open (our
	// signaling relay's rooms with a host in them). Nil: any room id.
	RoomOpen func(room string) bool
	// Origins are the browser origins (host patterns, as the relay's -origin) that may fetch
	// credentials from another site (a static deployment); the server's own host always may.
	Origins []string
	// SourceHeader names the header a proxy puts the client's address in (X-Forwarded-For).
	SourceHeader string
	// MintsPerMinute bounds credentials handed to one address (default 30).
	MintsPerMinute float64
	// Now is the clock (default time.Now): tests move it.
	Now func() time.Time
	// Log receives pion's warnings (default: silent).
	Log logging.LoggerFactory
	// wrapRelay, when set, wraps every relay socket: a test reads what the server relays.
	wrapRelay func(net.PacketConn) net.PacketConn
}

// Server is a running TURN server with its credentials endpoint.
type Server struct {
	cfg    Config
	turn   *turn.Server
	guard  *guard
	urls   []string
	closed chan struct{}
	once   sync.Once
	mints  *limiter
}

// New starts a TURN server on the listeners cfg names.
func New(cfg Config) (*Server, error) {
	if cfg.Realm == "" {
		cfg.Realm = "miskatonic"
	}
	if cfg.TTL <= 0 {
		cfg.TTL = 6 * time.Hour
	}
	if cfg.Now == nil {
		cfg.Now = time.Now
	}
	if cfg.MintsPerMinute <= 0 {
		cfg.MintsPerMinute = 30
	}
	if cfg.Secret == "" {
		b := make([]byte, 32)
		if _, err := rand.Read(b); err != nil {
			return nil, err
		}
		cfg.Secret = base64.RawStdEncoding.EncodeToString(b)
	}
	if cfg.TLS != "" && cfg.Certificate == nil {
		return nil, errors.New("turn: TLS needs a certificate (-turn-cert and -turn-key)")
	}
	s := &Server{cfg: cfg, closed: make(chan struct{}), mints: newLimiter(cfg.MintsPerMinute, cfg.Now)}
	if cfg.UDP == "" && cfg.TCP == "" && cfg.TLS == "" {
		if len(cfg.URLs) == 0 {
			return nil, errors.New("turn: no listener and no URLs to hand out")
		}
		s.urls = cfg.URLs
		s.guard = newGuard(cfg.Quotas, cfg.AllowPeers, nil, cfg.Now)
		return s, nil
	}
	if err := s.listen(); err != nil {
		return nil, err
	}
	go s.sweep()
	return s, nil
}

// listen opens the listeners and starts pion's server on them.
func (s *Server) listen() (err error) {
	cfg := &s.cfg
	var udp net.PacketConn
	var tcp, tlsL net.Listener
	defer func() {
		if err != nil {
			for _, c := range []interface{ Close() error }{udp, tcp, tlsL} {
				if c != nil {
					c.Close()
				}
			}
		}
	}()
	if cfg.UDP != "" {
		if udp, err = net.ListenPacket("udp", cfg.UDP); err != nil {
			return fmt.Errorf("turn: listening on udp %s: %w", cfg.UDP, err)
		}
	}
	if cfg.TCP != "" {
		if tcp, err = net.Listen("tcp", cfg.TCP); err != nil {
			return fmt.Errorf("turn: listening on tcp %s: %w", cfg.TCP, err)
		}
	}
	if cfg.TLS != "" {
		if tlsL, err = tls.Listen("tcp", cfg.TLS, &tls.Config{Certificates: []tls.Certificate{*cfg.Certificate}, MinVersion: tls.VersionTLS12}); err != nil {
			return fmt.Errorf("turn: listening on tls %s: %w", cfg.TLS, err)
		}
	}
	if !cfg.RelayIP.IsValid() {
		for _, a := range []net.Addr{addrFrom(udp), addrFrom(tcp), addrFrom(tlsL)} {
			if a != nil {
				if ip := addrOf(a).Addr().Unmap(); ip.IsValid() && !ip.IsUnspecified() {
					cfg.RelayIP = ip
					break
				}
			}
		}
		if !cfg.RelayIP.IsValid() {
			return errors.New("turn: listening on every interface: name the public address peers reach this machine at (-turn-ip)")
		}
	}
	cfg.RelayIP = cfg.RelayIP.Unmap()
	if cfg.RelayBind == "" {
		cfg.RelayBind = "0.0.0.0"
		if cfg.RelayIP.Is6() {
			cfg.RelayBind = "::"
		}
		if cfg.RelayIP.IsLoopback() {
			cfg.RelayBind = cfg.RelayIP.String()
		}
	}
	if cfg.Host == "" {
		cfg.Host = cfg.RelayIP.String()
	}
	s.guard = newGuard(cfg.Quotas, cfg.AllowPeers, []netip.Addr{cfg.RelayIP}, cfg.Now)
	gen, err := s.relayGenerator()
	if err != nil {
		return err
	}
	perm := func(_ net.Addr, ip net.IP) bool {
		a, ok := netip.AddrFromSlice(ip)
		if ok && PeerAllowed(a, cfg.AllowPeers) {
			return true
		}
		s.guard.mu.Lock()
		s.guard.stats.PeersRefused++
		s.guard.mu.Unlock()
		return false
	}
	sc := turn.ServerConfig{Realm: cfg.Realm, AuthHandler: s.auth, LoggerFactory: cfg.Log}
	if sc.LoggerFactory == nil {
		lf := logging.NewDefaultLoggerFactory()
		lf.DefaultLogLevel = logging.LogLevelDisabled
		sc.LoggerFactory = lf
	}
	host := hostForURL(cfg.Host)
	if udp != nil {
		g := &guardedPacketConn{PacketConn: udp, g: s.guard, id: listenerID("udp", udp.LocalAddr())}
		sc.PacketConnConfigs = append(sc.PacketConnConfigs, turn.PacketConnConfig{PacketConn: g, RelayAddressGenerator: gen, PermissionHandler: perm})
		s.urls = append(s.urls, "turn:"+host+":"+port(udp.LocalAddr())+"?transport=udp")
	}
	if tcp != nil {
		g := &guardedListener{Listener: tcp, g: s.guard, id: listenerID("tcp", tcp.Addr())}
		sc.ListenerConfigs = append(sc.ListenerConfigs, turn.ListenerConfig{Listener: g, RelayAddressGenerator: gen, PermissionHandler: perm})
		s.urls = append(s.urls, "turn:"+host+":"+port(tcp.Addr())+"?transport=tcp")
	}
	if tlsL != nil {
		g := &guardedListener{Listener: tlsL, g: s.guard, id: listenerID("tls", tlsL.Addr())}
		sc.ListenerConfigs = append(sc.ListenerConfigs, turn.ListenerConfig{Listener: g, RelayAddressGenerator: gen, PermissionHandler: perm})
		s.urls = append(s.urls, "turns:"+host+":"+port(tlsL.Addr())+"?transport=tcp")
	}
	if len(cfg.URLs) > 0 {
		s.urls = cfg.URLs
	}
	ts, err := turn.NewServer(sc)
	if err != nil {
		return fmt.Errorf("turn: %w", err)
	}
	s.turn = ts
	return nil
}

func (s *Server) relayGenerator() (turn.RelayAddressGenerator, error) {
	gen, err := s.relayPorts()
	if err != nil || s.cfg.wrapRelay == nil {
		return gen, err
	}
	return wrappedGenerator{gen, s.cfg.wrapRelay}, nil
}

// wrappedGenerator hands out relay sockets wrapped by wrap.
type wrappedGenerator struct {
	turn.RelayAddressGenerator
	wrap func(net.PacketConn) net.PacketConn
}

func (g wrappedGenerator) AllocatePacketConn(network string, port int) (net.PacketConn, net.Addr, error) {
	c, a, err := g.RelayAddressGenerator.AllocatePacketConn(network, port)
	if err != nil {
		return c, a, err
	}
	return g.wrap(c), a, nil
}

func (s *Server) relayPorts() (turn.RelayAddressGenerator, error) {
	ip := net.IP(s.cfg.RelayIP.AsSlice())
	if s.cfg.MinPort > 0 || s.cfg.MaxPort > 0 {
		if s.cfg.MinPort <= 0 || s.cfg.MaxPort < s.cfg.MinPort || s.cfg.MaxPort > 65535 {
			return nil, fmt.Errorf("turn: bad relay port range %d-%d", s.cfg.MinPort, s.cfg.MaxPort)
		}
		return &turn.RelayAddressGeneratorPortRange{RelayAddress: ip, Address: s.cfg.RelayBind, MinPort: uint16(s.cfg.MinPort), MaxPort: uint16(s.cfg.MaxPort)}, nil
	}
	return &turn.RelayAddressGeneratorStatic{RelayAddress: ip, Address: s.cfg.RelayBind}, nil
}

// auth is pion's AuthHandler: the key of a REST user name that has not expired.
func (s *Server) auth(username, realm string, _ net.Addr) ([]byte, bool) {
	expiry, _, err := ParseUsername(username)
	if err != nil || !s.cfg.Now().Before(expiry) {
		return nil, false
	}
	return turn.GenerateAuthKey(username, realm, Password(s.cfg.Secret, username)), true
}

// sweep forgets lapsed allocations now and then, so a quiet server's counts stay true.
func (s *Server) sweep() {
	t := time.NewTicker(30 * time.Second)
	defer t.Stop()
	for {
		select {
		case <-s.closed:
			return
		case <-t.C:
			s.guard.sweep()
		}
	}
}

// Close stops the server and every allocation.
func (s *Server) Close() error {
	var err error
	s.once.Do(func() {
		close(s.closed)
		if s.turn != nil {
			err = s.turn.Close()
		}
	})
	return err
}

// URLs are the TURN URLs handed to pages with their credentials.
func (s *Server) URLs() []string { return append([]string(nil), s.urls...) }

// Secret is the credentials' key (a random one when Config left it empty).
func (s *Server) Secret() string { return s.cfg.Secret }

// Credentials mints credentials for room, good for the configured TTL.
func (s *Server) Credentials(room string) rtc.TURNCredentials {
	u, p := Mint(s.cfg.Secret, room, s.cfg.Now().Add(s.cfg.TTL))
	return rtc.TURNCredentials{Username: u, Password: p, TTL: int64(s.cfg.TTL / time.Second), URIs: s.URLs()}
}

// ICEServers are this server with fresh credentials for room, as a page's Config lists them.
func (s *Server) ICEServers(room string) []rtc.ICEServer {
	return []rtc.ICEServer{s.Credentials(room).Server()}
}

// Stats are the guard's counts.
func (s *Server) Stats() Stats { return s.guard.snapshot() }

// Allocations is what pion's server holds (the guard's count may include pending ones).
func (s *Server) Allocations() int {
	if s.turn == nil {
		return 0
	}
	return s.turn.AllocationCount()
}

func addrFrom(c any) net.Addr {
	switch c := c.(type) {
	case net.PacketConn:
		if c != nil {
			return c.LocalAddr()
		}
	case net.Listener:
		if c != nil {
			return c.Addr()
		}
	}
	return nil
}

func port(a net.Addr) string { return strconv.Itoa(int(addrOf(a).Port())) }

// hostForURL brackets an IPv6 address.
func hostForURL(h string) string {
	if ip, err := netip.ParseAddr(h); err == nil && ip.Is6() {
		return "[" + h + "]"
	}
	return h
}

// LoopbackConfig is a server for tests on one machine: UDP and TCP on free loopback ports,
// relaying on loopback (allowed as a peer).
func LoopbackConfig() Config {
	return Config{
		UDP: "127.0.0.1:0", TCP: "127.0.0.1:0",
		AllowPeers: []netip.Prefix{netip.MustParsePrefix("127.0.0.0/8")},
	}
}
