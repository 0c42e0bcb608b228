package mask_test

import (
	"crypto/ed25519"
	"fmt"

	"miskatonic/engine"
	"miskatonic/engine/mask"
	"miskatonic/engine/rng"
)

type seededReader struct{ r *rng.Rand }

func (s seededReader) Read(p []byte) (int, error) {
	for i := range p {
		p[i] = byte(s.r.Uint64())
	}
	return len(p), nil
}

// One Arkham-like round with three human seats, following the table of openings of
// host-blind.md: each seat's card faces outward (viewers: everyone but its holder), the active
// player draws (viewer: the drawer), the Great Old One claims, and the round-end audit.
func Example_arkhamRound() {
	rand := seededReader{rng.FromInt(1)}
	sc := mask.Scope{Table: []byte("table-42"), Deal: 1}
	seats := []engine.Seat{0, 1, 2}
	cards := []mask.CardID{{Game: "arkham", ID: "cthulhu"}, {Game: "arkham", ID: "gate"}, {Game: "arkham", ID: "orb"},
		{Game: "arkham", ID: "tome"}, {Game: "arkham", ID: "elder-sign"}, {Game: "arkham", ID: "investigator"}}
	deck, _ := mask.NewDeck(cards)

	// Keys and box keys; every page verifies every proof and signature.
	keys, boxes, ids := map[engine.Seat]*mask.Key{}, map[engine.Seat]*mask.BoxKey{}, map[engine.Seat]ed25519.PrivateKey{}
	var pubs []mask.PublicKey
	peers := map[engine.Seat]mask.BoxPublic{}
	for _, s := range seats {
		keys[s], _ = mask.NewKey(rand, s)
		pk, _ := keys[s].Public(rand, sc)
		pubs = append(pubs, pk)
		seed := make([]byte, 32)
		_, _ = rand.Read(seed)
		ids[s] = ed25519.NewKeyFromSeed(seed)
		boxes[s], _ = mask.NewBoxKey(rand)
		peers[s], _ = boxes[s].Announce(ids[s], sc.Table, s)
	}
	ks, err := mask.NewKeySet(sc, pubs)
	fmt.Println("keys:", err)

	// The chain: each holder commits to σ, then shuffles in seat order.
	sigmas := map[engine.Seat]mask.Hash{}
	var steps []mask.Step
	cur := deck.Initial()
	for _, s := range seats {
		var sigma mask.Hash
		_, _ = rand.Read(sigma[:])
		sigmas[s] = sigma
		cur, _ = mask.Shuffle(sc, s, sigma, ks.Joint(), cur)
		steps = append(steps, mask.Step{Seat: s, Commit: mask.Commit(sc, s, sigma), Deck: cur})
	}

	// Deal: seat s holds handle s, facing outward. Seat 0's page gathers what it receives.
	seen := map[int]int{}
	for holder := range seats {
		h := holder
		v := mask.AllBut(seats, engine.Seat(holder))
		o := ks.NewOpening(cur[h], h, "deal")
		for _, from := range seats {
			out, _ := mask.SendTokens(rand, keys[from], boxes[from], sc, peers, cur[h], h, "deal", v, seats)
			if out.Own != nil && from == 0 {
				_ = o.Add(*out.Own)
			}
			for _, env := range out.Sealed {
				if env.To == 0 {
					tok, _ := mask.ReceiveToken(boxes[0], sc, 0, peers[from], env, h, "deal")
					_ = o.Add(tok)
				}
			}
		}
		if c, err := o.Card(deck); err == nil {
			seen[h] = c
		} else {
			fmt.Printf("seat 0 cannot open card %d: waits for seats %v\n", h, o.Missing())
		}
	}
	fmt.Println("seat 0 sees cards at handles 1 and 2:", len(seen) == 2)

	// Round end: σ revealed, the chain audited, and the claims checked against it.
	order, err := mask.Audit(sc, deck, ks.Joint(), steps, sigmas)
	fmt.Println("audit:", err, "; seat 0 saw right:", seen[1] == order[1] && seen[2] == order[2])
	claim, _ := mask.SignClaim(ids[1], sc, mask.Claim{Seat: 1, Event: 9, Topic: "goo"}) // "I see none"
	lies := mask.CheckClaims([]mask.Claim{claim}, func(c mask.Claim) []engine.Seat {
		var out []engine.Seat
		for _, s := range seats {
			if s != c.Seat && deck.Card(order[int(s)]).ID == "cthulhu" {
				out = append(out, s)
			}
		}
		return out
	})
	fmt.Println("lies:", len(lies))
	// Output:
	// keys: <nil>
	// seat 0 cannot open card 0: waits for seats [0 1 2]
	// seat 0 sees cards at handles 1 and 2: true
	// audit: <nil> ; seat 0 saw right: true
	// lies: 0
}
