//go:build browser

package e2e

import (
	"path/filepath"
	"strings"
	"testing"
	"time"

	"miskatonic/app"
	"miskatonic/app/signal/signaltest"
)

// TestInviteOverPublicTransportOnly: the static site, built to signal through one public
// transport alone (a real mosquitto over WebSocket; a real Nostr relay) and served by a plain
// file server with no relay anywhere, takes a guest from the invite link to a seat. A build
// whose transports are all down tells the guest, within seconds, what it tried and offers the
// offline code.
func TestInviteOverPublicTransportOnly(t *testing.T) {
	cases := []struct{ name, spec string }{
		{"mqtt only", "mqtt:" + signaltest.Mosquitto(t)},
		{"nostr only", "nostr:" + signaltest.Nostr(t)},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			srv := staticSite(t, tc.spec)
			host := NewBrowser(t, "host", Laptop)
			guest := NewBrowser(t, "guest", Phone)
			link := hostTable(t, host, srv.URL, "Ann")
			total, afterClick := joinTable(t, guest, link, "Bea")
			host.WaitText("#lobby .lobby-seats h2", "2 of 7")
			t.Logf("FIGURE %s: link opened → seated %v (join clicked → seated %v)", tc.name, total, afterClick)
		})
	}
	t.Run("nothing answers", func(t *testing.T) {
		dead := "mqtt:ws://127.0.0.1:1/mqtt,nostr:ws://127.0.0.1:1"
		srv := staticSite(t, dead)
		host := NewBrowser(t, "host", Laptop)
		// The host cannot open a room either; make the link by hand on the same site.
		host.Open(srv.URL + "/")
		host.WaitApp()
		guest := NewBrowser(t, "guest", Phone)
		link := srv.URL + "/#/join/AAAAAAAAAAAA.AAAAAAAAAAAAAAAAAAAAAA.AAAAAAAAAAAAAAAA"
		guest.Open(link)
		guest.WaitApp()
		guest.WaitVisible("#join")
		typeInto(guest, "#player-name", "Bea")
		start := time.Now()
		guest.ClickJoin()
		guest.WaitVisible("#join-tried")
		took := time.Since(start)
		text := guest.Text("#join-tried")
		for _, want := range []string{"mqtt:ws://127.0.0.1:1/mqtt", "nostr:ws://127.0.0.1:1"} {
			if !strings.Contains(text, want) {
				t.Fatalf("the guest is not told %q was tried: %q", want, text)
			}
		}
		guest.WaitVisible("#code-join-instead")
		if took > 15*time.Second {
			t.Fatalf("the guest waited %v to hear that nothing answered", took)
		}
		t.Logf("nothing answered: told after %v: %q", took, text)
	})
}

// staticSite writes the static build for spec and serves it with a plain file server.
func staticSite(t *testing.T, spec string) *Server {
	t.Helper()
	dist := filepath.Join(t.TempDir(), "dist")
	if _, err := app.WriteStatic(dist, app.Config{WebDir: WebDir(t), RelayURL: spec}); err != nil {
		t.Fatal(err)
	}
	return StartDir(t, dist)
}
