package rituals

import (
	"math/bits"

	"miskatonic/engine"
)

// NumLegal and LegalAt are engine.LegalIndexer: a random player counts the moves, draws an index
// and builds only that move. They follow AppendLegal's order exactly (TestLegalIndexMatchesLegal
// holds them to it over random play at every table size).

var _ engine.LegalIndexer = (*Game)(nil)

// NumLegal is len(Legal(s)), counted without listing.
func (g *Game) NumLegal(s engine.Seat) int {
	if g.phase == phWindow && s == engine.Seat(g.asked()) && g.evHeld[s] == 0 {
		return 1 // the common case: a forced pass
	}
	if !s.Valid(int(g.players)) {
		return 0
	}
	me := int8(s)
	switch g.phase {
	case phGrab:
		if g.waiting&^g.chosen&(1<<me) == 0 {
			return 0
		}
		return bits.OnesCount16(allPlaces &^ g.known)
	case phSend:
		if g.waiting&^g.chosen&(1<<me) == 0 {
			return 0
		}
		return max(g.cultistsHeld(me), 1) // none: the one empty send (ruling 16)
	case phPlace:
		if me != g.placer {
			return 0
		}
		return bits.OnesCount16(g.placeMask)
	case phPsychotic:
		if me != g.psOwner {
			return 0
		}
		return int(g.players) - 1
	case phWindow:
		if me != g.asked() {
			return 0
		}
		if g.nStack > 0 {
			return 1 + bits.OnesCount16(g.evHeld[me]&noWayBits)
		}
		return 1 + g.countPlays(me)
	}
	return 0
}

// LegalAt is Legal(s)[i] without building the list; the zero Move when i is out of range.
// Each phase checks the seat and the range itself: counting first would walk the hand twice.
func (g *Game) LegalAt(s engine.Seat, i int) engine.Move {
	if g.phase == phWindow && s == engine.Seat(g.asked()) {
		if i == 0 {
			return engine.Move{Seat: s, Kind: MovePass} // the common case: a pass, forced or not
		}
		return g.windowPlayAt(int8(s), i-1)
	}
	if i < 0 || !s.Valid(int(g.players)) {
		return engine.Move{}
	}
	me := int8(s)
	switch g.phase {
	case phGrab:
		free := allPlaces &^ g.known
		if g.waiting&^g.chosen&(1<<me) == 0 || i >= bits.OnesCount16(free) {
			return engine.Move{}
		}
		return engine.Move{Seat: s, Kind: MoveGrab, Option: Places[nthBit(free, i)].Key}
	case phSend:
		if g.waiting&^g.chosen&(1<<me) == 0 {
			return engine.Move{}
		}
		k := g.cultistsHeld(me)
		if k == 0 && i == 0 {
			return engine.Move{Seat: s, Kind: MoveSend} // no cultist: the one empty send (ruling 16)
		}
		if i >= k {
			return engine.Move{}
		}
		// The hand is in id order and every cultist (1–99) sorts before every event (101–112).
		return engine.Move{Seat: s, Kind: MoveSend, Card: int(g.hand[me][i].open())}
	case phPlace:
		if me != g.placer || i >= bits.OnesCount16(g.placeMask) {
			return engine.Move{}
		}
		return engine.Move{Seat: s, Kind: MovePlace, Option: Places[nthBit(g.placeMask, i)].Key}
	case phPsychotic:
		if me != g.psOwner || i >= int(g.players)-1 {
			return engine.Move{}
		}
		if int8(i) >= me {
			i++ // the owner is not among the recipients
		}
		return engine.Move{Seat: s, Kind: MovePsychotic, To: engine.Seat(i)}
	}
	return engine.Move{}
}

// windowPlayAt is the asked seat's i-th play in the open window (after the pass).
func (g *Game) windowPlayAt(me int8, i int) engine.Move {
	if i < 0 {
		return engine.Move{}
	}
	if g.nStack > 0 {
		held := g.evHeld[me] & noWayBits
		if i >= bits.OnesCount16(held) {
			return engine.Move{}
		}
		return engine.Move{Seat: engine.Seat(me), Kind: MovePlay, Card: int(firstEvent) + nthBit(held, i)}
	}
	return g.nthPlay(me, i)
}

// cultistsHeld counts the cultists in s's hand: every card it holds that is not an event.
func (g *Game) cultistsHeld(s int8) int {
	return int(g.handN[s]) - bits.OnesCount16(g.evHeld[s])
}

// nthBit is the index of the i-th lowest set bit of m (m has more than i set bits).
func nthBit(m uint16, i int) int {
	for ; i > 0; i-- {
		m &= m - 1
	}
	return bits.TrailingZeros16(m)
}

// pairsAt is how many New Arrangement pairs a place holding k cultists offers (12; 12, 13, 23).
func pairsAt(k int8) int {
	switch {
	case k < 2:
		return 0
	case k == 2:
		return 1
	}
	return len(pairCodes)
}

// playsOf counts the plays of event c in the open base window, as appendPlays lists them.
func (g *Game) playsOf(me int8, c CardID) int {
	switch t := evType[c]; {
	case g.win == win1 && (t == EvFalseGod || t == EvTargeted || t == EvBreakdown || t == EvRightMind):
		targets := g.sentMask()
		if t == EvTargeted {
			targets &^= 1 << me
		}
		return bits.OnesCount8(targets)
	case g.win == win2 && t == EvRiseUp:
		return bits.OnesCount16(allPlaces &^ g.known)
	case g.win == win2 && t == EvRearrange:
		n := 0
		for p := range g.slotN {
			n += pairsAt(g.slotN[p])
		}
		return n
	case g.win == win2 && t == EvMistake:
		n := 0
		for p := range g.slots {
			for _, cu := range g.slots[p][:g.slotN[p]] {
				n += bits.OnesCount16(g.mistakeTargets(cu, g.known))
			}
		}
		return n
	}
	return 0
}

// countPlays counts appendPlays' list: the held events in id order.
func (g *Game) countPlays(me int8) int {
	n := 0
	for held := g.evHeld[me]; held != 0; held &= held - 1 {
		n += g.playsOf(me, firstEvent+CardID(bits.TrailingZeros16(held)))
	}
	return n
}

// nthPlay is appendPlays' i-th move; the zero Move when there are not that many.
func (g *Game) nthPlay(me int8, i int) engine.Move {
	for held := g.evHeld[me]; held != 0; held &= held - 1 {
		c := firstEvent + CardID(bits.TrailingZeros16(held))
		k := g.playsOf(me, c)
		if i >= k {
			i -= k
			continue
		}
		m := engine.Move{Seat: engine.Seat(me), Kind: MovePlay, Card: int(c)}
		switch t := evType[c]; t {
		case EvFalseGod, EvTargeted, EvBreakdown, EvRightMind:
			targets := g.sentMask()
			if t == EvTargeted {
				targets &^= 1 << me
			}
			m.To = engine.Seat(nthBit(uint16(targets), i))
		case EvRiseUp:
			m.Option = Places[nthBit(allPlaces&^g.known, i)].Key
		case EvRearrange:
			for p := range g.slotN {
				if k := pairsAt(g.slotN[p]); i >= k {
					i -= k
					continue
				}
				m.Option, m.N = Places[p].Key, pairCodes[i]
				return m
			}
		case EvMistake:
			for p := range g.slots {
				for _, cu := range g.slots[p][:g.slotN[p]] {
					dest := g.mistakeTargets(cu, g.known)
					if k := bits.OnesCount16(dest); i >= k {
						i -= k
						continue
					}
					m.N, m.Option = int(cu), Places[nthBit(dest, i)].Key
					return m
				}
			}
		}
		return m
	}
	return engine.Move{}
}
