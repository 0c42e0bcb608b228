//go:build !wasm

package session

import (
	"testing"

	"miskatonic/app/rtc"
)

// TestJoinAfterRelayedPeekGoesRelayed: when the invite page's peek found no network path and
// went relayed, the join that follows asks for the relayed path at once instead of waiting for
// a network path again. (The peek here skips the direct path; the join's own settings would
// take the direct path on loopback, so a relayed join is the peek's doing.)
func TestJoinAfterRelayedPeekGoesRelayed(t *testing.T) {
	n := testNet(t)
	host, err := StartHost(&MemStore{}, HostConfig{Name: "Ann", Game: "highcard", Net: n})
	if err != nil {
		t.Fatal(err)
	}
	defer host.Forget()
	link := host.Snapshot().Invite
	relayed := n
	relayed.RTC.SkipDirect = true
	pk, err := PeekTable(link, relayed)
	if err != nil {
		t.Fatal(err)
	}
	if p := pk.raw.Path(); p != rtc.PathRelayed {
		t.Fatalf("the peek went %s", p)
	}
	g, err := Join(&MemStore{}, JoinConfig{Name: "Bea", Link: link, Net: n})
	if err != nil {
		t.Fatal(err)
	}
	defer g.Forget()
	if p := g.Path(); p != rtc.PathRelayed {
		t.Fatalf("after a relayed peek the join went %s", p)
	}
	// Without a relayed peek before it, the same settings join directly.
	g2, err := Join(&MemStore{}, JoinConfig{Name: "Cy", Link: link, Net: n})
	if err != nil {
		t.Fatal(err)
	}
	defer g2.Forget()
	if p := g2.Path(); p != rtc.PathDirect {
		t.Fatalf("with no peek the join went %s", p)
	}
}
