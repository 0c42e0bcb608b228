package rituals

import (
	"math/bits"

	"miskatonic/engine"
)

// knownMask has bit p set for every known place (one in front of a player).
func (g *Game) knownMask() uint16 { return g.known }

// setOwner makes place p known in front of seat s, or forgotten (s = -1).
func (g *Game) setOwner(p, s int8) {
	g.owner[p] = s
	if s < 0 {
		g.known &^= 1 << p
	} else {
		g.known |= 1 << p
	}
}

const allPlaces = 1<<NumPlaces - 1

// sentMask has bit s set for every seat whose revealed cultist is still to be placed.
func (g *Game) sentMask() uint8 {
	var m uint8
	for s := int8(0); s < g.players; s++ {
		if g.sent[s] != 0 && !g.placed[s] {
			m |= 1 << s
		}
	}
	return m
}

// inHand reports whether seat s holds card c.
func (g *Game) inHand(s int8, c CardID) bool {
	for _, h := range g.hand[s][:g.handN[s]] {
		if h.open() == c {
			return true
		}
	}
	return false
}

// hasCultist reports whether seat s holds a cultist.
func (g *Game) hasCultist(s int8) bool {
	for _, h := range g.hand[s][:g.handN[s]] {
		if isCultist[h.open()] {
			return true
		}
	}
	return false
}

// mistakeTargets is where Embarrassing Mistake may move cultist c: another known place
// showing one of its symbols (ruling 18), empty ones and Rise Up places included (ruling 14).
func (g *Game) mistakeTargets(c CardID, known uint16) uint16 {
	return known & symMask[c] &^ (1 << (g.at[c] - 1))
}

// pairOK reports whether n names two positions of a place holding k cultists (12, 13, 23).
func pairOK(n int, k int8) bool {
	i, j := n/10, n%10
	return n >= 10 && i >= 1 && i < j && int8(j) <= k
}

var pairCodes = [3]int{12, 13, 23}

// Legal lists every move s may make now.
func (g *Game) Legal(s engine.Seat) []engine.Move { return g.AppendLegal(nil, s) }

// AppendLegal appends s's legal moves to dst: Legal without allocating when dst has room.
// Order: pass first; plays by card id, then target seat, place and position; places by letter.
func (g *Game) AppendLegal(dst []engine.Move, s engine.Seat) []engine.Move {
	// The common case first: the asked seat (always one at the table) holds no event.
	if g.phase == phWindow && s == engine.Seat(g.asked()) && g.evHeld[s] == 0 {
		return append(dst, engine.Move{Seat: s, Kind: MovePass})
	}
	if !s.Valid(int(g.players)) {
		return dst
	}
	me := int8(s)
	switch g.phase {
	case phGrab:
		if g.waiting&^g.chosen&(1<<me) == 0 {
			return dst
		}
		m := engine.Move{Seat: s, Kind: MoveGrab}
		for p := range g.owner {
			if g.owner[p] < 0 {
				m.Option = Places[p].Key
				dst = append(dst, m)
			}
		}
	case phSend:
		if g.waiting&^g.chosen&(1<<me) == 0 {
			return dst
		}
		none := true
		m := engine.Move{Seat: s, Kind: MoveSend}
		for _, h := range g.hand[me][:g.handN[me]] {
			if c := h.open(); isCultist[c] {
				m.Card = int(c)
				dst = append(dst, m)
				none = false
			}
		}
		if none {
			dst = append(dst, engine.Move{Seat: s, Kind: MoveSend})
		}
	case phPlace:
		if me != g.placer {
			return dst
		}
		m := engine.Move{Seat: s, Kind: MovePlace}
		for mask := g.placeMask; mask != 0; mask &= mask - 1 { // set bits, lowest letter first
			m.Option = Places[bits.TrailingZeros16(mask)].Key
			dst = append(dst, m)
		}
	case phPsychotic:
		if me != g.psOwner {
			return dst
		}
		for t := int8(0); t < g.players; t++ {
			if t != me {
				dst = append(dst, engine.Move{Seat: s, Kind: MovePsychotic, To: engine.Seat(t)})
			}
		}
	case phWindow:
		if me != g.asked() {
			return dst
		}
		dst = append(dst, engine.Move{Seat: s, Kind: MovePass})
		if g.evHeld[me] == 0 {
			return dst
		}
		if g.nStack > 0 {
			for _, h := range g.hand[me][:g.handN[me]] {
				if c := h.open(); isEvent[c] && evType[c] == EvNoWay {
					dst = append(dst, engine.Move{Seat: s, Kind: MovePlay, Card: int(c)})
				}
			}
			return dst
		}
		dst = g.appendPlays(dst, me)
	}
	return dst
}

// appendPlays lists the events seat me may play in the open base window.
func (g *Game) appendPlays(dst []engine.Move, me int8) []engine.Move {
	s := engine.Seat(me)
	known := g.knownMask()
	for _, h := range g.hand[me][:g.handN[me]] {
		c := h.open()
		if !isEvent[c] {
			continue
		}
		m := engine.Move{Seat: s, Kind: MovePlay, Card: int(c)}
		switch t := evType[c]; {
		case g.win == win1 && (t == EvFalseGod || t == EvTargeted || t == EvBreakdown || t == EvRightMind):
			targets := g.sentMask()
			if t == EvTargeted {
				targets &^= 1 << me
			}
			for to := int8(0); to < g.players; to++ {
				if targets&(1<<to) != 0 {
					m.To = engine.Seat(to)
					dst = append(dst, m)
				}
			}
		case g.win == win2 && t == EvRiseUp:
			for p := range Places {
				if known&(1<<p) == 0 {
					m.Option = Places[p].Key
					dst = append(dst, m)
				}
			}
		case g.win == win2 && t == EvRearrange:
			for p := range Places {
				if g.slotN[p] < 2 {
					continue
				}
				m.Option = Places[p].Key
				for _, n := range pairCodes {
					if pairOK(n, g.slotN[p]) {
						m.N = n
						dst = append(dst, m)
					}
				}
			}
		case g.win == win2 && t == EvMistake:
			for p := range Places {
				for _, cu := range g.slots[p][:g.slotN[p]] {
					dest := g.mistakeTargets(cu, known)
					for q := range Places {
						if dest&(1<<q) != 0 {
							m.N, m.Option = int(cu), Places[q].Key
							dst = append(dst, m)
						}
					}
				}
			}
		}
	}
	return dst
}

// allows reports whether m (from a seat that may move now) is in AppendLegal's list, without
// building it. Fuzzing checks the two agree. Each kind checks the fields it leaves zero one by
// one: comparing whole Moves would compare the kind and option strings again.
func (g *Game) allows(m engine.Move) bool {
	if m.Seed != "" {
		return false
	}
	me := int8(m.Seat)
	switch g.phase {
	case phGrab:
		if m.Kind != MoveGrab || m.To != 0 || m.Card != 0 || m.N != 0 {
			return false
		}
		p := PlaceByKey(m.Option)
		return p >= 0 && g.owner[p] < 0
	case phSend:
		if m.Kind != MoveSend || m.To != 0 || m.Option != "" || m.N != 0 {
			return false
		}
		if m.Card == 0 {
			return !g.hasCultist(me)
		}
		return m.Card > 0 && m.Card <= int(maxCard) && isCultist[m.Card] && g.inHand(me, CardID(m.Card))
	case phPlace:
		if m.Kind != MovePlace || m.To != 0 || m.Card != 0 || m.N != 0 {
			return false
		}
		p := PlaceByKey(m.Option)
		return p >= 0 && g.placeMask&(1<<p) != 0
	case phPsychotic:
		return m.Kind == MovePsychotic && m.Card == 0 && m.Option == "" && m.N == 0 &&
			m.To.Valid(int(g.players)) && int8(m.To) != me
	case phWindow:
		if m.Kind == MovePass {
			return m.To == 0 && m.Card == 0 && m.Option == "" && m.N == 0
		}
		if m.Kind != MovePlay || m.Card <= 0 || m.Card > int(maxCard) || !isEvent[m.Card] || !g.inHand(me, CardID(m.Card)) {
			return false
		}
		t := evType[m.Card]
		if g.nStack > 0 {
			return t == EvNoWay && m.To == 0 && m.Option == "" && m.N == 0
		}
		switch {
		case g.win == win1 && (t == EvFalseGod || t == EvTargeted || t == EvBreakdown || t == EvRightMind):
			targets := g.sentMask()
			if t == EvTargeted {
				targets &^= 1 << me
			}
			return m.Option == "" && m.N == 0 && m.To.Valid(int(g.players)) && targets&(1<<m.To) != 0
		case g.win == win2 && t == EvRiseUp:
			if m.To != 0 || m.N != 0 {
				return false
			}
			p := PlaceByKey(m.Option)
			return p >= 0 && g.owner[p] < 0
		case g.win == win2 && t == EvRearrange:
			if m.To != 0 {
				return false
			}
			p := PlaceByKey(m.Option)
			return p >= 0 && g.slotN[p] >= 2 && pairOK(m.N, g.slotN[p])
		case g.win == win2 && t == EvMistake:
			if m.To != 0 || m.N <= 0 || m.N > int(maxCard) || g.at[m.N] == 0 {
				return false
			}
			q := PlaceByKey(m.Option)
			return q >= 0 && g.mistakeTargets(CardID(m.N), g.knownMask())&(1<<q) != 0
		}
	}
	return false
}
