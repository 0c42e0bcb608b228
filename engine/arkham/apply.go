package arkham

import (
	"miskatonic/engine"
	"miskatonic/engine/rng"
)

const op = "arkham"

// Apply makes a move, or refuses it with an *engine.Error and changes nothing: every check
// happens before the first write.
func (g *Game) Apply(m engine.Move) error { return g.gate().Apply(m, g.deal, g.apply) }

// moveKinds are the player move kinds (the gate refuses others as malformed).
var moveKinds = []string{MoveGive, MoveTake, MovePass, MoveDrop, MoveOrb}

// gate is Apply's checks (engine.Gate): the game's data for them.
func (g *Game) gate() engine.Gate {
	return engine.Gate{Op: op, Seats: int(g.players), Over: g.phase == phOver, Dealing: g.phase == phDeal,
		Kinds: moveKinds, MayMove: g.mayMove, Allows: g.allows}
}

// mayMove reports whether s is the seat to move.
func (g *Game) mayMove(s engine.Seat) bool {
	mover, _ := g.Mover()
	return s == mover
}

// allows reports whether m (from the seat to move) is in AppendLegal's list, without building
// it. Fuzzing checks the two agree.
func (g *Game) allows(m engine.Move) bool {
	if m.Card != 0 || m.N != 0 || m.Seed != "" {
		return false
	}
	onTable := func(s engine.Seat) bool { return s >= 0 && s < engine.Seat(g.players) && g.onTable[s] }
	switch g.phase {
	case phGive:
		return m.Kind == MoveGive && m.Option == "" && onTable(m.To)
	case phRespond:
		if m.Option != "" {
			return false
		}
		switch m.Kind {
		case MoveTake:
			return m.To == 0
		case MovePass:
			return onTable(m.To)
		case MoveDrop:
			if m.To != 0 {
				return false
			}
			for p := engine.Seat(0); p < engine.Seat(g.players); p++ {
				if g.onTable[p] {
					return false
				}
			}
			return true
		}
	case phOrb:
		return m.Kind == MoveOrb && m.To == 0 && (m.Option == OrbReturn || m.Option == OrbRemove)
	}
	return false
}

// ApplyDeal applies the Dealer's key without hex round trips (simulations and benchmarks).
func (g *Game) ApplyDeal(key [32]byte) error { return g.gate().ApplyDeal(key, g.deal) }

// apply makes a legal move.
func (g *Game) apply(m engine.Move) {
	switch m.Kind {
	case MoveGive, MovePass:
		to := int8(m.To)
		g.onTable[to] = false
		g.holder = to
		g.chain[g.chainLen] = to
		g.chainLen++
		ev := evGive
		if m.Kind == MovePass {
			ev = evPass
		}
		g.addLog(ev, int8(m.Seat), to, 0, 0)
		g.phase = phRespond
	case MoveTake:
		g.take()
	case MoveDrop:
		c := g.passing.open()
		g.passing = 0
		g.discard(c)
		g.addLog(evDrop, g.holder, -1, c, 0)
		g.endRound(causeAllPassed)
	case MoveOrb:
		if m.Option == OrbRemove {
			g.removed[g.nRem] = g.deck[g.deckTop]
			g.nRem++
			g.deckTop++
			g.addLog(evOrbRemove, g.peeker, -1, 0, 0)
		} else {
			g.addLog(evOrbReturn, g.peeker, -1, 0, 0)
		}
		g.peeker = -1
		g.endTurn()
	}
}

// deal starts a round from its key.
func (g *Game) deal(key [32]byte) {
	g.round++
	g.turn = 0
	for i := range g.deckIDs {
		g.deck[i] = hidden(g.deckIDs[i])
	}
	r := &g.scratch
	r.Reseed(rng.Derive(key, labelDeck))
	r.Shuffle(DeckCards, func(i, j int) { g.deck[i], g.deck[j] = g.deck[j], g.deck[i] })
	for p := int8(0); p < g.positions; p++ {
		g.held[p] = g.deck[p]
	}
	g.deckTop, g.deckEnd = g.positions, DeckCards
	g.nRem, g.nDisc, g.nSeen, g.nLog = 0, 0, 0, 0
	g.knows = [maxCard + 1]uint8{}
	g.mystery = 0
	if g.opts.OldOne == "mystery" {
		r.Reseed(rng.Derive(key, labelMystery))
		g.mystery = mysteryPool[r.Intn(len(mysteryPool))]
	}
	g.firstActive(key)
	g.addLog(evRoundStart, g.active, -1, 0, 0)
	g.startTurn()
}

// startTurn puts every follower's hand on the table and draws for the active player.
func (g *Game) startTurn() {
	g.turn++
	for p := int8(0); p < g.positions; p++ {
		g.onTable[p] = p < g.players && p != g.active
	}
	g.passing = g.deck[g.deckTop]
	g.deckTop++
	c := g.passing.open()
	g.knows[c] |= 1 << g.active
	g.addSeen(c, g.active, seenDraw)
	g.holder = g.active
	g.chain[0] = g.active
	g.chainLen = 1
	g.phase = phGive
}

// take swaps the holder's card for the one in transit and resolves a discarded event.
func (g *Game) take() {
	h := g.holder
	old := g.held[h].open()
	g.held[h] = g.passing
	g.passing = 0
	g.discard(old)
	g.addLog(evTake, h, -1, old, 0)
	switch old {
	case ElderSign:
		g.endRound(causeElderSign)
		return
	case GateA, GateB:
		for p := int8(0); p < g.positions; p++ {
			if c := g.held[p].open(); c.IsOldOne() {
				g.addLog(evGate, h, p, c, 0)
				g.resolveOldOne(p, c)
				return
			}
		}
	case Orb:
		if g.deckTop < g.deckEnd {
			c := g.deck[g.deckTop].open()
			g.knows[c] |= 1 << h
			g.addSeen(c, h, seenOrb)
			g.peeker = h
			g.phase = phOrb
			return
		}
	case Trapezohedron:
		if g.deckTop < g.deckEnd {
			c := g.deck[g.deckTop].open()
			g.knows[c] |= 1 << h
			g.addSeen(c, h, seenTrap)
			d := int8(1)
			if isCursed[c] {
				d = -1
			}
			g.addLog(evTrapezohedron, h, -1, 0, d)
			g.sanity[h] = min(max(g.sanity[h]+d, 0), MaxSanity)
			if g.sanity[h] == 0 {
				g.endRound(causeTrapezohedron)
				return
			}
		}
	}
	g.endTurn()
}

// endTurn ends the round on an empty deck or hands the deck on.
func (g *Game) endTurn() {
	if g.deckTop >= g.deckEnd {
		g.endRound(causeDeckEmpty)
		return
	}
	g.active = g.nextOnTable()
	g.startTurn()
}

// firstActive sets the round's first active player: the host's pick or the deal key's in round
// one (spec ruling 13), then the lowest sanity, ties going to the closest clockwise after the
// last active player (who counts last), so the role moves on when everyone is level. Both
// engines (Game and the host-blind Blind) start their rounds with it.
func (g *Game) firstActive(key [32]byte) {
	if s, ok := g.opts.FirstSeat(); ok && g.round == 1 {
		g.active = int8(s)
	} else if g.round == 1 {
		r := &g.scratch
		r.Reseed(rng.Derive(key, labelFirst))
		g.active = int8(r.Intn(int(g.players)))
	} else {
		best := int8(-1)
		for i := int8(1); i <= g.players; i++ {
			p := (g.active + i) % g.players
			if best < 0 || g.sanity[p] < g.sanity[best] {
				best = p
			}
		}
		g.active = best
	}
}

// nextOnTable is the next player clockwise still at the table (the active one if none is).
func (g *Game) nextOnTable() int8 {
	next := (g.active + 1) % g.players
	for i := int8(1); i < g.players; i++ {
		if p := (g.active + i) % g.players; g.onTable[p] {
			return p
		}
	}
	return next
}

func (g *Game) discard(c CardID) {
	g.discards[g.nDisc] = c
	g.nDisc++
}

func (g *Game) addSeen(c CardID, s int8, how uint8) {
	g.seen[g.nSeen] = seenRec{card: c, seat: s, how: how, turn: g.turn}
	g.nSeen++
}

func (g *Game) addLog(kind uint8, seat, to int8, c CardID, n int8) {
	g.log[g.nLog] = logRec{kind: kind, seat: seat, to: to, card: c, n: n}
	g.nLog++
}
