package arkham

// Key holders that come and go between deals: a player who is away when a deal begins is dealt
// as a bot seat (run by another holder's page, with no key), and holds a key again from the
// first deal after it returns. Only between deals: a deal's openings are addressed to the key
// holders it was dealt with.

import (
	"slices"

	"miskatonic/engine"
)

// betweenDeals says the machine waits for a deal and nothing else.
func (b *Blind) betweenDeals() bool {
	st := b.Status()
	return st.Deal != nil && !st.Over && len(b.needs) == 0
}

// Retire deals seat s as a bot seat from the next deal, run by holder runner's page. At least
// one key holder stays (with one, that page holds the deal openly: the protocol says so).
func (b *Blind) Retire(s, runner engine.Seat) error {
	if !b.betweenDeals() {
		return engine.Errorf(engine.KindIllegal, opBlind, "seat %d can leave the key holders only between deals", s)
	}
	if !slices.Contains(b.holders, s) || s == runner || !slices.Contains(b.holders, runner) || len(b.holders) < 2 {
		return engine.Errorf(engine.KindIllegal, opBlind, "seat %d cannot be dealt as a bot run by seat %d (holders %v)", s, runner, b.holders)
	}
	b.holders = slices.DeleteFunc(b.holders, func(x engine.Seat) bool { return x == s })
	b.runner[s] = int8(runner)
	return nil
}

// Rejoin makes seat s a key holder again from the next deal.
func (b *Blind) Rejoin(s engine.Seat) error {
	if !b.betweenDeals() {
		return engine.Errorf(engine.KindIllegal, opBlind, "seat %d can rejoin the key holders only between deals", s)
	}
	if !s.Valid(int(b.g.players)) || slices.Contains(b.holders, s) {
		return engine.Errorf(engine.KindIllegal, opBlind, "seat %d cannot rejoin the key holders %v", s, b.holders)
	}
	b.holders = append(b.holders, s)
	slices.Sort(b.holders)
	b.runner[s] = int8(s)
	return nil
}
