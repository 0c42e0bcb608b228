//go:build !wasm

package rtc_test

import (
	"testing"

	"miskatonic/app/rtc"
	_ "miskatonic/app/signal/mqtt"
	_ "miskatonic/app/signal/nostr"
	"miskatonic/app/signal/signaltest"
)

// TestArkhamOverRelayedPath: whole Arkham games (six guests, one dropping and redialling
// mid-game) whose links all go over the relayed path — the frames travel through our relay, a
// real mosquitto and a real Nostr relay, sealed under each link's own key — and every seat
// still verifies every deal. The guests skip the direct path (SkipDirect); natlab's matrix
// (app/natlab) reaches the relayed path by real failure.
func TestArkhamOverRelayedPath(t *testing.T) {
	relayed := rtc.LoopbackConfig()
	relayed.SkipDirect = true
	mq := signaltest.Mosquitto(t)
	for _, s := range []struct{ name, spec string }{
		{"relay", ""},
		{"mqtt", "mqtt:" + mq},
		{"nostr", "nostr:" + signaltest.Nostr(t)},
	} {
		t.Run(s.name, func(t *testing.T) {
			res := playArkhamWith(t, 11, 20, s.spec, relayed)
			if res.redials < 1 {
				t.Fatal("the dropped guest never redialed")
			}
			t.Logf("relayed over %s: move → all 7 views p50 %v, p99 %v; redials %d", s.name,
				percentile(res.latencies, 0.5), percentile(res.latencies, 0.99), res.redials)
		})
	}
}
