//go:build !wasm

package rtc_test

import (
	"context"
	"errors"
	"strings"
	"testing"
	"time"

	"miskatonic/app/rtc"
	"miskatonic/app/signal"
	_ "miskatonic/app/signal/mqtt"
	_ "miskatonic/app/signal/nostr"
	"miskatonic/app/signal/signaltest"
)

// TestArkhamOverEachTransportAlone: whole Arkham games whose guests find the host through one
// public transport alone — a real mosquitto over WebSocket, a real Nostr relay — with no relay
// of ours anywhere; the second game of each has a guest drop and redial mid-game.
func TestArkhamOverEachTransportAlone(t *testing.T) {
	specs := []struct{ name, spec string }{
		{"mqtt", "mqtt:" + signaltest.Mosquitto(t)},
		{"nostr", "nostr:" + signaltest.Nostr(t)},
	}
	for _, s := range specs {
		for _, tc := range []struct {
			name      string
			seed      uint64
			dropAfter int
		}{{"clean game", 6, 0}, {"guest drops and redials", 7, 20}} {
			t.Run(s.name+"/"+tc.name, func(t *testing.T) {
				res := playArkhamVia(t, tc.seed, tc.dropAfter, s.spec)
				if tc.dropAfter > 0 && res.redials < 1 {
					t.Fatal("the dropped guest never redialed")
				}
				t.Logf("outcome %+v; move → all 7 views: p50 %v, p99 %v; redials %d",
					res.outcomes[0], percentile(res.latencies, 0.5), percentile(res.latencies, 0.99), res.redials)
			})
		}
	}
}

// TestGuestRefusesImpostorOnBus: on a public bus anyone who has the link (or who guesses the
// topic and copies sealed frames) can listen as "host" for the room. Host authentication holds
// there as at our relay: a guest refuses an impostor's answer, and gets in once the real host
// listens.
func TestGuestRefusesImpostorOnBus(t *testing.T) {
	for _, spec := range []string{"mqtt:" + signaltest.Mosquitto(t), "nostr:" + signaltest.Nostr(t)} {
		t.Run(strings.SplitN(spec, ":", 2)[0], func(t *testing.T) {
			in, err := signal.NewInvite()
			if err != nil {
				t.Fatal(err)
			}
			mallory, err := signal.NewInvite()
			if err != nil {
				t.Fatal(err)
			}
			mallory.Room, mallory.Secret = in.Room, in.Secret
			ctx, cancel := context.WithTimeout(context.Background(), 30*time.Second)
			defer cancel()
			imp, err := rtc.Listen(ctx, spec, mallory, rtc.LoopbackConfig())
			if err != nil {
				t.Fatal(err)
			}
			stolen := make(chan *rtc.Conn, 4)
			go func() {
				for j := range imp.Joiners() {
					go func(j *rtc.Joiner) {
						if c, err := j.Accept(ctx); err == nil {
							stolen <- c
						}
					}(j)
				}
			}()
			if _, err := rtc.Dial(ctx, spec, in.Guest(), "ada", rtc.LoopbackConfig()); !errors.Is(err, signal.ErrImpostor) {
				t.Fatalf("dial through an impostor: %v, want ErrImpostor", err)
			}
			select {
			case c := <-stolen:
				t.Fatalf("the impostor got a connection %p", c)
			case <-time.After(300 * time.Millisecond):
			}
			imp.Close()

			h, err := rtc.Listen(ctx, spec, in, rtc.LoopbackConfig())
			if err != nil {
				t.Fatal(err)
			}
			defer h.Close()
			go func() {
				for j := range h.Joiners() {
					go j.Accept(ctx)
				}
			}()
			c, err := rtc.Dial(ctx, spec, in.Guest(), "ada", rtc.LoopbackConfig())
			if err != nil {
				t.Fatalf("the real host: %v", err)
			}
			c.Close()
		})
	}
}
