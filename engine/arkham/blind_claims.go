package arkham

// Claims and the round-end audit of the host-blind machine. No page knows every held card
// (each knows all but its own), so "a Gate is discarded while someone holds the Great Old One"
// is answered by every key holder signing whom it sees holding it, and the Trapezohedron's
// colour by its peeker; the audit at round end opens every card and convicts a false claim.

import (
	"slices"

	"miskatonic/engine"
	"miskatonic/engine/mask"
)

// Claim meets one claimer's part of the pending claim need. The protocol has verified c's
// signature (mask.VerifyClaim) with the seat's identity key; Claim checks its content fits.
func (b *Blind) Claim(c mask.Claim) error { return b.claim(c, false) }

// Guess meets a Trapezohedron claim need with a colour nobody present could see: the peeker's
// seat is played by a stand-in and the card was opened to the absent player alone. The protocol
// fixes the guess from public data (so no page steers it); the rules apply it like a claim, and
// the audit never convicts it, since no one broke a rule.
func (b *Blind) Guess(c mask.Claim) error {
	if len(b.needs) == 0 || b.needs[0].Kind != NeedClaim || b.needs[0].Topic != TopicTrap {
		return engine.Errorf(engine.KindIllegal, opBlind, "no Trapezohedron claim is pending")
	}
	return b.claim(c, true)
}

func (b *Blind) claim(c mask.Claim, guess bool) error {
	if len(b.needs) == 0 || b.needs[0].Kind != NeedClaim {
		return engine.Errorf(engine.KindIllegal, opBlind, "no claim is pending")
	}
	n := b.needs[0]
	if c.Event != n.ID || !slices.Contains(n.Claimers, c.Seat) {
		return engine.Errorf(engine.KindIllegal, opBlind, "seat %d's claim for event %d: pending is event %d for %v", c.Seat, c.Event, n.ID, n.Claimers)
	}
	for _, hc := range b.claims {
		if hc.claim.Event == n.ID && hc.claim.Seat == c.Seat {
			return engine.Errorf(engine.KindIllegal, opBlind, "seat %d already claimed for event %d", c.Seat, n.ID)
		}
	}
	switch n.Topic {
	case TopicOldOne:
		if c.Topic != TopicOldOne || !slices.IsSorted(c.Sees) || len(slices.Compact(slices.Clone(c.Sees))) != len(c.Sees) {
			return engine.Errorf(engine.KindMalformed, opBlind, "seat %d's claim is not a sorted Great Old One claim", c.Seat)
		}
		for _, s := range c.Sees {
			// A claimer cannot see its own hand; dummies' hands are public and never claimed.
			if s == c.Seat || !s.Valid(int(b.g.players)) {
				return engine.Errorf(engine.KindMalformed, opBlind, "seat %d claims it sees position %d", c.Seat, s)
			}
		}
	case TopicTrap:
		if (c.Topic != TopicTrapCursed && c.Topic != TopicTrapSane) || len(c.Sees) != 0 {
			return engine.Errorf(engine.KindMalformed, opBlind, "seat %d's claim is not a Trapezohedron colour", c.Seat)
		}
	}
	hc := heldClaim{claim: c, held: b.heldH, peek: -1, guess: guess}
	if n.Topic == TopicTrap {
		hc.peek = b.deckH[b.g.deckTop]
	}
	hc.claim.Sees = slices.Clone(c.Sees)
	hc.claim.Sig = slices.Clone(c.Sig)
	b.claims = append(b.claims, hc)
	for _, s := range n.Claimers {
		if !slices.ContainsFunc(b.claims, func(h heldClaim) bool { return h.claim.Event == n.ID && h.claim.Seat == s }) {
			return nil
		}
	}
	b.pop()
	return nil
}

// Claims lists this round's claims (for the record).
func (b *Blind) Claims() []mask.Claim {
	out := make([]mask.Claim, len(b.claims))
	for i, hc := range b.claims {
		out[i] = hc.claim
	}
	return out
}

// Audited meets the round-end audit: the protocol verified the chain with every σ revealed
// (mask.DealRecord.Verify) and reports the deal, the card at each handle, and the round seed
// (RoundSeed). Every claim of the round is checked against it: a false one voids the round and
// names its seat (Faults); otherwise the round is scored by Game's own code.
func (b *Blind) Audited(deal [DeckCards]CardID, seed [32]byte) error {
	if len(b.needs) == 0 || b.needs[0].Kind != NeedAudit {
		return engine.Errorf(engine.KindIllegal, opBlind, "no audit is pending")
	}
	have := slices.Sorted(slices.Values(deal[:]))
	want := slices.Sorted(slices.Values(b.g.deckIDs[:]))
	if !slices.Equal(have, want) {
		return engine.Errorf(engine.KindMalformed, opBlind, "the audited deal is not this deck")
	}
	for h, c := range b.public {
		if c != 0 && deal[h] != c {
			return engine.Errorf(engine.KindMalformed, opBlind, "card %d opened as %v, the audit says %v", h, c, deal[h])
		}
	}
	b.needs = b.needs[1:]
	b.public = deal
	goo := b.oldOne()
	for _, hc := range b.claims {
		c := hc.claim
		switch c.Topic {
		case TopicOldOne:
			var truth []engine.Seat
			for p := engine.Seat(0); p < engine.Seat(b.g.players); p++ {
				if p != c.Seat && deal[hc.held[p]] == goo {
					truth = append(truth, p)
				}
			}
			if !slices.Equal(truth, c.Sees) {
				b.faults = append(b.faults, Fault{Seat: c.Seat, Claim: c, Truth: "sees " + seatList(truth)})
			}
		case TopicTrapCursed, TopicTrapSane:
			if !hc.guess && isCursed[deal[hc.peek]] != (c.Topic == TopicTrapCursed) {
				b.faults = append(b.faults, Fault{Seat: c.Seat, Claim: c, Truth: "peeked " + deal[hc.peek].Key()})
			}
		}
	}
	if len(b.faults) > 0 {
		return nil
	}
	g := &b.g
	b.fill(g, func(h int8) CardID { return deal[h] })
	if g.opts.OldOne == "mystery" {
		g.mystery = MysteryPick(seed)
	}
	if b.end.cause == causeOldOne {
		g.resolveOldOne(b.end.pos, b.end.card)
	} else {
		g.endRound(b.end.cause)
	}
	return nil
}

func seatList(s []engine.Seat) string {
	if len(s) == 0 {
		return "none"
	}
	out := ""
	for i, x := range s {
		if i > 0 {
			out += ","
		}
		out += string(rune('0' + x))
	}
	return out
}

// fill puts into g's hidden fields the identity id gives each handle (0: unknown).
func (b *Blind) fill(g *Game, id func(h int8) CardID) {
	for p := int8(0); p < g.positions; p++ {
		g.held[p] = hidden(id(b.heldH[p]))
	}
	for i := g.deckTop; i < g.deckEnd; i++ {
		g.deck[i] = hidden(id(b.deckH[i]))
	}
	for i := int8(0); i < g.nRem; i++ {
		g.removed[i] = hidden(id(b.remH[i]))
	}
	g.passing = 0
	if b.passH >= 0 {
		g.passing = hidden(id(b.passH))
	}
	for i := int8(0); i < g.nSeen; i++ {
		g.seen[i].card = id(b.seenH[i])
	}
}
