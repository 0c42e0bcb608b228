package rituals

import "miskatonic/engine"

const op = "rituals"

// Apply makes a move, or refuses it with an *engine.Error and changes nothing: every check
// happens before the first write.
func (g *Game) Apply(m engine.Move) error {
	// Most moves of a game are passes in event windows: take them without the general checks.
	// asked() is always a seat at the table, so matching it is the seat check too; the kind is
	// compared last as it is the one string comparison.
	// The unused fields are tested together: one branch, not five.
	if g.phase == phWindow && m.Seat == engine.Seat(g.asked()) &&
		int(m.To)|m.Card|m.N|len(m.Option)|len(m.Seed) == 0 && m.Kind == MovePass {
		g.pass()
		return nil
	}
	return g.gate().Apply(m, g.deal, g.apply)
}

// moveKinds are the player move kinds (the gate refuses others as malformed).
var moveKinds = []string{MoveGrab, MoveSend, MovePass, MovePlay, MovePlace, MovePsychotic}

// gate is Apply's checks (engine.Gate): the game's data for them.
func (g *Game) gate() engine.Gate {
	return engine.Gate{Op: op, Seats: int(g.players), Over: g.phase == phOver, Dealing: g.phase == phDeal,
		Kinds: moveKinds, MayMove: g.maySeat, Allows: g.allows}
}

// maySeat is mayMove for a seat at the table (the gate checks it is one).
func (g *Game) maySeat(s engine.Seat) bool { return g.mayMove(int8(s)) }

// mayMove reports whether seat s is active now.
func (g *Game) mayMove(s int8) bool {
	switch g.phase {
	case phGrab, phSend:
		return (g.waiting&^g.chosen)&(1<<s) != 0
	case phWindow:
		return s == g.asked()
	case phPlace:
		return s == g.placer
	case phPsychotic:
		return s == g.psOwner
	}
	return false
}

// ApplyDeal applies the Dealer's key without hex round trips (simulations and benchmarks).
func (g *Game) ApplyDeal(key [32]byte) error { return g.gate().ApplyDeal(key, g.deal) }

// apply makes a legal move.
func (g *Game) apply(m engine.Move) {
	me := int8(m.Seat)
	switch m.Kind {
	case MoveGrab:
		g.grabPick[me] = int8(PlaceByKey(m.Option))
		g.chosen |= 1 << me
		if g.chosen == g.waiting {
			g.settleGrab()
		}
	case MoveSend:
		g.choice[me] = hidden(m.Card)
		g.chosen |= 1 << me
		if g.chosen == g.waiting {
			g.reveal()
		}
	case MovePass:
		g.pass()
	case MovePlay:
		g.play(me, m)
	case MovePlace:
		g.phase = phWindow // placeCultist may change it again
		g.placeCultist(int8(PlaceByKey(m.Option)))
	case MovePsychotic:
		g.giveLeft(int8(m.To), g.psCard)
		g.addLog(evPsychotic, g.psOwner, int8(m.To), g.psCard, -1, 0)
		g.psOwner, g.psCard = -1, 0
		g.openWindow(win2)
	}
}
