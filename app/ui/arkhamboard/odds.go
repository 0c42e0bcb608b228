package arkhamboard

import "miskatonic/engine/arkham"

// OddsOf is the deduction helper: of the cards in play, drop every one the viewer can account
// for (other hands, discards, the cards it saw privately and where they went); its own card is
// one of what remains, each equally likely as far as counting goes. It uses only the view.
func OddsOf(v *arkham.View) Odds {
	me := v.Seat
	known := map[arkham.CardID]bool{}
	heldByOthers := map[string]bool{} // artifact types in other hands
	for _, p := range v.Positions {
		if p.Seat == me || !p.Card.Valid() {
			continue
		}
		known[p.Card] = true
		if a := p.Card.Card().Artifact; a != "" {
			heldByOthers[a] = true
		}
	}
	for _, pile := range v.Discards.Artifacts {
		for _, c := range pile {
			known[c] = true
		}
	}
	for _, c := range v.Discards.Other {
		known[c] = true
	}
	if v.Passing != nil && v.Passing.Card.Valid() {
		known[v.Passing.Card] = true
	}
	for _, s := range v.Seen {
		if s.Where == arkham.PlaceHeld && s.Seat == me {
			// The viewer saw this very card earlier and it came back to it: no doubt left.
			return oddsOver([]arkham.CardID{s.Card}, heldByOthers)
		}
		known[s.Card] = true
	}
	var unknown []arkham.CardID
	for _, c := range v.Options.Deck() {
		if !known[c] {
			unknown = append(unknown, c)
		}
	}
	return oddsOver(unknown, heldByOthers)
}

func oddsOver(cards []arkham.CardID, heldByOthers map[string]bool) Odds {
	o := Odds{Unknown: len(cards)}
	if len(cards) == 0 {
		return o
	}
	var sane, dup int
	for _, c := range cards {
		card := c.Card()
		if card.Colour == arkham.Sane {
			sane++
		}
		if card.Artifact != "" && heldByOthers[card.Artifact] {
			dup++
		}
	}
	pct := func(n int) int { return (200*n + len(cards)) / (2 * len(cards)) } // rounded
	o.Sane, o.Dup = pct(sane), pct(dup)
	o.Cursed = 100 - o.Sane
	return o
}
