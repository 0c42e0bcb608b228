package arkham

// DealAudited deals g's next round from key as Game.deal does, but with the deck in the order a
// host-blind round's audit found (the card at each handle 0..21) and the Mystery Card's pick
// (MysteryPick of the round seed): today's engine dealt the very deal a masked deck held, so a
// host-blind game (engine/blindtable: its tests, its records) is checked against it move by move.
func DealAudited(g *Game, key [32]byte, order [DeckCards]CardID, mystery CardID) {
	g.deal(key)
	for i, c := range order {
		g.deck[i] = hidden(c)
	}
	for p := int8(0); p < g.positions; p++ {
		g.held[p] = g.deck[p]
	}
	g.passing = g.deck[g.positions]
	g.knows = [maxCard + 1]uint8{}
	g.knows[order[g.positions]] |= 1 << g.active
	g.seen[0].card = order[g.positions]
	if g.opts.OldOne == "mystery" {
		g.mystery = mystery
	}
}
