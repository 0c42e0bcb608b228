package table

import (
	"testing"
	"time"

	"miskatonic/engine"
	"miskatonic/engine/fair/toy"
	"miskatonic/engine/wire"
)

// TestPersonClaimForged: a guest that claims to be one of another person's seats (so that one
// choice of the host would seat a stand-in for the victim with it, or the victim's absence run on
// its deadline) without that person's signature over its key is refused and seated nowhere: a
// claim signed by itself, and the victim's own claim for its real extra seat replayed by a guest
// holding another key. The victim's real extra seat is grouped with the victim.
func TestPersonClaimForged(t *testing.T) {
	defer checkNoLeak(t)()
	victim, hand, mallory := identity(1), identity(1001), identity(6)
	realClaim := victim.SignPerson(hand.Public())
	for _, c := range []struct {
		name      string
		person    []byte
		personSig []byte
	}{
		{"claim signed by the guest itself", victim.Public(), mallory.SignPerson(mallory.Public())},
		{"victim's claim for another key replayed", victim.Public(), realClaim},
		{"claim with an empty signature", victim.Public(), make([]byte, 64)},
	} {
		t.Run(c.name, func(t *testing.T) {
			h, err := NewHost(toy.Rules{}, HostConfig{Rand: newRand(1)})
			if err != nil {
				t.Fatal(err)
			}
			defer h.Close()
			seat := func(name string, cfg GuestConfig) *Guest {
				a, b := Pipe()
				h.AddGuest(a)
				cfg.Name, cfg.Rand, cfg.Rules, cfg.Tick = name, newRand(2), lookup, 10*time.Millisecond
				g, _ := NewGuest(b, cfg)
				return g
			}
			v := seat("victim", GuestConfig{Identity: victim})
			defer v.Close()
			m := seat("mallory", GuestConfig{Identity: mallory, Person: c.person, PersonSig: c.personSig})
			defer m.Close()
			vh := seat("victim-2", GuestConfig{Identity: hand, Person: victim.Public(), PersonSig: realClaim})
			defer vh.Close()
			deadline := time.Now().Add(30 * time.Second)
			for !v.State().Connected || !vh.State().Connected || m.State().Reject == nil {
				if time.Now().After(deadline) {
					t.Fatalf("victim %v, extra seat %v, mallory refused %+v", v.State().Connected, vh.State().Connected, m.State().Reject)
				}
				time.Sleep(time.Millisecond)
			}
			if r := m.State().Reject; r.Kind != wire.KindAuth {
				t.Fatalf("mallory refused with %+v, want %s", r, wire.KindAuth)
			}
			h.do(func() {
				if len(h.seats) != 2 {
					t.Fatalf("%d seats, want the victim's two: the forged claim took one", len(h.seats))
				}
				if got := h.people([]engine.Seat{0, 1}); got[1] != 0 {
					t.Errorf("the victim's real extra seat is person %d, want the victim's", got[1])
				}
			})
		})
	}
}
