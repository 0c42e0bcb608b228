package arkhamboard

import "miskatonic/engine/arkham"

// OddsOf is the deduction helper: of the cards in play, drop every one the viewer can account
// for (other hands, discards, the cards it saw privately and where they went); its own card is
// one of what remains, each equally likely as far as counting goes. It uses only the view.
func OddsOf(v *arkham.View) Odds {
	heldByOthers := map[string]bool{} // artifact types in other hands
	for _, p := range v.Positions {
		if p.Seat != v.Seat && p.Card.Valid() {
			if a := p.Card.Card().Artifact; a != "" {
				heldByOthers[a] = true
			}
		}
	}
	// The engine's accounting (arkham.Account), the same the bots use. A malformed view still
	// gives the odds over what could be placed.
	a, _ := arkham.Account(v)
	if a.Mine != 0 {
		// The viewer saw this very card earlier and it came back to it: no doubt left.
		return oddsOver([]arkham.CardID{a.Mine}, heldByOthers)
	}
	return oddsOver(a.Pool(nil), heldByOthers)
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
