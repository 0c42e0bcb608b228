//go:build !wasm

package app

import (
	"net/http"
	"net/http/httptest"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// TestICEBakedIntoPages: the deployment's ICE set-up reaches the page (app.js's environment),
// the CSP lets the page fetch TURN credentials from a relay on another site, and `serve`
// answers /turn with the TURN server's handler.
func TestICEBakedIntoPages(t *testing.T) {
	web, _ := fakeWeb(t)
	ice := `{"servers":[{"urls":["stun:stun.example.org:3478"]}],"credentials":"https://relay.example.org/turn"}`
	t.Run("static", func(t *testing.T) {
		out := filepath.Join(t.TempDir(), "dist")
		if _, err := WriteStatic(out, Config{WebDir: web, RelayURL: "wss://relay.example.org/signal", ICE: ice}); err != nil {
			t.Fatal(err)
		}
		js, err := os.ReadFile(filepath.Join(out, "app.js"))
		if err != nil {
			t.Fatal(err)
		}
		if !strings.Contains(string(js), EnvRTC) || !strings.Contains(string(js), "stun.example.org") {
			t.Errorf("app.js does not carry the ICE set-up")
		}
		b, _ := os.ReadFile(filepath.Join(out, "_headers"))
		csp := parseNetlifyHeaders(string(b))["/*"]["Content-Security-Policy"]
		if !strings.Contains(csp, "connect-src 'self' wss://relay.example.org https://relay.example.org;") {
			t.Errorf("CSP does not let the page ask the relay for TURN credentials: %q", csp)
		}
	})
	t.Run("serve", func(t *testing.T) {
		RegisterRoutes()
		turn := http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) { w.Write([]byte("credentials")) })
		h, err := NewServer(Config{WebDir: web, ICE: `{"credentials":"/turn"}`, TURN: turn}, nil)
		if err != nil {
			t.Fatal(err)
		}
		srv := httptest.NewServer(h)
		defer srv.Close()
		resp, body := get(t, srv.URL+"/turn?service=turn&username=r")
		if string(body) != "credentials" {
			t.Fatalf("/turn answered %d %q", resp.StatusCode, body)
		}
		if csp := resp.Header.Get("Content-Security-Policy"); !strings.Contains(csp, "connect-src 'self';") {
			t.Errorf("a same-origin /turn needs nothing beyond 'self': %q", csp)
		}
		_, js := get(t, srv.URL+"/app.js")
		if !strings.Contains(string(js), EnvRTC) {
			t.Error("app.js does not carry the ICE set-up")
		}
	})
	if got := iceOrigins(`{"credentials":"javascript:alert(1)"}`); got != nil {
		t.Errorf("a non-http credentials URL widened the CSP: %v", got)
	}
	if got := iceOrigins(`not json`); got != nil {
		t.Errorf("garbage widened the CSP: %v", got)
	}
}
