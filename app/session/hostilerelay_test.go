//go:build !wasm

package session

import (
	"fmt"
	"testing"
	"time"

	"miskatonic/app/rtc"
	"miskatonic/app/signal/signaltest"
)

// TestHostileRelayBeside (issue 23, item 9): the host and its guests use two public Nostr
// relays; one is hostile: it drops every answer the host publishes and forges a leave for every
// guest peer id it carries. One honest relay must be enough: each of three guests joins and is
// seated, the host answering through every relay the guest reached it on and closing only the
// hostile relay's path on its forged leaves.
func TestHostileRelayBeside(t *testing.T) {
	honest := signaltest.Nostr(t)
	hostile, hs := signaltest.HostileNostr(t, signaltest.Nostr(t))
	n := Net{Origin: "http://miskatonic.test", RelayURL: "nostr:" + hostile + ",nostr:" + honest, RTC: rtc.LoopbackConfig()}
	host, err := StartHost(&MemStore{}, HostConfig{Name: "Ann", Game: "arkham", Net: n})
	if err != nil {
		t.Fatal(err)
	}
	defer host.Forget()
	for i := range 3 {
		g, err := Join(&MemStore{}, JoinConfig{Name: fmt.Sprint("guest", i), Link: host.Snapshot().Invite, Net: n, Timeout: 20 * time.Second})
		if err != nil {
			t.Fatalf("join %d through one hostile and one honest relay: %v", i, err)
		}
		if seat := int(g.guest.State().Seat); seat != i+1 {
			t.Fatalf("join %d: seat %d", i, seat)
		}
		defer g.Forget()
	}
	dropped, leaves := hs.Counts()
	if dropped == 0 || leaves == 0 {
		t.Fatalf("the hostile relay did nothing: %d answers dropped, %d leaves forged", dropped, leaves)
	}
	t.Logf("the hostile relay dropped %d answers and forged %d leaves", dropped, leaves)
}
