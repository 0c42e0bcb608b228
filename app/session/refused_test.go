//go:build !wasm

package session

import (
	"errors"
	"testing"
	"time"

	"miskatonic/app/rtc"
	"miskatonic/app/signal"
	"miskatonic/app/signal/signaltest"
)

// TestJoinBrokersRefuse: a public relay that takes the guest's connection but refuses every
// event (a real khatru answering OK false, as a rate-limited one does), or a broker that admits
// only its members (a real mosquitto refusing at CONNACK), is told apart from a
// host that stays silent: when every transport refused or was out of reach the guest hears
// that the services refused (the host may be fine) with the transports tried named; when one
// carried the offer and heard nothing back, the host's silence is still what is said. Before,
// a refusal read as the host's silence: "the host may have closed it, or the network is down".
func TestJoinBrokersRefuse(t *testing.T) {
	old := signal.AnswerWait
	signal.AnswerWait = 2 * time.Second
	defer func() { signal.AnswerWait = old }()
	refusing := "nostr:" + signaltest.NostrRefusing(t, "rate-limited: slow down")
	members := "mqtt:" + signaltest.MosquittoMembersOnly(t)
	live := "nostr:" + signaltest.Nostr(t)
	for _, tc := range []struct{ name, spec, want string }{
		{"refused alone", refusing, ProblemBrokersRefused},
		{"refused beside one out of reach", refusing + ",mqtt:ws://127.0.0.1:1/mqtt", ProblemBrokersRefused},
		{"refused beside one that carries it (nobody hosts)", refusing + "," + live, ProblemUnreachable},
		{"an MQTT broker for its members only", members, ProblemBrokersRefused},
		{"members only beside one out of reach", members + ",nostr:ws://127.0.0.1:1", ProblemBrokersRefused},
	} {
		t.Run(tc.name, func(t *testing.T) {
			n := Net{Origin: "http://miskatonic.test", RelayURL: tc.spec, RTC: rtc.LoopbackConfig()}
			in, err := signal.NewInvite()
			if err != nil {
				t.Fatal(err)
			}
			_, err = Join(&MemStore{}, JoinConfig{Name: "Bea", Link: in.Guest().Link(n.Origin), Net: n})
			var je *JoinError
			if !errors.As(err, &je) || je.Problem != tc.want {
				t.Fatalf("err = %v, want %s", err, tc.want)
			}
			// The list comes with "none of them answered": not beside words saying they refused.
			eps, _ := signal.ParseEndpoints(tc.spec)
			if want := len(eps); tc.want == ProblemBrokersRefused && len(je.Tried) != 0 || tc.want != ProblemBrokersRefused && len(je.Tried) != want {
				t.Fatalf("tried %v for %s", je.Tried, tc.want)
			}
		})
	}
}
