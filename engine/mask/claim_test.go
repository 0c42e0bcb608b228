package mask

import (
	"crypto/ed25519"
	"errors"
	"slices"
	"testing"

	"miskatonic/engine"
)

// The Great Old One check: 4 seats; at event 30 seat 2 holds a GOO. Each claimer sees every
// card but its own. The round-end opening convicts a false claim, whichever way it lies.
func TestClaimsNameTheLiar(t *testing.T) {
	sc := Scope{Table: []byte("t"), Deal: 4}
	ids := map[engine.Seat]ed25519.PrivateKey{}
	for s := range engine.Seat(4) {
		seed := make([]byte, 32)
		seed[0] = byte(s + 1)
		ids[s] = ed25519.NewKeyFromSeed(seed)
	}
	gooHolders := []engine.Seat{2}
	truth := func(c Claim) []engine.Seat {
		var out []engine.Seat
		for _, h := range gooHolders {
			if h != c.Seat { // nobody sees their own card
				out = append(out, h)
			}
		}
		return out
	}
	sign := func(s engine.Seat, sees ...engine.Seat) Claim {
		c, err := SignClaim(ids[s], sc, Claim{Seat: s, Event: 30, Topic: "goo", Sees: sees})
		if err != nil {
			t.Fatal(err)
		}
		if err := VerifyClaim(ids[s].Public().(ed25519.PublicKey), sc, c); err != nil {
			t.Fatal(err)
		}
		return c
	}
	cases := []struct {
		name   string
		claims []Claim
		liars  []engine.Seat
	}{
		{"all honest", []Claim{sign(0, 2), sign(1, 2), sign(2), sign(3, 2)}, nil},
		{"false none", []Claim{sign(0, 2), sign(1), sign(2), sign(3, 2)}, []engine.Seat{1}},
		{"false accusation", []Claim{sign(0, 2, 3), sign(1, 2), sign(2), sign(3, 2)}, []engine.Seat{0}},
		{"holder claims to see its own", []Claim{sign(0, 2), sign(1, 2), sign(2, 2), sign(3, 2)}, []engine.Seat{2}},
		{"two liars", []Claim{sign(0), sign(1, 2), sign(2, 0), sign(3, 2)}, []engine.Seat{0, 2}},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			var got []engine.Seat
			for _, l := range CheckClaims(c.claims, truth) {
				got = append(got, l.Claim.Seat)
			}
			if !slices.Equal(got, c.liars) {
				t.Fatalf("liars %v, want %v", got, c.liars)
			}
		})
	}
	t.Run("claim altered after signing", func(t *testing.T) {
		c := sign(1)
		c.Sees = []engine.Seat{2}
		if err := VerifyClaim(ids[1].Public().(ed25519.PublicKey), sc, c); !errors.Is(err, ErrBadSignature) {
			t.Fatalf("got %v", err)
		}
	})
	t.Run("claim signed by another seat", func(t *testing.T) {
		c, _ := SignClaim(ids[0], sc, Claim{Seat: 1, Event: 30, Topic: "goo"})
		if err := VerifyClaim(ids[1].Public().(ed25519.PublicKey), sc, c); !errors.Is(err, ErrBadSignature) {
			t.Fatalf("got %v", err)
		}
	})
	t.Run("claim replayed into another deal", func(t *testing.T) {
		c := sign(1, 2)
		if err := VerifyClaim(ids[1].Public().(ed25519.PublicKey), Scope{Table: []byte("t"), Deal: 5}, c); !errors.Is(err, ErrBadSignature) {
			t.Fatalf("got %v", err)
		}
	})
}
