//go:build !wasm

package rtc

import (
	"context"
	"errors"
	"net/http"
	"net/http/httptest"
	"strings"
	"testing"
	"time"
)

// TestNoPathSaysTURNRefused: a guest on a network that lets nothing through but TURN
// (RelayOnly) asks this site's credentials endpoint for its TURN servers and is refused (429, as
// a TURN quota answers) — or gets no answer at all. No path opens, and the error says the TURN
// servers were not to be had (TURNRefused), so the person is told that, not only that no path
// opened. A guest that asked for no TURN server is told only that no path opened.
func TestNoPathSaysTURNRefused(t *testing.T) {
	refusing := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		http.Error(w, "quota exceeded for this room", http.StatusTooManyRequests)
	}))
	defer refusing.Close()
	silent := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		<-r.Context().Done() // never answers; the guest's CredentialsWait gives up
	}))
	defer silent.Close()
	url := startRelay(t)
	for i, tc := range []struct {
		name, creds string
		turn        bool
	}{
		{"endpoint refuses", refusing.URL + RelayCredentialsPath, true},
		{"endpoint silent", silent.URL + RelayCredentialsPath, true},
		{"no TURN asked for", "", false},
	} {
		t.Run(tc.name, func(t *testing.T) {
			ctx, cancel := context.WithTimeout(context.Background(), 90*time.Second)
			defer cancel()
			inv := seededInvite(t, byte(60+i))
			h, err := Listen(ctx, url, inv, LoopbackConfig())
			if err != nil {
				t.Fatal(err)
			}
			defer h.Close()
			go func() {
				for j := range h.Joiners() {
					if c, err := j.Accept(ctx); err == nil {
						c.Close()
					}
				}
			}()
			cfg := Config{Credentials: tc.creds, RelayOnly: true, Loopback: true, NoRelayed: true}
			c, err := Dial(ctx, url, inv.Guest(), "Ada", cfg)
			if err == nil {
				c.Close()
				t.Fatal("a guest with no candidate connected")
			}
			if !errors.Is(err, ErrNoPath) {
				t.Fatalf("got %v, want ErrNoPath", err)
			}
			if TURNRefused(err) != tc.turn {
				t.Fatalf("TURNRefused = %v for %v", !tc.turn, err)
			}
			if tc.turn && !strings.Contains(err.Error(), "TURN") {
				t.Fatalf("the error does not name TURN: %v", err)
			}
			t.Logf("%v", err)
		})
	}
}
