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
	if m.Seat != engine.Dealer && !m.Seat.Valid(int(g.players)) {
		return engine.Errorf(engine.KindBadSeat, op, "no seat %d at a %d-player table", m.Seat, g.players)
	}
	if g.phase == phOver {
		return engine.Errorf(engine.KindGameOver, op, "the game is over")
	}
	if m.Kind == engine.KindDeal || m.Seat == engine.Dealer {
		if g.phase != phDeal || m.Seat != engine.Dealer || m.Kind != engine.KindDeal {
			return engine.Errorf(engine.KindIllegal, op+": deal", "no deal is due")
		}
		if m.To != 0 || m.Card != 0 || m.Option != "" || m.N != 0 {
			return engine.Errorf(engine.KindMalformed, op+": deal", "a deal carries only its seed")
		}
		key, err := m.DealKey()
		if err != nil {
			return err
		}
		g.deal(key)
		return nil
	}
	switch m.Kind {
	case MoveGrab, MoveSend, MovePass, MovePlay, MovePlace, MovePsychotic:
	default:
		return engine.Errorf(engine.KindMalformed, op, "unknown move kind %q", m.Kind)
	}
	if g.phase == phDeal {
		return engine.Errorf(engine.KindNeedDeal, op, "waiting for the deal")
	}
	if !g.mayMove(int8(m.Seat)) {
		return engine.Errorf(engine.KindNotYourTurn, op+": "+m.Kind, "seat %d may not move now", m.Seat)
	}
	if !g.allows(m) {
		return engine.Errorf(engine.KindIllegal, op+": "+m.Kind, "%s is not allowed now", m)
	}
	g.apply(m)
	return nil
}

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
func (g *Game) ApplyDeal(key [32]byte) error {
	if g.phase != phDeal {
		if g.phase == phOver {
			return engine.Errorf(engine.KindGameOver, op, "the game is over")
		}
		return engine.Errorf(engine.KindIllegal, op+": deal", "no deal is due")
	}
	g.deal(key)
	return nil
}

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
