//go:build !wasm

package session

import (
	"slices"
	"testing"
	"time"

	"miskatonic/engine"
)

// TestAwayByPerson: Ring of Shadows over real WebRTC links. Bea holds two characters (two links,
// her second seat's key vouched for by her first's) and Cy one; both pages close at the same
// moment. The host's page is told the seats by person: when the deadline runs out, one choice
// for one of Bea's seats seats a stand-in in both of hers and none in Cy's — Cy is a choice of
// his own, though his tab went at the same moment (once, anything within 2 s was one person).
func TestAwayByPerson(t *testing.T) {
	n := testNet(t)
	hs := &MemStore{}
	hs.Set(keyTurnTimeout, "300") // the deadline's length is not what is tested here
	host, err := StartHost(hs, HostConfig{Name: "Ann", Game: "shadows", Net: n})
	if err != nil {
		t.Fatal(err)
	}
	defer host.Forget()
	bea, err := Join(&MemStore{}, JoinConfig{Name: "Bea", Link: host.Snapshot().Invite, Net: n})
	if err != nil {
		t.Fatal(err)
	}
	if err := bea.AddHand(); err != nil {
		t.Fatal(err)
	}
	cy, err := Join(&MemStore{}, JoinConfig{Name: "Cy", Link: host.Snapshot().Invite, Net: n})
	if err != nil {
		t.Fatal(err)
	}
	var startErr error
	for end := time.Now().Add(time.Minute); time.Now().Before(end); time.Sleep(20 * time.Millisecond) {
		if startErr = host.Start(); startErr == nil {
			break
		}
	}
	if startErr != nil {
		t.Fatal(startErr)
	}
	beas, cys := bea.Seats(), cy.Seats()
	if len(beas) != 2 || len(cys) != 1 {
		t.Fatalf("Bea holds %v, Cy %v", beas, cys)
	}
	bea.Close() // both of her links at once
	cy.Close()

	// The host plays its own character until the deadline for someone has run out.
	var away Snapshot
	for end := time.Now().Add(2 * time.Minute); ; time.Sleep(2 * time.Millisecond) {
		snap := host.Snapshot()
		if snap.Away != nil && snap.Away.Expired {
			away = snap
			break
		}
		if snap.Status.Over || time.Now().After(end) {
			t.Fatalf("the table never waited past the deadline for the two who left (seq %d, over %v)", snap.Seq, snap.Status.Over)
		}
		if snap.HasView && !snap.Waiting && len(snap.Legal) > 0 {
			_ = host.Move(snap.Legal[len(snap.Legal)-1])
		}
	}
	for i, p := range away.Away.Persons() {
		if len(p) > 1 && !subset(p, beas) {
			t.Fatalf("person %d of %+v holds seats %v: Bea holds %v, Cy %v", i, away.Away, p, beas, cys)
		}
	}
	t.Logf("away past the deadline: seats %v, people %v (Bea %v, Cy %v)", away.Away.Seats, away.Away.People, beas, cys)
	first := away.Away.Seats[0]
	if err := host.StandIn(first); err != nil {
		t.Fatal(err)
	}
	for end := time.Now().Add(time.Minute); ; time.Sleep(5 * time.Millisecond) {
		stood := map[engine.Seat]bool{}
		for _, s := range host.Snapshot().Lobby.Seats {
			stood[s.Seat] = s.StandIn
		}
		mine, other := beas, cys
		if slices.Contains(cys, first) {
			mine, other = cys, beas
		}
		done := true
		for _, s := range mine {
			done = done && stood[s]
		}
		for _, s := range other {
			if stood[s] {
				t.Fatalf("the choice for seat %d seated a stand-in for seat %d too: another person (Bea %v, Cy %v)", first, s, beas, cys)
			}
		}
		if done {
			break
		}
		if time.Now().After(end) {
			t.Fatalf("after the one choice for seat %d, stand-ins in %v: want every seat of its person's (Bea %v, Cy %v)", first, stood, beas, cys)
		}
	}
}

// subset reports whether every one of a is in b.
func subset(a, b []engine.Seat) bool {
	for _, s := range a {
		if !slices.Contains(b, s) {
			return false
		}
	}
	return true
}
