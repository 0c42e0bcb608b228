//go:build !wasm

package turnserver

import (
	"bytes"
	"net"
	"net/http"
	"net/http/httptest"
	"net/netip"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/pion/logging"
	"github.com/pion/turn/v2"

	"miskatonic/app/relay"
	"miskatonic/app/rtc"
	"miskatonic/app/session"
	"miskatonic/engine/wire"
)

// tap is the TURN operator turned attacker: every byte its relay sockets read from a peer or
// write to one, kept.
type tap struct {
	mu  sync.Mutex
	buf bytes.Buffer
	n   int // packets
}

func (t *tap) keep(b []byte) {
	t.mu.Lock()
	t.buf.Write(b)
	t.buf.WriteByte(0) // a packet boundary no needle crosses
	t.n++
	t.mu.Unlock()
}

func (t *tap) bytes() ([]byte, int) {
	t.mu.Lock()
	defer t.mu.Unlock()
	return bytes.Clone(t.buf.Bytes()), t.n
}

type tappedConn struct {
	net.PacketConn
	t *tap
}

func (c tappedConn) ReadFrom(b []byte) (int, net.Addr, error) {
	n, a, err := c.PacketConn.ReadFrom(b)
	if n > 0 {
		c.t.keep(b[:n])
	}
	return n, a, err
}

func (c tappedConn) WriteTo(b []byte, a net.Addr) (int, error) {
	c.t.keep(b)
	return c.PacketConn.WriteTo(b, a)
}

// TestTURNCannotRead is the attack the Fair play page's "a TURN server passes on packets it
// cannot read" answers: the operator of a real pion TURN server (ours) keeps every byte it
// relays while two real pion peers (the app's sessions, host and guest, relay candidates
// only) play a whole game through it and chat. None of the table's plaintext may be in what
// it kept: not the players' names, the chat line, the seat token, the game's name or any
// piece of the frames' JSON. Each needle is first shown to be in the plain frame it travels
// in, so the search would find it there.
func TestTURNCannotRead(t *testing.T) {
	tp := &tap{}
	srv, err := New(Config{UDP: "127.0.0.1:0", AllowPeers: []netip.Prefix{netip.MustParsePrefix("127.0.0.0/8")},
		wrapRelay: func(c net.PacketConn) net.PacketConn { return tappedConn{c, tp} }})
	if err != nil {
		t.Fatal(err)
	}
	defer srv.Close()
	mux := http.NewServeMux()
	mux.Handle("/signal", relay.New(relay.Config{}))
	sig := httptest.NewServer(mux)
	defer sig.Close()
	n := session.Net{Origin: "http://miskatonic.test", RelayURL: "ws" + strings.TrimPrefix(sig.URL, "http") + "/signal",
		RTC: rtc.Config{Servers: srv.ICEServers("cannot-read"), RelayOnly: true, Loopback: true}}

	const hostName, guestName = "Wilbur Whateley", "Lavinia Bishop"
	const line = "the stars are right at the standing stones tonight"
	host, err := session.StartHost(&session.MemStore{}, session.HostConfig{Name: hostName, Game: "arkham", Net: n, BotDelay: time.Millisecond})
	if err != nil {
		t.Fatal(err)
	}
	defer host.Forget()
	if err := host.AddBot("easy"); err != nil {
		t.Fatal(err)
	}
	guest, err := session.Join(&session.MemStore{}, session.JoinConfig{Name: guestName, Link: host.Snapshot().Invite, Net: n, Timeout: 30 * time.Second})
	if err != nil {
		t.Fatal(err)
	}
	defer guest.Forget()
	token := guest.Snapshot().Token
	for end := time.Now().Add(20 * time.Second); host.Start() != nil; time.Sleep(20 * time.Millisecond) {
		if time.Now().After(end) {
			t.Fatal("the table never started")
		}
	}
	if err := guest.Say(line); err != nil {
		t.Fatal(err)
	}
	var views [][]byte
	last := map[*session.Session]int{}
	for end := time.Now().Add(2 * time.Minute); ; time.Sleep(2 * time.Millisecond) {
		if time.Now().After(end) {
			t.Fatalf("the game did not end (seq %d)", host.Snapshot().Seq)
		}
		hs, gs := host.Snapshot(), guest.Snapshot()
		if hs.Status.Over && gs.Status.Over {
			views = append(views, gs.ViewJSON, hs.ViewJSON)
			break
		}
		for _, s := range []*session.Session{host, guest} {
			st := s.Snapshot()
			if st.HasView && !st.Waiting && len(st.Legal) > 0 && last[s] != st.Seq+1 {
				if s.Move(st.Legal[len(st.Legal)-1]) == nil {
					last[s] = st.Seq + 1
					views = append(views, st.ViewJSON)
				}
			}
		}
	}
	heard := false
	for _, c := range host.Snapshot().Chat {
		heard = heard || c.Text == line
	}
	if !heard || token == "" {
		t.Fatalf("the chat line did not cross (%v) or the guest has no seat token (%q)", heard, token)
	}

	// The needles, each in the plain frame it crossed in.
	type needle struct{ what, text string }
	needles := []needle{{"the host's name", hostName}, {"the guest's name", guestName}, {"the chat line", line},
		{"the seat token", token}, {"the game's name", `"arkham"`}}
	plain := map[string][]byte{}
	for what, m := range map[string]wire.Message{
		"chat":    &wire.Chat{Name: guestName, Text: line},
		"welcome": &wire.Welcome{Token: token, Game: "arkham", Table: make([]byte, 16)},
		"host's":  &wire.Chat{Name: hostName, Text: "hello"},
	} {
		f, err := wire.Encode(7, m)
		if err != nil {
			t.Fatal(err)
		}
		plain[what] = f
	}
	for _, v := range views {
		// Pieces of every view the guest and host were shown (the cards in hand among them).
		for i := 0; i+24 <= len(v); i += 97 {
			needles = append(needles, needle{"a piece of a view", string(v[i : i+24])})
		}
	}
	for _, nd := range needles[:5] {
		found := false
		for _, f := range plain {
			found = found || bytes.Contains(f, []byte(nd.text))
		}
		if !found {
			t.Fatalf("%s (%q) is in no plain frame: the search would prove nothing", nd.what, nd.text)
		}
	}
	kept, packets := tp.bytes()
	if packets < 50 || len(kept) < 20_000 {
		t.Fatalf("the relay kept only %d packets, %d bytes: the game did not go through TURN", packets, len(kept))
	}
	for _, nd := range needles {
		if bytes.Contains(kept, []byte(nd.text)) {
			t.Errorf("the TURN server read %s in what it relayed: %q", nd.what, nd.text)
		}
	}
	// The control: plaintext a TURN client relays is in what the tap kept, so the tap sees
	// what the server relays.
	const control = "plain words any relay could read"
	relayPlain(t, srv, []byte(control))
	if kept, _ := tp.bytes(); !bytes.Contains(kept, []byte(control)) {
		t.Fatal("the tap did not keep plaintext a TURN client relayed: it proves nothing")
	}
	t.Logf("the TURN server relayed %d packets, %d bytes; none holds any of %d pieces of the table's plaintext", packets, len(kept), len(needles))
}

// relayPlain sends b from one real pion TURN client's allocation on srv to another's.
func relayPlain(t *testing.T, srv *Server, b []byte) {
	t.Helper()
	creds := srv.Credentials("control")
	addr := ""
	for _, u := range srv.URLs() {
		if strings.HasSuffix(u, "?transport=udp") {
			addr = strings.TrimSuffix(strings.TrimPrefix(u, "turn:"), "?transport=udp")
		}
	}
	quiet := logging.NewDefaultLoggerFactory()
	quiet.DefaultLogLevel = logging.LogLevelDisabled
	var relays []net.PacketConn
	for range 2 {
		conn, err := net.ListenPacket("udp4", "127.0.0.1:0")
		if err != nil {
			t.Fatal(err)
		}
		c, err := turn.NewClient(&turn.ClientConfig{STUNServerAddr: addr, TURNServerAddr: addr, Conn: conn,
			Username: creds.Username, Password: creds.Password, LoggerFactory: quiet})
		if err != nil {
			t.Fatal(err)
		}
		if err := c.Listen(); err != nil {
			t.Fatal(err)
		}
		r, err := c.Allocate()
		if err != nil {
			t.Fatal(err)
		}
		t.Cleanup(func() { r.Close(); c.Close(); conn.Close() })
		relays = append(relays, r)
	}
	// The receiver lets the sender in (a permission), then the sender relays b to it.
	if _, err := relays[1].WriteTo([]byte("let me hear"), relays[0].LocalAddr()); err != nil {
		t.Fatal(err)
	}
	got := make(chan string, 1)
	go func() {
		buf := make([]byte, 2048)
		relays[1].SetReadDeadline(time.Now().Add(time.Minute))
		n, _, _ := relays[1].ReadFrom(buf)
		got <- string(buf[:n])
	}()
	for end := time.Now().Add(time.Minute); ; time.Sleep(50 * time.Millisecond) {
		if _, err := relays[0].WriteTo(b, relays[1].LocalAddr()); err != nil {
			t.Fatal(err)
		}
		select {
		case g := <-got:
			if g != string(b) {
				t.Fatalf("relayed %q", g)
			}
			return
		default:
		}
		if time.Now().After(end) {
			t.Fatal("the control plaintext was never relayed")
		}
	}
}
