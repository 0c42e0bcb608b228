//go:build !wasm

package rtc_test

import (
	"context"
	"math/rand/v2"
	"net/http"
	"net/http/httptest"
	"strings"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	"github.com/coder/websocket"

	"miskatonic/app/relay"
	"miskatonic/app/rtc"
)

// lossyRelay is a WebSocket forwarder in front of our relay that, once lossy is set, drops
// one message in every `every` on its way from the relay to a client (seeded): a broker that
// loses messages, as a public MQTT or Nostr relay may. Messages towards the relay pass intact,
// so each chunk is exposed to the loss once.
type lossyRelay struct {
	URL             string
	lossy           atomic.Bool
	passed, dropped atomic.Int64
	bytes           atomic.Int64 // delivered to clients while lossy
	mu              sync.Mutex
	rnd             *rand.Rand
	every           uint64
}

func newLossyRelay(t *testing.T, upstream string, seed uint64, every uint64) *lossyRelay {
	l := &lossyRelay{rnd: rand.New(rand.NewPCG(seed, 6)), every: every}
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		var protos []string
		for _, h := range r.Header.Values("Sec-WebSocket-Protocol") {
			for _, p := range strings.Split(h, ",") {
				protos = append(protos, strings.TrimSpace(p))
			}
		}
		ctx, cancel := context.WithCancel(context.Background())
		defer cancel()
		up, _, err := websocket.Dial(ctx, upstream+r.URL.RequestURI(), &websocket.DialOptions{Subprotocols: protos})
		if err != nil {
			http.Error(w, err.Error(), http.StatusBadGateway)
			return
		}
		defer up.CloseNow()
		down, err := websocket.Accept(w, r, &websocket.AcceptOptions{Subprotocols: []string{relay.Subprotocol}})
		if err != nil {
			return
		}
		defer down.CloseNow()
		up.SetReadLimit(1 << 20)
		down.SetReadLimit(1 << 20)
		go func() {
			defer cancel()
			for {
				typ, b, err := down.Read(ctx)
				if err != nil || up.Write(ctx, typ, b) != nil {
					return
				}
			}
		}()
		for {
			typ, b, err := up.Read(ctx)
			if err != nil {
				return
			}
			if l.drop() {
				continue
			}
			if l.lossy.Load() {
				l.bytes.Add(int64(len(b)))
			}
			if down.Write(ctx, typ, b) != nil {
				return
			}
		}
	}))
	t.Cleanup(srv.Close)
	l.URL = "ws" + strings.TrimPrefix(srv.URL, "http")
	return l
}

func (l *lossyRelay) drop() bool {
	if !l.lossy.Load() {
		l.passed.Add(1)
		return false
	}
	l.mu.Lock()
	d := l.rnd.Uint64N(l.every) == 0
	l.mu.Unlock()
	if d {
		l.dropped.Add(1)
	} else {
		l.passed.Add(1)
	}
	return d
}

// TestRelayedSurvivesLossyBroker (issue 22): a whole Arkham game (the host's seat and three
// guests) whose links all go over the relayed path through our relay, with a forwarder that
// loses one message in six from the moment the table is seated. Lost chunks are sent again
// (acknowledgements, retransmission): the game ends with every deal verified and no guest
// having to dial again. It prints the game's duration, the messages lost and the move latency.
func TestRelayedSurvivesLossyBroker(t *testing.T) {
	rl := relay.NewRelay(relay.Config{})
	srv := httptest.NewServer(rl)
	t.Cleanup(func() { srv.Close(); rl.Close() })
	lossy := newLossyRelay(t, "ws"+strings.TrimPrefix(srv.URL, "http"), 6, 6)
	cfg := rtc.LoopbackConfig()
	cfg.SkipDirect = true
	var began time.Time
	// The guests resend what the host has not acknowledged after a second, as in the app.
	res := playArkhamRun(t, arkhamRun{seed: 23, seats: 4, tick: time.Second, spec: lossy.URL, guestCfg: cfg, seated: func() {
		began = time.Now()
		lossy.lossy.Store(true)
	}})
	if res.redials != 0 {
		t.Errorf("%d guests had to dial again", res.redials)
	}
	if lossy.dropped.Load() == 0 {
		t.Fatal("the forwarder lost nothing: the test proves nothing")
	}
	game := time.Since(began)
	t.Logf("FIGURE relayed over a broker losing 1 message in 6: game over in %v, %d messages lost of %d, %.1f KiB/s delivered; move → all 4 views p50 %v p99 %v (%d moves)",
		game.Round(time.Millisecond), lossy.dropped.Load(), lossy.dropped.Load()+lossy.passed.Load(), float64(lossy.bytes.Load())/1024/game.Seconds(),
		percentile(res.latencies, 0.5), percentile(res.latencies, 0.99), len(res.latencies))
}
