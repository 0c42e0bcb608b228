package arkham

import "miskatonic/engine"

// Accounting is which cards one seat can place, from its view alone: every card of the deck
// composition is in another position's hand, a discard pile, the seat's private knowledge, or
// Unplaced. It is the single answer to "which cards could my own card be"; the deduction helper
// (app/ui/arkhamboard), the bots and Determinize all start from it.
type Accounting struct {
	// Unplaced counts by card id the cards the seat cannot place: its own card unless it knows
	// it, the deck and removed cards it has not seen, a card in transit it has not seen.
	Unplaced [maxCard + 1]int8
	Mine     CardID // the seat's own card, when it saw that very card come back to it
	Transit  CardID // the card in transit, when the seat may see it
	Top      CardID // the card the seat last saw on top of the deck (Orb or Trapezohedron peek)
	OrbTop   CardID // the same, only when the Orb showed it
	Gone     CardID // a removed card the seat saw
}

// Account works out what v.Seat can place. A card shown twice (more copies than the deck has)
// or an invalid card is an error; the accounting is still completed with what could be placed,
// so a caller that has already validated the view may ignore it.
func Account(v *View) (Accounting, error) { return account(v, "arkham: account") }

// account is Account with the operation its errors name.
func account(v *View, op string) (Accounting, error) {
	var a Accounting
	var first error
	fail := func(format string, args ...any) {
		if first == nil {
			first = engine.Errorf(engine.KindMalformed, op, format, args...)
		}
	}
	for _, c := range v.Options.Deck() {
		a.Unplaced[c]++
	}
	place := a.Place
	for p, pos := range v.Positions {
		if engine.Seat(p) != v.Seat && !(pos.Card == 0 && v.unseen(engine.Seat(p))) && !place(pos.Card) {
			fail("position %d shows no valid card", p)
		}
	}
	for _, pile := range v.Discards.Artifacts {
		for _, c := range pile {
			if !place(c) {
				fail("bad discard %v", c)
			}
		}
	}
	for _, c := range v.Discards.Other {
		if !place(c) {
			fail("bad discard %v", c)
		}
	}
	if v.Passing != nil && v.Passing.Card != 0 {
		a.Transit = v.Passing.Card
		if !place(a.Transit) {
			fail("bad card in transit")
		}
	}
	for _, s := range v.Seen {
		switch {
		case s.Where == PlaceHeld && s.Seat == v.Seat:
			a.Mine = s.Card
		case s.Where == PlaceDeck:
			a.Top = s.Card
			if s.How == SeenByOrb {
				a.OrbTop = s.Card
			}
		case s.Where == PlaceRemoved:
			a.Gone = s.Card
		default:
			continue // held by another, discarded or in transit: already placed
		}
		if !place(s.Card) {
			fail("seen card %v twice", s.Card)
		}
	}
	return a, first
}

// Pool appends the unplaced cards to dst, in id order.
func (a *Accounting) Pool(dst []CardID) []CardID {
	for c := CardID(1); c <= maxCard; c++ {
		for n := a.Unplaced[c]; n > 0; n-- {
			dst = append(dst, c)
		}
	}
	return dst
}

// Place takes one copy of c out of the unplaced cards; false if none is left.
func (a *Accounting) Place(c CardID) bool {
	if !c.Valid() || a.Unplaced[c] == 0 {
		return false
	}
	a.Unplaced[c]--
	return true
}

// unseen reports whether the view leaves out position p's card (View.Unseen).
func (v *View) unseen(p engine.Seat) bool {
	for _, s := range v.Unseen {
		if s == p && s != v.Seat {
			return true
		}
	}
	return false
}
