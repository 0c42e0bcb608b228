//go:build !wasm

package rtc_test

import (
	"bytes"
	"context"
	"encoding/base64"
	"encoding/hex"
	"net/http/httptest"
	"strings"
	"testing"
	"time"

	"miskatonic/app/relay"
	"miskatonic/app/rtc"
	"miskatonic/app/signal"
	_ "miskatonic/app/signal/mqtt"
	_ "miskatonic/app/signal/nostr"
	"miskatonic/app/signal/signaltest"
)

// TestBrokersSeeOnlySealedBlobs (the hostile broker's test): a tap in front of our relay, a
// real mosquitto and a real Nostr relay keeps every byte each carries while a guest joins a
// host and the two swap game frames over the relayed path, the one where the game itself
// travels through the broker. Nothing the tap kept holds the invite's secret, the guest's name,
// a game frame's text or any piece of the connection set-up (SDP, ICE candidates), in the
// clear or inside any base64 or hex run; on the public buses not even the room id, only its
// hashed topic. The control: the tap did see the room's traffic (its topic, or at our relay the
// room it was asked for).
func TestBrokersSeeOnlySealedBlobs(t *testing.T) {
	rl := relay.NewRelay(relay.Config{})
	srv := httptest.NewServer(rl)
	defer srv.Close()
	defer rl.Close()
	ours := "ws" + strings.TrimPrefix(srv.URL, "http")
	for _, b := range []struct {
		name, scheme, upstream string
		public                 bool
	}{
		{"relay", "", ours, false},
		{"mqtt", "mqtt:", signaltest.Mosquitto(t), true},
		{"nostr", "nostr:", signaltest.Nostr(t), true},
	} {
		t.Run(b.name, func(t *testing.T) {
			addr, tap := signaltest.TapProxy(t, b.upstream)
			spec := b.scheme + addr
			in, err := signal.NewInvite()
			if err != nil {
				t.Fatal(err)
			}
			ctx, cancel := context.WithTimeout(context.Background(), time.Minute) // a hang's bound only
			defer cancel()
			h, err := rtc.Listen(ctx, spec, in, rtc.LoopbackConfig())
			if err != nil {
				t.Fatal(err)
			}
			defer h.Close()
			accepted := make(chan *rtc.Conn, 1)
			go func() {
				for j := range h.Joiners() {
					if c, err := j.Accept(ctx); err == nil {
						accepted <- c
					}
				}
			}()
			cfg := rtc.LoopbackConfig()
			cfg.SkipDirect = true // the game frames go through the broker too
			const name = "Zebedee Whateley"
			g, err := rtc.Dial(ctx, spec, in.Guest(), name, cfg)
			if err != nil {
				t.Fatal(err)
			}
			defer g.Close()
			var hc *rtc.Conn
			select {
			case hc = <-accepted:
			case <-ctx.Done():
				t.Fatal("the host never accepted the guest")
			}
			defer hc.Close()
			if g.Path() != rtc.PathRelayed || hc.Path() != rtc.PathRelayed {
				t.Fatalf("paths %v and %v, want the relayed path", g.Path(), hc.Path())
			}
			toHost, toGuest := "needle: the Elder Sign is in seat two's hand", "needle: Cthulhu faces seat three"
			if err := g.Send([]byte(toHost)); err != nil {
				t.Fatal(err)
			}
			if f, err := hc.Recv(); err != nil || string(f) != toHost {
				t.Fatalf("host got %q, %v", f, err)
			}
			if err := hc.Send([]byte(toGuest)); err != nil {
				t.Fatal(err)
			}
			if f, err := g.Recv(); err != nil || string(f) != toGuest {
				t.Fatalf("guest got %q, %v", f, err)
			}
			g.Close()
			hc.Close()

			secret, _ := base64.RawURLEncoding.DecodeString(in.Secret)
			needles := map[string][]byte{
				"the secret": []byte(in.Secret), "the secret's bytes": secret, "the guest's name": []byte(name),
				"a guest frame": []byte("Elder Sign"), "a host frame": []byte("Cthulhu faces"),
				"an SDP": []byte("v=0\r\n"), "a DTLS fingerprint": []byte("a=fingerprint"), "an ICE ufrag": []byte("ice-ufrag"),
				"an ICE candidate": []byte("typ host"),
			}
			if b.public {
				needles["the room id"] = []byte(in.Room)
			}
			kept := tap.Messages()
			control := []byte(signal.Topic(in.Room))
			if !b.public {
				control = []byte(in.Room)
			}
			saw := false
			for _, m := range kept {
				saw = saw || bytes.Contains(m, control)
				for what, n := range needles {
					if at := findHidden(m, n); at != "" {
						t.Fatalf("the broker saw %s (%s) in %.200q", what, at, m)
					}
				}
			}
			if !saw || len(kept) < 4 {
				t.Fatalf("the tap kept %d messages, none about the room: it proves nothing", len(kept))
			}
			t.Logf("%s carried %d messages; none holds any of %d needles", b.name, len(kept), len(needles))
		})
	}
}

// findHidden says where needle occurs in m: in the clear, or inside a base64 (either alphabet,
// any alignment) or hex run of m. "" means nowhere.
func findHidden(m, needle []byte) string {
	if bytes.Contains(m, needle) {
		return "in the clear"
	}
	isB64 := func(c byte) bool {
		return c >= 'A' && c <= 'Z' || c >= 'a' && c <= 'z' || c >= '0' && c <= '9' || c == '+' || c == '/' || c == '-' || c == '_'
	}
	for i := 0; i < len(m); {
		if !isB64(m[i]) {
			i++
			continue
		}
		j := i
		for j < len(m) && isB64(m[j]) {
			j++
		}
		run := m[i:j]
		i = j
		for off := 0; off < 4 && off < len(run); off++ {
			s := run[off:]
			s = s[:len(s)/4*4]
			std := strings.NewReplacer("-", "+", "_", "/").Replace(string(s))
			if d, err := base64.StdEncoding.DecodeString(std); err == nil && bytes.Contains(d, needle) {
				return "in base64"
			}
		}
		for off := 0; off < 2 && off < len(run); off++ {
			s := run[off:]
			s = s[:len(s)/2*2]
			if d, err := hex.DecodeString(string(s)); err == nil && bytes.Contains(d, needle) {
				return "in hex"
			}
		}
	}
	return ""
}
