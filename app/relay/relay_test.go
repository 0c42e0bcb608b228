//go:build !wasm

package relay

import (
	"context"
	"errors"
	"fmt"
	"math/rand/v2"
	"net/http"
	"net/http/httptest"
	"strings"
	"testing"
	"time"

	"github.com/coder/websocket"

	"miskatonic/app/signal"
)

func newServer(t testing.TB, cfg Config) (*Relay, string) {
	t.Helper()
	rl := NewRelay(cfg)
	srv := httptest.NewServer(rl)
	t.Cleanup(func() { rl.Close(); srv.Close() })
	return rl, "ws" + strings.TrimPrefix(srv.URL, "http")
}

func testInvite(t testing.TB, seed uint64) signal.Invite {
	t.Helper()
	in, err := signal.NewInviteFrom(rand.NewChaCha8([32]byte{byte(seed), byte(seed >> 8), byte(seed >> 16)}))
	if err != nil {
		t.Fatal(err)
	}
	return in
}

func connect(t testing.TB, url string, in signal.Invite, role signal.Role) *signal.Client {
	t.Helper()
	ctx, cancel := context.WithTimeout(context.Background(), 10*time.Second)
	defer cancel()
	tok := ""
	if role == signal.RoleHost {
		tok = in.HostToken
	}
	c, err := signal.Connect(ctx, url, in.Room, role, tok)
	if err != nil {
		t.Fatalf("connect %s: %v", role, err)
	}
	t.Cleanup(func() { c.CloseNow() })
	return c
}

func recv(t testing.TB, c *signal.Client) signal.Frame {
	t.Helper()
	ctx, cancel := context.WithTimeout(context.Background(), 10*time.Second)
	defer cancel()
	f, err := c.Recv(ctx)
	if err != nil {
		t.Fatalf("recv: %v", err)
	}
	return f
}

func send(t testing.TB, c *signal.Client, f signal.Frame) {
	t.Helper()
	ctx, cancel := context.WithTimeout(context.Background(), 10*time.Second)
	defer cancel()
	if err := c.Send(ctx, f); err != nil {
		t.Fatalf("send: %v", err)
	}
}

// closedWith waits until c's connection ends and returns the close status.
func closedWith(t testing.TB, c *signal.Client) websocket.StatusCode {
	t.Helper()
	ctx, cancel := context.WithTimeout(context.Background(), 10*time.Second)
	defer cancel()
	for {
		_, err := c.Recv(ctx)
		if err != nil {
			if ctx.Err() != nil {
				t.Fatal("connection was not closed")
			}
			return websocket.CloseStatus(err)
		}
	}
}

// waitRouted waits until the relay has routed n payload bytes (filed in a mailbox or passed
// on: both under the relay's lock with the count), so a host that arrives next finds them
// filed. A fixed 50 ms sleep let a loaded machine's host arrive first.
func waitRouted(t *testing.T, rl *Relay, n int64) {
	t.Helper()
	for end := time.Now().Add(time.Minute); rl.Stats().Routed < n; time.Sleep(2 * time.Millisecond) {
		if time.Now().After(end) { // a guard against a relay that lost them, not a timing
			t.Fatalf("the relay routed %d bytes, want %d", rl.Stats().Routed, n)
		}
	}
}

func TestRouting(t *testing.T) {
	rl, url := newServer(t, Config{})
	in := testInvite(t, 1)

	// A guest that arrives before the host leaves mail for it.
	g1 := connect(t, url, in, signal.RoleGuest)
	send(t, g1, signal.Frame{Type: signal.FrameData, Payload: []byte("early")})
	waitRouted(t, rl, int64(len("early"))) // filed before the host arrives

	h := connect(t, url, in, signal.RoleHost)
	if f := recv(t, h); f.Type != signal.FrameJoin || f.Peer != 1 {
		t.Fatalf("host first frame = %+v, want join of peer 1", f)
	}
	if f := recv(t, h); f.Type != signal.FrameData || f.Peer != 1 || string(f.Payload) != "early" {
		t.Fatalf("mailbox frame = %+v", f)
	}
	if f := recv(t, g1); f.Type != signal.FrameHost {
		t.Fatalf("guest told of host = %+v", f)
	}

	g2 := connect(t, url, in, signal.RoleGuest)
	if f := recv(t, h); f.Type != signal.FrameJoin || f.Peer != 2 {
		t.Fatalf("join of g2 = %+v", f)
	}
	recv(t, g2) // FrameHost

	cases := []struct {
		name string
		from *signal.Client
		to   *signal.Client
		in   signal.Frame
		want signal.Frame
	}{
		{"guest 2 to host", g2, h, signal.Frame{Type: signal.FrameData, Peer: 77, Payload: []byte("a")}, signal.Frame{Type: signal.FrameData, Peer: 2, Payload: []byte("a")}},
		{"host to guest 1", h, g1, signal.Frame{Type: signal.FrameData, Peer: 1, Payload: []byte("b")}, signal.Frame{Type: signal.FrameData, Payload: []byte("b")}},
		{"host to guest 2", h, g2, signal.Frame{Type: signal.FrameData, Peer: 2, Payload: []byte("c")}, signal.Frame{Type: signal.FrameData, Payload: []byte("c")}},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			send(t, tc.from, tc.in)
			got := recv(t, tc.to)
			if got.Type != tc.want.Type || got.Peer != tc.want.Peer || string(got.Payload) != string(tc.want.Payload) {
				t.Fatalf("got %+v, want %+v", got, tc.want)
			}
		})
	}

	g1.Close()
	if f := recv(t, h); f.Type != signal.FrameLeave || f.Peer != 1 {
		t.Fatalf("leave = %+v", f)
	}
	h.Close()
	if f := recv(t, g2); f.Type != signal.FrameLeave || f.Peer != 0 {
		t.Fatalf("host leave = %+v", f)
	}
}

func TestHostClaim(t *testing.T) {
	_, url := newServer(t, Config{})
	in := testInvite(t, 2)
	h1 := connect(t, url, in, signal.RoleHost)

	thief := in
	thief.HostToken = testInvite(t, 3).HostToken
	ctx := context.Background()
	if _, err := signal.Connect(ctx, url, thief.Room, signal.RoleHost, thief.HostToken); !errors.Is(err, signal.ErrRelayRefused) {
		t.Fatalf("host with another token: err = %v, want refused", err)
	}
	// The rightful host reconnecting replaces its old connection.
	h2 := connect(t, url, in, signal.RoleHost)
	if code := closedWith(t, h1); code != websocket.StatusPolicyViolation {
		t.Fatalf("old host closed with %v", code)
	}
	g := connect(t, url, in, signal.RoleGuest)
	if f := recv(t, h2); f.Type != signal.FrameJoin {
		t.Fatalf("new host did not see the guest: %+v", f)
	}
	recv(t, g)
}

func TestRefusals(t *testing.T) {
	_, url := newServer(t, Config{MaxPeers: 2})
	in := testInvite(t, 4)
	connect(t, url, in, signal.RoleGuest)
	connect(t, url, in, signal.RoleGuest)
	cases := []struct {
		name string
		url  string
	}{
		{"room full", url + "?room=" + in.Room + "&role=guest"},
		{"bad room id", url + "?room=short&role=guest"},
		{"bad role", url + "?room=" + in.Room + "&role=king"},
		{"host without token", url + "?room=" + in.Room + "&role=host"},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			_, resp, err := websocket.Dial(context.Background(), tc.url, nil)
			if err == nil {
				t.Fatal("connected")
			}
			if resp == nil || resp.StatusCode < 400 {
				t.Fatalf("want an HTTP refusal, got %v", resp)
			}
		})
	}
}

// TestMisbehavingClientsCutOff checks that each kind of abuse cuts off that client only, while
// another room keeps working.
func TestMisbehavingClientsCutOff(t *testing.T) {
	_, url := newServer(t, Config{MaxFrame: 4096, Rate: 5, Burst: 10})
	calm := testInvite(t, 5)
	ch := connect(t, url, calm, signal.RoleHost)
	cg := connect(t, url, calm, signal.RoleGuest)
	recv(t, ch)
	recv(t, cg)

	cases := []struct {
		name  string
		abuse func(c *signal.Client, raw *websocket.Conn)
		want  websocket.StatusCode
	}{
		{"oversized frame", func(c *signal.Client, _ *websocket.Conn) {
			c.Send(context.Background(), signal.Frame{Type: signal.FrameData, Payload: make([]byte, 5000)})
		}, websocket.StatusMessageTooBig},
		{"flood", func(c *signal.Client, _ *websocket.Conn) {
			for i := 0; i < 50; i++ {
				if c.Send(context.Background(), signal.Frame{Type: signal.FrameData, Payload: []byte("x")}) != nil {
					return
				}
			}
		}, websocket.StatusPolicyViolation},
		{"not a frame", func(_ *signal.Client, raw *websocket.Conn) {
			raw.Write(context.Background(), websocket.MessageBinary, []byte{9, 9})
		}, websocket.StatusPolicyViolation},
		{"control frame type from client", func(c *signal.Client, _ *websocket.Conn) {
			c.Send(context.Background(), signal.Frame{Type: signal.FrameJoin, Peer: 1})
		}, websocket.StatusPolicyViolation},
		{"text message", func(_ *signal.Client, raw *websocket.Conn) {
			raw.Write(context.Background(), websocket.MessageText, []byte("hello"))
		}, websocket.StatusUnsupportedData},
	}
	for i, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			in := testInvite(t, 100+uint64(i))
			bad := connect(t, url, in, signal.RoleGuest)
			raw, _, err := websocket.Dial(context.Background(), url+"?room="+in.Room+"&role=guest", nil)
			if err != nil {
				t.Fatal(err)
			}
			defer raw.CloseNow()
			tc.abuse(bad, raw)
			if tc.name == "not a frame" || tc.name == "text message" {
				_, _, err := raw.Read(context.Background())
				if got := websocket.CloseStatus(err); got != tc.want {
					t.Fatalf("closed with %v, want %v", got, tc.want)
				}
			} else if got := closedWith(t, bad); got != tc.want {
				t.Fatalf("closed with %v, want %v", got, tc.want)
			}
			// The calm room is unaffected.
			send(t, cg, signal.Frame{Type: signal.FrameData, Payload: []byte(tc.name)})
			if f := recv(t, ch); string(f.Payload) != tc.name {
				t.Fatalf("calm room got %+v", f)
			}
		})
	}
}

func TestMailboxBounded(t *testing.T) {
	rl, url := newServer(t, Config{Mailbox: 3, Rate: 1000, Burst: 1000})
	in := testInvite(t, 7)
	g := connect(t, url, in, signal.RoleGuest)
	for i := 0; i < 10; i++ {
		send(t, g, signal.Frame{Type: signal.FrameData, Payload: []byte(fmt.Sprint(i))})
	}
	waitRouted(t, rl, 10) // ten one-byte payloads, all filed before the host arrives
	h := connect(t, url, in, signal.RoleHost)
	recv(t, h) // join
	for _, want := range []string{"7", "8", "9"} {
		if f := recv(t, h); string(f.Payload) != want {
			t.Fatalf("mailbox frame %q, want %q (newest kept)", f.Payload, want)
		}
	}
}

func TestRelayNeverAnswersPlainHTTP(t *testing.T) {
	rl := NewRelay(Config{})
	defer rl.Close()
	in := testInvite(t, 8)
	rec := httptest.NewRecorder()
	rl.ServeHTTP(rec, httptest.NewRequest("GET", "/signal?room="+in.Room+"&role=guest", nil))
	if rec.Code != http.StatusBadRequest && rec.Code != http.StatusUpgradeRequired {
		t.Fatalf("plain GET answered %d", rec.Code)
	}
}
