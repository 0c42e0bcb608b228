//go:build !wasm

// Joining through public transports: real mosquitto and a real Nostr relay (see signaltest).

package session

import (
	"errors"
	"fmt"
	"slices"
	"strings"
	"testing"
	"time"

	"miskatonic/app/rtc"
	"miskatonic/app/signal"
	_ "miskatonic/app/signal/mqtt"
	_ "miskatonic/app/signal/nostr"
	"miskatonic/app/signal/signaltest"
)

// TestInviteToSeatedPerTransport: invite link → seated at the table, ten joins through each
// transport alone, and through a broker that drops, doubles, reorders and replays (which may
// only cost time). Prints the p50 per transport (the figure for the issue note).
func TestInviteToSeatedPerTransport(t *testing.T) {
	mq, ns := signaltest.Mosquitto(t), signaltest.Nostr(t)
	mqc, mqChaos := signaltest.ChaosProxy(t, mq)
	nsc, nsChaos := signaltest.ChaosProxy(t, ns)
	relayNet := testNet(t)
	cases := []struct{ name, spec string }{
		{"relay", relayNet.RelayURL},
		{"mqtt", "mqtt:" + mq},
		{"nostr", "nostr:" + ns},
		{"mqtt through chaos", "mqtt:" + mqc},
		{"nostr through chaos", "nostr:" + nsc},
		{"all at once, two dead", "mqtt:ws://127.0.0.1:1/mqtt,nostr:ws://127.0.0.1:1,mqtt:" + mq + ",nostr:" + ns},
	}
	const joins = 10
	var figures []string
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			n := Net{Origin: "http://miskatonic.test", RelayURL: tc.spec, RTC: rtc.LoopbackConfig()}
			var took []time.Duration
			for i := range joins {
				host, err := StartHost(&MemStore{}, HostConfig{Name: "Ann", Game: "arkham", Net: n})
				if err != nil {
					t.Fatal(err)
				}
				start := time.Now()
				g, err := Join(&MemStore{}, JoinConfig{Name: fmt.Sprint("guest", i), Link: host.Snapshot().Invite, Net: n, Timeout: 20 * time.Second})
				if err != nil {
					host.Forget()
					t.Fatalf("join %d: %v", i, err)
				}
				took = append(took, time.Since(start))
				if seat := g.guest.State().Seat; seat < 0 {
					t.Fatalf("join %d: not seated", i)
				}
				g.Forget()
				host.Forget()
			}
			slices.Sort(took)
			f := fmt.Sprintf("%s: invite → seated p50 %v (min %v, max %v) over %d joins", tc.name,
				took[len(took)/2].Round(time.Millisecond), took[0].Round(time.Millisecond), took[len(took)-1].Round(time.Millisecond), joins)
			figures = append(figures, f)
			t.Log(f)
		})
	}
	if mqChaos.Dropped == 0 || nsChaos.Dropped == 0 || mqChaos.Reordered == 0 || nsChaos.Replays == 0 {
		t.Fatal("the chaos proxies did nothing")
	}
	t.Logf("FIGURE\n%s\nchaos (dropped/doubled/reordered/replayed): mqtt %d/%d/%d/%d, nostr %d/%d/%d/%d", strings.Join(figures, "\n"),
		mqChaos.Dropped, mqChaos.Doubled, mqChaos.Reordered, mqChaos.Replays, nsChaos.Dropped, nsChaos.Doubled, nsChaos.Reordered, nsChaos.Replays)
}

// TestJoinWithNoTransportUp: when nothing answers, the guest hears so within seconds, with the
// transports tried named and the usual unreachable problem (whose screen offers the code).
func TestJoinWithNoTransportUp(t *testing.T) {
	old := signal.AnswerWait
	signal.AnswerWait = time.Second
	defer func() { signal.AnswerWait = old }()
	live := "nostr:" + signaltest.Nostr(t)
	for _, tc := range []struct{ spec, want string }{
		{"mqtt:ws://127.0.0.1:1/mqtt,nostr:ws://127.0.0.1:1", ProblemAllDown}, // nothing there
		{live, ProblemUnreachable}, // a relay that works, but no host listening on it
	} {
		spec := tc.spec
		n := Net{Origin: "http://miskatonic.test", RelayURL: spec, RTC: rtc.LoopbackConfig()}
		in, err := signal.NewInvite()
		if err != nil {
			t.Fatal(err)
		}
		start := time.Now()
		_, err = Join(&MemStore{}, JoinConfig{Name: "Bea", Link: in.Guest().Link(n.Origin), Net: n})
		var je *JoinError
		if !errors.As(err, &je) || je.Problem != tc.want {
			t.Fatalf("%s: err = %v, want %s", spec, err, tc.want)
		}
		if d := time.Since(start); d > signal.ConnectWait+signal.AnswerWait+2*time.Second {
			t.Fatalf("%s: the guest waited %v", spec, d)
		}
		eps, _ := signal.ParseEndpoints(spec)
		if len(je.Tried) != len(eps) || je.Tried[0] != eps[0].String() {
			t.Fatalf("%s: tried %v", spec, je.Tried)
		}
	}
}
