package arkham

import "miskatonic/internal/cputime"

// CPUTime is the process CPU time, for the host-blind benchmarks.
var CPUTime = cputime.Used

// DealArranged deals g's next round from key as Game.deal does, but with the deck in the given
// order (card at each position, handles 0..21) and the Mystery Card's pick given: today's
// engine dealt the very deal a host-blind table's masked deck holds, for side-by-side tests.
func DealArranged(g *Game, key [32]byte, order [DeckCards]CardID, mystery CardID) {
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
