//go:build !wasm

package turnserver_test

import (
	"errors"
	"net"
	"net/netip"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/pion/logging"
	"github.com/pion/turn/v2"

	"miskatonic/app/turnserver"
)

// clock is a test clock the server reads; tests move it.
type clock struct {
	mu sync.Mutex
	t  time.Time
}

func newClock() *clock { return &clock{t: time.Now()} }
func (c *clock) Now() time.Time {
	c.mu.Lock()
	defer c.mu.Unlock()
	return c.t
}
func (c *clock) Add(d time.Duration) {
	c.mu.Lock()
	c.t = c.t.Add(d)
	c.mu.Unlock()
}

func quiet() logging.LoggerFactory {
	lf := logging.NewDefaultLoggerFactory()
	lf.DefaultLogLevel = logging.LogLevelDisabled
	return lf
}

// udpURL is the host:port of the server's UDP listener.
func udpAddr(t *testing.T, s *turnserver.Server) string {
	t.Helper()
	for _, u := range s.URLs() {
		if strings.HasSuffix(u, "?transport=udp") {
			return strings.TrimSuffix(strings.TrimPrefix(u, "turn:"), "?transport=udp")
		}
	}
	t.Fatalf("no UDP URL in %v", s.URLs())
	return ""
}

// client is a real pion TURN client holding one allocation (relay) on the server at addr.
type client struct {
	c     *turn.Client
	relay net.PacketConn
}

func allocate(t *testing.T, addr, user, pass string) (*client, error) {
	t.Helper()
	conn, err := net.ListenPacket("udp4", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	c, err := turn.NewClient(&turn.ClientConfig{
		STUNServerAddr: addr, TURNServerAddr: addr, Conn: conn,
		Username: user, Password: pass, LoggerFactory: quiet(),
		RTO: 100 * time.Millisecond,
	})
	if err != nil {
		t.Fatal(err)
	}
	if err := c.Listen(); err != nil {
		t.Fatal(err)
	}
	relay, err := c.Allocate()
	if err != nil {
		c.Close()
		conn.Close()
		return nil, err
	}
	cl := &client{c: c, relay: relay}
	t.Cleanup(func() { relay.Close(); c.Close(); conn.Close() })
	return cl, nil
}

func mustAllocate(t *testing.T, addr, user, pass string) *client {
	t.Helper()
	c, err := allocate(t, addr, user, pass)
	if err != nil {
		t.Fatalf("allocate as %s: %v", user, err)
	}
	return c
}

// recv reads one packet from c's relay within d ("" if none came).
func recv(c *client, d time.Duration) string {
	buf := make([]byte, 2048)
	c.relay.SetReadDeadline(time.Now().Add(d))
	n, _, err := c.relay.ReadFrom(buf)
	if err != nil {
		return ""
	}
	return string(buf[:n])
}

// TestCredentialsExpireAndAreSigned: a user name past its expiry, a password minted under
// another secret, and a user name changed to another room (or a later expiry) all fail to
// allocate; fresh credentials succeed.
func TestCredentialsExpireAndAreSigned(t *testing.T) {
	clk := newClock()
	cfg := turnserver.LoopbackConfig()
	cfg.TCP, cfg.Secret, cfg.Now = "", "table secret", clk.Now
	srv := start(t, cfg)
	addr := udpAddr(t, srv)
	now := clk.Now()

	good := srv.Credentials("roomA")
	mustAllocate(t, addr, good.Username, good.Password)

	expiredUser, expiredPass := turnserver.Mint("table secret", "roomA", now.Add(-time.Second))
	otherUser, otherPass := turnserver.Mint("another secret", "roomA", now.Add(time.Hour))
	_, roomAPass := turnserver.Mint("table secret", "roomA", now.Add(time.Hour))
	roomBUser, _ := turnserver.Mint("table secret", "roomB", now.Add(time.Hour))
	laterUser, _ := turnserver.Mint("table secret", "roomA", now.Add(100*time.Hour))
	cases := []struct{ name, user, pass string }{
		{"expired", expiredUser, expiredPass},
		{"minted under another secret", otherUser, otherPass},
		{"room A's password under room B's name", roomBUser, roomAPass},
		{"expiry pushed later", laterUser, roomAPass},
		{"not expiry:id", "roomA", turnserver.Password("table secret", "roomA")},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			if c, err := allocate(t, addr, tc.user, tc.pass); err == nil {
				c.relay.Close()
				t.Fatal("allocated")
			}
		})
	}

	// Credentials good now stop working once the clock passes their expiry.
	clk.Add(cfg.TTL + 7*time.Hour)
	if _, err := allocate(t, addr, good.Username, good.Password); err == nil {
		t.Fatal("credentials still allocate after their expiry")
	}
}

// TestTablesCannotReachEachOther: an allocation made with table B's credentials cannot send
// to table A's allocations on the same server (nor to another port of the server itself),
// while A's own allocations reach each other.
func TestTablesCannotReachEachOther(t *testing.T) {
	srv := start(t, turnserver.LoopbackConfig())
	addr := udpAddr(t, srv)
	a := srv.Credentials("tableA")
	b := srv.Credentials("tableB")
	a1 := mustAllocate(t, addr, a.Username, a.Password)
	a2 := mustAllocate(t, addr, a.Username, a.Password)
	b1 := mustAllocate(t, addr, b.Username, b.Password)
	permit(t, a2, a1) // a2 lets traffic from the server's address in (a TURN permission is per IP)

	if _, err := a1.relay.WriteTo([]byte("same table"), a2.relay.LocalAddr()); err != nil {
		t.Fatalf("A to A: %v", err)
	}
	if got := recv(a2, 5*time.Second); got != "same table" {
		t.Fatalf("A's second allocation got %q", got)
	}
	refused := srv.Stats().PeersRefused
	if _, err := b1.relay.WriteTo([]byte("intruder"), a2.relay.LocalAddr()); err == nil {
		t.Fatal("table B's allocation was let send to table A's")
	}
	server, _ := net.ResolveUDPAddr("udp", addr)
	if _, err := b1.relay.WriteTo([]byte("loop"), server); err == nil {
		t.Fatal("an allocation was let send to the TURN server's own port")
	}
	if st := srv.Stats(); st.PeersRefused < refused+2 {
		t.Fatalf("refusals not counted: %+v", st)
	}
	if got := recv(a2, 300*time.Millisecond); got != "" {
		t.Fatalf("table A received %q from table B", got)
	}
}

// TestPrivatePeersRefused: with no AllowPeers, an allocation may not reach loopback, private,
// carrier-grade NAT, link-local (the cloud metadata address) or unique-local peers.
func TestPrivatePeersRefused(t *testing.T) {
	cfg := turnserver.LoopbackConfig()
	cfg.TCP, cfg.AllowPeers = "", nil
	srv := start(t, cfg)
	cred := srv.Credentials("room")
	c := mustAllocate(t, udpAddr(t, srv), cred.Username, cred.Password)
	for _, peer := range []string{
		"127.0.0.1:9", "10.1.2.3:9", "172.16.5.4:9", "192.168.1.1:9", "100.64.0.1:9",
		"169.254.169.254:80", "0.0.0.0:9", "[::1]:9", "[fd00::1]:9", "[fe80::1]:9", "[::ffff:127.0.0.1]:9",
	} {
		t.Run(peer, func(t *testing.T) {
			ua, err := net.ResolveUDPAddr("udp", peer)
			if err != nil {
				t.Fatal(err)
			}
			if _, err := c.relay.WriteTo([]byte("probe"), ua); err == nil {
				t.Fatalf("the server let an allocation send to %s", peer)
			}
		})
	}
	if srv.Stats().PeersRefused == 0 {
		t.Fatal("no refusal counted")
	}
}

// TestPeerAllowed is the address classification the server applies, public addresses
// included (which the wire test above does not send to).
func TestPeerAllowed(t *testing.T) {
	lo := []netip.Prefix{netip.MustParsePrefix("127.0.0.0/8")}
	for _, tc := range []struct {
		ip    string
		allow []netip.Prefix
		want  bool
	}{
		{"8.8.8.8", nil, true},
		{"2606:4700::1111", nil, true},
		{"64:ff9b::808:808", nil, true}, // NAT64 of a public address
		{"64:ff9b::a00:1", nil, false},  // NAT64 of 10.0.0.1
		{"::ffff:10.0.0.1", nil, false},
		{"127.0.0.1", nil, false},
		{"127.0.0.1", lo, true},
		{"10.0.0.1", lo, false},
		{"100.127.255.255", nil, false},
		{"100.128.0.0", nil, true},
		{"169.254.169.254", nil, false},
		{"224.0.0.251", nil, false},
		{"255.255.255.255", nil, false},
		{"fd12::1", nil, false},
		{"fe80::1%eth0", nil, false},
		{"203.0.113.10", nil, true}, // a test network's "public" address (natlab)
		{"198.18.0.1", nil, true},   // the browser tests' namespace
	} {
		if got := turnserver.PeerAllowed(netip.MustParseAddr(tc.ip), tc.allow); got != tc.want {
			t.Errorf("PeerAllowed(%s, %v) = %v, want %v", tc.ip, tc.allow, got, tc.want)
		}
	}
}

// TestAllocationQuotas: a table's credentials hold at most RoomAllocs allocations and one
// address at most SourceAllocs; another table is not held back by the first; an allocation
// given back frees its place.
func TestAllocationQuotas(t *testing.T) {
	t.Run("per room", func(t *testing.T) {
		cfg := turnserver.LoopbackConfig()
		cfg.TCP, cfg.RoomAllocs, cfg.SourceAllocs = "", 2, 100
		srv := start(t, cfg)
		addr := udpAddr(t, srv)
		a := srv.Credentials("full")
		mustAllocate(t, addr, a.Username, a.Password)
		second := mustAllocate(t, addr, a.Username, a.Password)
		_, err := allocate(t, addr, a.Username, a.Password)
		if err == nil || !strings.Contains(err.Error(), "486") {
			t.Fatalf("third allocation for one room: %v, want 486 Allocation Quota Reached", err)
		}
		b := srv.Credentials("other")
		mustAllocate(t, addr, b.Username, b.Password)
		if st := srv.Stats(); st.QuotaRefused != 1 || st.Allocations != 3 {
			t.Fatalf("stats %+v", st)
		}
		// Giving one back (a refresh to zero, as the client's Close sends) frees the place.
		second.relay.Close()
		waitFor(t, func() bool { return srv.Stats().Allocations == 2 })
		mustAllocate(t, addr, a.Username, a.Password)
	})
	t.Run("per source", func(t *testing.T) {
		cfg := turnserver.LoopbackConfig()
		cfg.TCP, cfg.RoomAllocs, cfg.SourceAllocs = "", 100, 2
		srv := start(t, cfg)
		addr := udpAddr(t, srv)
		for _, room := range []string{"r1", "r2"} {
			c := srv.Credentials(room)
			mustAllocate(t, addr, c.Username, c.Password)
		}
		c := srv.Credentials("r3")
		if _, err := allocate(t, addr, c.Username, c.Password); err == nil || !strings.Contains(err.Error(), "486") {
			t.Fatalf("third allocation from one address: %v, want 486", err)
		}
	})
	t.Run("server full", func(t *testing.T) {
		cfg := turnserver.LoopbackConfig()
		cfg.TCP, cfg.MaxAllocs = "", 1
		srv := start(t, cfg)
		addr := udpAddr(t, srv)
		c := srv.Credentials("r1")
		mustAllocate(t, addr, c.Username, c.Password)
		d := srv.Credentials("r2")
		if _, err := allocate(t, addr, d.Username, d.Password); err == nil || !strings.Contains(err.Error(), "508") {
			t.Fatalf("allocation past MaxAllocs: %v, want 508 Insufficient Capacity", err)
		}
	})
}

func waitFor(t *testing.T, cond func() bool) {
	t.Helper()
	for i := 0; i < 200; i++ {
		if cond() {
			return
		}
		time.Sleep(25 * time.Millisecond)
	}
	t.Fatal("condition never held")
}

// permit has to create a permission (and channel) for from's relayed address, as a WebRTC
// peer does when it checks its candidate pair: without one, the server drops what from sends.
func permit(t *testing.T, to, from *client) {
	t.Helper()
	if _, err := to.relay.WriteTo([]byte("permit"), from.relay.LocalAddr()); err != nil {
		t.Fatal(err)
	}
	recv(from, 200*time.Millisecond) // the permit itself, if from let it in
}

// flood sends n packets of size bytes from one allocation to another, one at a time (each
// arrives or is counted dropped before the next goes), and counts what arrives.
func flood(t *testing.T, srv *turnserver.Server, from, to *client, n, size int) int {
	t.Helper()
	payload := make([]byte, size)
	got := 0
	for i := 0; i < n; i++ {
		st := srv.Stats()
		dropped := st.BandwidthDrops + st.LifetimeDrops
		if _, err := from.relay.WriteTo(payload, to.relay.LocalAddr()); err != nil {
			t.Fatal(err)
		}
		for j := 0; ; j++ {
			if recv(to, 20*time.Millisecond) != "" {
				got++
				break
			}
			if st := srv.Stats(); st.BandwidthDrops+st.LifetimeDrops > dropped {
				break
			}
			if j > 250 {
				t.Fatal("a packet neither arrived nor was dropped")
			}
		}
	}
	return got
}

// TestBandwidthBounded: with the clock stopped, a room's bucket lets its burst through and no
// more; once time passes it refills. The same for one address's bucket.
func TestBandwidthBounded(t *testing.T) {
	for _, tc := range []struct {
		name       string
		room, addr int
	}{{"per room", 8000, 1 << 30}, {"per source", 1 << 30, 8000}} {
		t.Run(tc.name, func(t *testing.T) {
			clk := newClock()
			cfg := turnserver.LoopbackConfig()
			cfg.TCP, cfg.Now = "", clk.Now
			cfg.RoomBandwidth, cfg.SourceBandwidth = tc.room, tc.addr
			srv := start(t, cfg)
			addr := udpAddr(t, srv)
			cred := srv.Credentials("busy")
			a, b := mustAllocate(t, addr, cred.Username, cred.Password), mustAllocate(t, addr, cred.Username, cred.Password)
			permit(t, b, a)
			clk.Add(10 * time.Second) // a full bucket
			// A burst is two seconds' worth, 16000 bytes; each 1000-byte packet is charged going
			// in and coming out, so at most 8 of 20 arrive.
			got := flood(t, srv, a, b, 20, 1000)
			st := srv.Stats()
			if got == 0 || got > 8 || st.BandwidthDrops == 0 {
				t.Fatalf("%d of 20 packets arrived, stats %+v; want 1..8 and drops", got, st)
			}
			t.Logf("%d of 20 arrived; %+v", got, st)
			clk.Add(10 * time.Second)
			if again := flood(t, srv, a, b, 1, 1000); again != 1 {
				t.Fatal("the bucket did not refill with time")
			}
		})
	}
}

// TestLifetimeBounded: an allocation older than MaxLifetime relays nothing more and may not be
// refreshed.
func TestLifetimeBounded(t *testing.T) {
	clk := newClock()
	cfg := turnserver.LoopbackConfig()
	cfg.TCP, cfg.Now, cfg.MaxLifetime, cfg.TTL = "", clk.Now, time.Hour, 24*time.Hour
	srv := start(t, cfg)
	addr := udpAddr(t, srv)
	cred := srv.Credentials("long")
	a, b := mustAllocate(t, addr, cred.Username, cred.Password), mustAllocate(t, addr, cred.Username, cred.Password)
	permit(t, b, a)
	if got := flood(t, srv, a, b, 1, 100); got != 1 {
		t.Fatal("a young allocation relays nothing")
	}
	clk.Add(2 * time.Hour)
	if got := flood(t, srv, a, b, 3, 100); got != 0 {
		t.Fatalf("an allocation past its lifetime relayed %d packets", got)
	}
	if st := srv.Stats(); st.LifetimeDrops == 0 {
		t.Fatalf("stats %+v", st)
	}
}

// TestTCPConnectionsPerSource: one address opens at most SourceConns TURN connections.
func TestTCPConnectionsPerSource(t *testing.T) {
	cfg := turnserver.LoopbackConfig()
	cfg.UDP, cfg.SourceConns = "", 2
	srv := start(t, cfg)
	tcp := strings.TrimSuffix(strings.TrimPrefix(srv.URLs()[0], "turn:"), "?transport=tcp")
	var conns []net.Conn
	for i := 0; i < 3; i++ {
		c, err := net.Dial("tcp", tcp)
		if err != nil {
			t.Fatal(err)
		}
		defer c.Close()
		conns = append(conns, c)
	}
	conns[2].SetReadDeadline(time.Now().Add(5 * time.Second))
	if _, err := conns[2].Read(make([]byte, 1)); err == nil || errors.Is(err, errTimeout(err)) {
		t.Fatalf("the third connection stayed open: %v", err)
	}
	waitFor(t, func() bool { return srv.Stats().ConnsRefused == 1 })
}

// errTimeout is err when it is a timeout (the connection was left open), else nil.
func errTimeout(err error) error {
	var ne net.Error
	if errors.As(err, &ne) && ne.Timeout() {
		return err
	}
	return nil
}
