package arkham

// The host-blind machine's steps that wait for a card: how each Need is met (Reveal, Settle,
// Claim, Audited) and what the rules do next, mirroring Game.take, endTurn and the round end.

import (
	"slices"

	"miskatonic/engine"
	"miskatonic/engine/mask"
)

// heldClaim is a claim kept for the round-end check, with what it was about: the hands at the
// moment of a Gate, or the handle a Trapezohedron peeked.
type heldClaim struct {
	claim mask.Claim
	held  [MaxPositions]int8
	peek  int8
	guess bool // a stood-in peeker's public guess (Guess): never convicted
}

// open queues an opening of handle h.
func (b *Blind) open(h int, purpose string, v mask.Viewers, public bool, then cont, seat int8) {
	b.needs = append(b.needs, Need{ID: b.nextID, Kind: NeedOpen, Handle: h, Purpose: purpose, Viewers: v,
		Public: public, then: then, seat: seat})
	b.nextID++
}

func (b *Blind) need(kind string, claimers []engine.Seat, topic string, then cont, seat int8) {
	b.needs = append(b.needs, Need{ID: b.nextID, Kind: kind, Handle: -1, Claimers: claimers, Topic: topic, then: then, seat: seat})
	b.nextID++
}

// allBut is the key holders who may see a card held at position p: everyone's but p's own page.
// A bot run by p's page is blind to it too (it is not in the set: it has no page of its own).
func (b *Blind) allBut(p int8) mask.Viewers { return mask.AllBut(b.holders, engine.Seat(p)) }

// only is the page that may see a card seat s looks at: s's own, or its runner's for a bot.
func (b *Blind) only(s int8) mask.Viewers { return mask.Only(engine.Seat(b.runner[s])) }

// head returns the first pending need if it is id of kind.
func (b *Blind) head(id int, kind string) (Need, error) {
	if len(b.needs) == 0 {
		return Need{}, engine.Errorf(engine.KindIllegal, opBlind, "nothing is pending")
	}
	n := b.needs[0]
	if n.ID != id || n.Kind != kind {
		return Need{}, engine.Errorf(engine.KindIllegal, opBlind, "pending is %s %d, not %s %d", n.Kind, n.ID, kind, id)
	}
	return n, nil
}

// Reveal meets a public opening: the protocol has gathered every holder's public token,
// verified each proof, and opened handle's card c.
func (b *Blind) Reveal(id int, c CardID) error {
	n, err := b.head(id, NeedOpen)
	if err != nil {
		return err
	}
	if !n.Public {
		return engine.Errorf(engine.KindIllegal, opBlind, "opening %d is private", id)
	}
	if !slices.Contains(b.g.deckIDs[:], c) || slices.Contains(b.public[:], c) {
		return engine.Errorf(engine.KindMalformed, opBlind, "opening %d shows %v, not an unopened card of the deck", id, c)
	}
	b.public[n.Handle] = c
	b.pop()
	return nil
}

// Settle meets a private opening: every holder's tokens for it were relayed to its viewers.
func (b *Blind) Settle(id int) error {
	n, err := b.head(id, NeedOpen)
	if err != nil {
		return err
	}
	if n.Public {
		return engine.Errorf(engine.KindIllegal, opBlind, "opening %d is public: Reveal it", id)
	}
	b.pop()
	return nil
}

// pop removes the met head need and runs what waited on it.
func (b *Blind) pop() {
	n := b.needs[0]
	b.needs = b.needs[1:]
	g := &b.g
	switch n.then {
	case contDiscard:
		b.afterTake(n.seat, b.public[n.Handle])
	case contDrop:
		c := b.public[n.Handle]
		b.passH = -1
		g.discard(c)
		g.addLog(evDrop, n.seat, -1, c, 0)
		b.roundEnd(causeAllPassed, -1, 0)
	case contGateClaims:
		b.afterGateClaims(n)
	case contGateOpen:
		b.afterGateOpen(n.seat, b.public[n.Handle])
	case contTrap:
		b.afterTrap(n)
	case contAudit:
		// scored by Audited
	}
}

// afterTake is the rest of Game.take once the discarded card c is face up.
func (b *Blind) afterTake(h int8, c CardID) {
	g := &b.g
	g.discard(c)
	g.addLog(evTake, h, -1, c, 0)
	switch c {
	case ElderSign:
		b.roundEnd(causeElderSign, -1, 0)
		return
	case GateA, GateB:
		b.gate()
		return
	case Orb, Trapezohedron:
		if g.deckTop < g.deckEnd {
			how := seenOrb
			if c == Trapezohedron {
				how = seenTrap
			}
			b.seenH[g.nSeen] = b.deckH[g.deckTop]
			g.addSeen(0, h, how)
			// A bot peeks blind at the Orb, like its draws. The Trapezohedron's colour must be
			// known to someone, so a bot's peek there is opened to its page: the one place a
			// page's person may see a card its seat would not (documented in the report; a
			// plaintext-equality test of the colour would close it).
			if !b.isBot(h) || c == Trapezohedron {
				b.open(int(b.deckH[g.deckTop]), PurposePeek, b.only(h), false, contNone, h)
			}
			if c == Orb {
				g.peeker = h
				g.phase = phOrb
				return
			}
			b.need(NeedClaim, []engine.Seat{engine.Seat(b.runner[h])}, TopicTrap, contTrap, h)
			return
		}
	}
	b.endTurn()
}

// oldOne is the deck's one Great Old One (or the Mystery Card).
func (b *Blind) oldOne() CardID {
	for _, c := range b.g.deckIDs {
		if c.IsOldOne() {
			return c
		}
	}
	return 0
}

// gate: a Gate was discarded. If the Great Old One is public (a dummy's hand, or discarded)
// the machine knows at once; otherwise every key holder says whom it sees holding it.
func (b *Blind) gate() {
	goo := b.oldOne()
	if at := slices.Index(b.public[:], goo); at >= 0 {
		for p := int8(0); p < b.g.positions; p++ {
			if int(b.heldH[p]) == at {
				b.wake(p, goo)
				return
			}
		}
		b.endTurn() // face up in the discards: nobody holds it
		return
	}
	b.need(NeedClaim, b.Holders(), TopicOldOne, contGateClaims, b.g.holder)
}

// afterGateClaims opens the lowest position any claim names (publicly, which checks it), or
// goes on when every holder sees none.
func (b *Blind) afterGateClaims(n Need) {
	named := int8(-1)
	for _, hc := range b.claims {
		if hc.claim.Event == n.ID {
			for _, s := range hc.claim.Sees {
				if named < 0 || int8(s) < named {
					named = int8(s)
				}
			}
		}
	}
	if named < 0 {
		b.endTurn()
		return
	}
	b.open(int(b.heldH[named]), PurposeGate, mask.Everyone(), true, contGateOpen, named)
}

func (b *Blind) afterGateOpen(p int8, c CardID) {
	if c == b.oldOne() {
		b.wake(p, c)
		return
	}
	for _, hc := range b.claims {
		if slices.Contains(hc.claim.Sees, engine.Seat(p)) && hc.claim.Topic == TopicOldOne {
			b.faults = append(b.faults, Fault{Seat: hc.claim.Seat, Claim: hc.claim, Truth: "position holds " + c.Key()})
		}
	}
}

// wake: the Great Old One c held at position p wakes; the round ends.
func (b *Blind) wake(p int8, c CardID) {
	b.g.addLog(evGate, b.g.holder, p, c, 0)
	b.roundEnd(causeOldOne, p, c)
}

// afterTrap applies the Trapezohedron's colour the peeker claimed.
func (b *Blind) afterTrap(n Need) {
	g := &b.g
	d := int8(1)
	for _, hc := range b.claims {
		if hc.claim.Event == n.ID && hc.claim.Topic == TopicTrapCursed {
			d = -1
		}
	}
	h := n.seat
	g.addLog(evTrapezohedron, h, -1, 0, d)
	g.sanity[h] = min(max(g.sanity[h]+d, 0), MaxSanity)
	if g.sanity[h] == 0 {
		b.roundEnd(causeTrapezohedron, -1, 0)
		return
	}
	b.endTurn()
}

// endTurn is Game.endTurn.
func (b *Blind) endTurn() {
	g := &b.g
	if g.deckTop >= g.deckEnd {
		b.roundEnd(causeDeckEmpty, -1, 0)
		return
	}
	g.active = g.nextOnTable()
	b.startTurn()
}

// roundEnd opens every hand still hidden, publicly, then waits for the audit.
func (b *Blind) roundEnd(c cause, pos int8, card CardID) {
	b.end = roundEnd{cause: c, pos: pos, card: card}
	for p := int8(0); p < b.g.positions; p++ {
		if b.public[b.heldH[p]] == 0 {
			b.open(int(b.heldH[p]), PurposeReveal, mask.Everyone(), true, contNone, p)
		}
	}
	b.need(NeedAudit, b.Holders(), "", contAudit, -1)
}
