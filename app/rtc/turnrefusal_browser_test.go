//go:build js && browser

package rtc

import (
	"context"
	"errors"
	"os"
	"strings"
	"syscall/js"
	"testing"
	"time"
)

// TestTURNRefusedBrowser: guests told to use relay candidates only, against a real pion/turn
// server the test runner started (app/e2e TestRTCInChromium: RTC_TURN_URL, with the table's
// right credentials and ones minted under another secret). Given the wrong credentials the
// server refuses the browser's Allocate (pion/turn answers a bad message integrity with 400,
// coturn with 401), which only the page's icecandidateerror event tells; no path opens, and the
// error says TURN refused us (TURNRefused, so the person reads conn.no_path_turn), naming the
// server and its error code. With the right credentials the same server
// carries the link (the refusal was the credentials, not the server). With no TURN server at
// all (a STUN server that never answers) no path opens and TURN is not blamed.
func TestTURNRefusedBrowser(t *testing.T) {
	if js.Global().Get("RTCPeerConnection").IsUndefined() {
		t.Skip("no RTCPeerConnection here (Node): run in a browser (app/e2e TestRTCInChromium)")
	}
	url, user, pass, bad := os.Getenv("RTC_TURN_URL"), os.Getenv("RTC_TURN_USER"), os.Getenv("RTC_TURN_PASS"), os.Getenv("RTC_TURN_BADPASS")
	if url == "" || user == "" || pass == "" || bad == "" {
		t.Skip("no TURN server named (RTC_TURN_*): run from app/e2e TestRTCInChromium")
	}
	turnWith := func(pw string) Config {
		return Config{Servers: []ICEServer{{URLs: []string{url}, Username: user, Credential: pw}}, RelayOnly: true}
	}
	for _, tc := range []struct {
		name         string
		guest        Config
		open, refuse bool
	}{
		{"right credentials", turnWith(pass), true, false},
		{"wrong credentials", turnWith(bad), false, true},
		{"no TURN server", Config{Servers: slowGathering().Servers, RelayOnly: true}, false, false},
	} {
		t.Run(tc.name, func(t *testing.T) {
			ctx, cancel := context.WithTimeout(context.Background(), 90*time.Second)
			defer cancel()
			g, h, toHost := linkedPipes()
			hostDone := make(chan *Conn, 1)
			go func() {
				m := <-toHost
				c, _ := answer(ctx, turnWith(pass), h, m.SDP)
				hostDone <- c
			}()
			c, err := offer(ctx, tc.guest, g, "guest")
			if err == nil {
				path := c.Path()
				c.Close()
				if !tc.open {
					t.Fatal("a guest with no usable TURN server connected")
				}
				t.Logf("connected through TURN (%s)", path)
			} else {
				if tc.open {
					t.Fatalf("the right credentials opened no path: %v", err)
				}
				if !errors.Is(err, ErrNoPath) {
					t.Fatalf("got %v, want ErrNoPath", err)
				}
				if TURNRefused(err) != tc.refuse {
					t.Fatalf("TURNRefused = %v for %v", !tc.refuse, err)
				}
				if tc.refuse && !strings.Contains(err.Error(), url+" refused us (4") {
					t.Fatalf("the error does not name the server and its 4xx answer: %v", err)
				}
				t.Logf("%v", err)
			}
			cancel()
			if hc := <-hostDone; hc != nil {
				hc.Close()
			}
		})
	}
}
