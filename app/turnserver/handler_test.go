//go:build !wasm

package turnserver_test

import (
	"context"
	"encoding/json"
	"io"
	"net/http"
	"net/http/httptest"
	"strings"
	"testing"
	"time"

	"miskatonic/app/relay"
	"miskatonic/app/rtc"
	"miskatonic/app/signal"
	"miskatonic/app/turnserver"
)

func get(t *testing.T, url, origin string) (*http.Response, []byte) {
	t.Helper()
	req, _ := http.NewRequest(http.MethodGet, url, nil)
	if origin != "" {
		req.Header.Set("Origin", origin)
	}
	resp, err := http.DefaultClient.Do(req)
	if err != nil {
		t.Fatal(err)
	}
	defer resp.Body.Close()
	b, _ := io.ReadAll(resp.Body)
	return resp, b
}

// TestCredentialsEndpoint: credentials only for a room the relay has open, only to the site's
// own pages and the origins named, a few a minute per address; what it hands out allocates,
// and names the room and an expiry TTL ahead.
func TestCredentialsEndpoint(t *testing.T) {
	clk := newClock()
	cfg := turnserver.LoopbackConfig()
	cfg.TCP, cfg.Now, cfg.MintsPerMinute = "", clk.Now, 3
	cfg.RoomOpen = func(room string) bool { return room == "openRoom" }
	cfg.Origins = []string{"*.netlify.app"}
	srv := start(t, cfg)
	web := httptest.NewServer(srv)
	defer web.Close()
	url := func(room string) string { return rtc.CredentialsURL(web.URL, room) }

	cases := []struct {
		name, url, origin string
		status            int
	}{
		{"room not open here", url("closedRoom"), "", http.StatusForbidden},
		{"no room", url(""), "", http.StatusBadRequest},
		{"not a room id", url("../etc"), "", http.StatusBadRequest},
		{"another service", web.URL + "?service=stun&username=openRoom", "", http.StatusBadRequest},
		{"a foreign site's page", url("openRoom"), "https://evil.example", http.StatusForbidden},
		{"our own pages", url("openRoom"), "", http.StatusOK},
		{"a named origin", url("openRoom"), "https://miskatonic.netlify.app", http.StatusOK},
		{"the site's own host", url("openRoom"), "http://" + strings.TrimPrefix(web.URL, "http://"), http.StatusOK},
		{"past the per-address rate", url("openRoom"), "", http.StatusTooManyRequests},
	}
	var creds rtc.TURNCredentials
	for _, tc := range cases {
		resp, body := get(t, tc.url, tc.origin)
		if resp.StatusCode != tc.status {
			t.Fatalf("%s: status %d (%s), want %d", tc.name, resp.StatusCode, body, tc.status)
		}
		if resp.Header.Get("Cache-Control") != "no-store" {
			t.Errorf("%s: credentials may be cached", tc.name)
		}
		if tc.status != http.StatusOK {
			continue
		}
		if tc.origin != "" && resp.Header.Get("Access-Control-Allow-Origin") != tc.origin {
			t.Errorf("%s: no CORS answer for %s", tc.name, tc.origin)
		}
		c, err := rtc.ParseTURNCredentials(body)
		if err != nil {
			t.Fatalf("%s: %v", tc.name, err)
		}
		creds = c
	}
	expiry, room, err := turnserver.ParseUsername(creds.Username)
	if err != nil || room != "openRoom" || expiry.Unix() != clk.Now().Add(6*time.Hour).Unix() || creds.TTL != 6*3600 {
		t.Fatalf("credentials %+v: expiry %v room %q err %v", creds, expiry, room, err)
	}
	mustAllocate(t, udpAddr(t, srv), creds.Username, creds.Password)
	clk.Add(time.Minute) // the rate refills
	if resp, _ := get(t, url("openRoom"), ""); resp.StatusCode != http.StatusOK {
		t.Fatalf("after a minute: %d", resp.StatusCode)
	}
	if n := srv.Stats().CredentialsMade; n != 4 {
		t.Fatalf("%d credentials counted, want 4", n)
	}
}

// TestLinkThroughRelayTURN is the deployment's whole path with real parts: our signaling relay
// and TURN server behind one HTTP server (as `serve -turn` mounts them), a host and a guest
// that may use relay candidates only, each asking /turn for its table's credentials, set up
// through the relay and talking through TURN.
func TestLinkThroughRelayTURN(t *testing.T) {
	rl := relay.NewRelay(relay.Config{})
	defer rl.Close()
	cfg := turnserver.LoopbackConfig()
	cfg.RoomOpen = rl.Hosted
	srv := start(t, cfg)
	mux := http.NewServeMux()
	mux.Handle("/signal", rl)
	mux.Handle(rtc.RelayCredentialsPath, srv)
	web := httptest.NewServer(mux)
	defer web.Close()
	wsURL := "ws" + strings.TrimPrefix(web.URL, "http") + "/signal"
	ice := rtc.Config{Credentials: web.URL + rtc.RelayCredentialsPath, RelayOnly: true, Loopback: true}

	inv, err := signal.NewInvite()
	if err != nil {
		t.Fatal(err)
	}
	// Before the host is there, the room is not open: no credentials for it.
	if _, err := rtc.FetchTURN(context.Background(), ice.Credentials, inv.Room); err == nil {
		t.Fatal("credentials for a room nobody hosts")
	}
	ctx, cancel := context.WithTimeout(context.Background(), 30*time.Second)
	defer cancel()
	h, err := rtc.Listen(ctx, wsURL, inv, ice)
	if err != nil {
		t.Fatal(err)
	}
	defer h.Close()
	hostConn := make(chan *rtc.Conn, 1)
	go func() {
		for j := range h.Joiners() {
			c, err := j.Accept(ctx)
			if err != nil {
				t.Errorf("accept: %v", err)
				return
			}
			hostConn <- c
		}
	}()
	g, err := rtc.Dial(ctx, wsURL, inv.Guest(), "Ada", ice)
	if err != nil {
		t.Fatalf("dial: %v (TURN %+v)", err, srv.Stats())
	}
	defer g.Close()
	hc := <-hostConn
	defer hc.Close()
	if err := g.Send([]byte(`{"move":"draw"}`)); err != nil {
		t.Fatal(err)
	}
	if f, err := hc.Recv(); err != nil || string(f) != `{"move":"draw"}` {
		t.Fatalf("host got %q %v", f, err)
	}
	st := srv.Stats()
	if st.RelayedBytes == 0 || st.CredentialsMade == 0 || st.Rooms != 1 {
		t.Fatalf("the link did not go through TURN for its room: %+v", st)
	}
	b, _ := json.Marshal(st)
	t.Logf("TURN after one relayed link: %s", b)
}
