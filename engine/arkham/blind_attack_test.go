package arkham_test

import (
	"errors"
	"testing"

	"miskatonic/engine"
	"miskatonic/engine/arkham"
	"miskatonic/engine/mask"
	"miskatonic/engine/rng"
)

func allHolders(players int, opts map[string]string) arkham.BlindConfig {
	cfg := arkham.BlindConfig{Config: engine.Config{Seats: players, Options: opts}}
	for s := range engine.Seat(players) {
		cfg.Holders = append(cfg.Holders, s)
	}
	return cfg
}

// playLiar plays random games with one lying page until its lie has been judged; it returns
// the faults.
func playLiar(t *testing.T, opts map[string]string, alter func(bt *blindTable, n arkham.Need, c *mask.Claim) bool) []arkham.Fault {
	t.Helper()
	for seed := uint64(1); seed < 200; seed++ {
		r := rng.FromInt(seed)
		bt := newBlindTable(t, seed, allHolders(3+int(seed%5), opts), false)
		lied := false
		bt.alter = func(n arkham.Need, c *mask.Claim) {
			if !lied && alter(bt, n, c) {
				lied = true
			}
		}
		for !bt.b.Status().Over && len(bt.b.Faults()) == 0 {
			st := bt.b.Status()
			if st.Deal != nil {
				if lied {
					break // the lie's round ended unconvicted
				}
				var key [32]byte
				_, _ = bt.rand.Read(key[:])
				bt.applyDeal(key)
				continue
			}
			legal := bt.b.Legal(st.Active[0])
			bt.applyMove(legal[r.Intn(len(legal))])
		}
		if lied {
			return bt.b.Faults()
		}
	}
	t.Fatal("no game gave the liar its chance")
	return nil
}

// TestBlindFalseNoneClaim: at a Gate, a page that sees the Great Old One claims it sees none.
// The round-end audit convicts it, by seat; nothing is scored from the lie.
func TestBlindFalseNoneClaim(t *testing.T) {
	var liar engine.Seat = -1
	faults := playLiar(t, nil, func(bt *blindTable, n arkham.Need, c *mask.Claim) bool {
		if n.Topic == arkham.TopicOldOne && len(c.Sees) > 0 {
			c.Sees, liar = nil, c.Seat
			return true
		}
		return false
	})
	if len(faults) != 1 || faults[0].Seat != liar {
		t.Fatalf("faults %+v, want one naming seat %d", faults, liar)
	}
}

// TestBlindFalseNamedClaim: a page names a seat that does not hold the Great Old One. The hand
// it names is opened at once and the claimer convicted.
func TestBlindFalseNamedClaim(t *testing.T) {
	var liar engine.Seat = -1
	faults := playLiar(t, nil, func(bt *blindTable, n arkham.Need, c *mask.Claim) bool {
		if n.Topic != arkham.TopicOldOne || len(c.Sees) > 0 {
			return false
		}
		for p := engine.Seat(0); p < engine.Seat(bt.b.Players()); p++ {
			if p != c.Seat {
				c.Sees, liar = []engine.Seat{p}, c.Seat
				return true
			}
		}
		return false
	})
	if len(faults) == 0 || faults[0].Seat != liar {
		t.Fatalf("faults %+v, want one naming seat %d", faults, liar)
	}
}

// TestBlindFalseTrapezohedron: the Trapezohedron's peeker claims the other colour; the audit
// convicts it.
func TestBlindFalseTrapezohedron(t *testing.T) {
	var liar engine.Seat = -1
	faults := playLiar(t, map[string]string{"event": "trapezohedron"}, func(bt *blindTable, n arkham.Need, c *mask.Claim) bool {
		if n.Topic != arkham.TopicTrap {
			return false
		}
		if c.Topic == arkham.TopicTrapSane {
			c.Topic = arkham.TopicTrapCursed
		} else {
			c.Topic = arkham.TopicTrapSane
		}
		liar = c.Seat
		return true
	})
	if len(faults) != 1 || faults[0].Seat != liar {
		t.Fatalf("faults %+v, want one naming seat %d", faults, liar)
	}
}

// TestBlindLeakCheckBites: the leak property is no tautology. A page that also seals its deal
// token to the card's own holder (outside the viewer set) lets that holder open its own card,
// and the check says so.
func TestBlindLeakCheckBites(t *testing.T) {
	bt := newBlindTable(t, 7, allHolders(3, nil), false)
	var key [32]byte
	bt.setUp(1)
	bt.dealPrepared(key)
	if err := bt.leaks(); err != nil {
		t.Fatalf("honest deal: %v", err)
	}
	const victim = 1
	h := bt.b.HeldHandle(victim)
	for _, from := range bt.hs {
		if from == victim {
			continue
		}
		p := bt.pages[from]
		out, err := mask.SendTokens(bt.rand, p.key, p.box, bt.sc, bt.peers, bt.final[h], h, arkham.PurposeDeal, mask.Only(victim), bt.hs)
		bt.fatal(err, "stray token")
		for _, env := range out.Sealed {
			tok, err := mask.ReceiveToken(bt.pages[victim].box, bt.sc, victim, bt.peers[from], env, h, arkham.PurposeDeal)
			bt.fatal(err, "receive")
			bt.pages[victim].keep(tok)
		}
	}
	if err := bt.leaks(); err == nil {
		t.Fatal("a page holding every token of its own card went unnoticed")
	}
}

// TestBlindRefusesOutOfOrder: moves wait for the pending needs; a need is met only in order,
// by its own kind, with a card of the deck not already open; a claim only from its claimers.
func TestBlindRefusesOutOfOrder(t *testing.T) {
	bt := newBlindTable(t, 3, allHolders(4, nil), false)
	bt.setUp(1)
	var key [32]byte
	b := bt.b
	bt.deal, _ = bt.truth()
	if err := b.Apply(engine.Move{Seat: engine.Dealer, Kind: engine.KindDeal, Seed: hexKey(key)}); err != nil {
		t.Fatal(err)
	}
	needs := b.Needs()
	if len(needs) == 0 {
		t.Fatal("a deal with nothing to open")
	}
	before := b.Clone()
	for _, bad := range []func() error{
		func() error { return b.Apply(engine.Move{Seat: b.Status().Active[0], Kind: arkham.MoveGive, To: 0}) },
		func() error { return b.Settle(needs[0].ID + 1) },
		func() error { return b.Reveal(needs[0].ID, arkham.Cthulhu) }, // private: not revealed
		func() error { return b.Claim(mask.Claim{Seat: 0, Event: needs[0].ID, Topic: arkham.TopicOldOne}) },
		func() error { return b.Audited([arkham.DeckCards]arkham.CardID{}, [32]byte{}) },
		func() error { return b.Step(arkham.BlindInput{}) },
		func() error {
			id := needs[0].ID
			return b.Step(arkham.BlindInput{Settle: &id, Reveal: &arkham.Revealed{ID: id}})
		},
	} {
		var e *engine.Error
		if err := bad(); err == nil || !errors.As(err, &e) {
			t.Fatalf("accepted or untyped: %v", err)
		}
	}
	if !sameBlind(before, b) {
		t.Fatal("a refused input changed the machine")
	}
	// Dummies' hands are public: their opening refuses a card already open or not in the deck.
	bt.drive()
	if got := b.PublicView().Positions[4].Card; got != bt.deal[4] {
		t.Fatalf("dummy shows %v, dealt %v", got, bt.deal[4])
	}
}

func sameBlind(a, b *arkham.Blind) bool {
	return asJSONq(a.PublicView()) == asJSONq(b.PublicView()) && len(a.Needs()) == len(b.Needs())
}
