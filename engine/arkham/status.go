package arkham

import "miskatonic/engine"

// Mover returns the one seat that moves now (engine.Dealer while a deal is due); ok is false
// once the game is over. It is Status().Active without allocating.
func (g *Game) Mover() (s engine.Seat, ok bool) {
	switch g.phase {
	case phDeal:
		return engine.Dealer, true
	case phGive:
		return engine.Seat(g.active), true
	case phRespond:
		return engine.Seat(g.holder), true
	case phOrb:
		return engine.Seat(g.peeker), true
	}
	return engine.Observer, false
}

// Status reports phase, round, turn and who may move.
func (g *Game) Status() engine.Status {
	st := engine.Status{Phase: phaseNames[g.phase], Round: int(g.round), Turn: int(g.turn)}
	if s, ok := g.Mover(); ok {
		st.Active = []engine.Seat{s}
	} else {
		st.Active = []engine.Seat{}
	}
	if g.phase == phDeal {
		st.Deal = &engine.DealRequest{Epoch: int(g.round) + 1, Context: g.opts.context(int(g.players), int(g.round)+1)}
	}
	if g.phase == phOver {
		st.Over = true
		st.Result = g.outcome()
	}
	return st
}

func (g *Game) outcome() *engine.Outcome {
	o := &engine.Outcome{Winners: []engine.Seat{}, Reason: g.endWhy, Scores: make([]int, g.players)}
	best := int8(1)
	if g.competitive {
		best = 0
		for _, s := range g.sanity[:g.players] {
			best = max(best, s)
		}
	}
	for p, s := range g.sanity[:g.players] {
		o.Scores[p] = int(s)
		if (g.competitive && s == best) || (!g.competitive && s >= best) {
			o.Winners = append(o.Winners, engine.Seat(p))
		}
	}
	return o
}

// Legal lists every move s may make now.
func (g *Game) Legal(s engine.Seat) []engine.Move {
	return g.AppendLegal(nil, s)
}

// AppendLegal appends s's legal moves to dst: Legal without allocating when dst has room.
// Order: give and pass by seat; take before passes; orb return before remove.
func (g *Game) AppendLegal(dst []engine.Move, s engine.Seat) []engine.Move {
	mover, ok := g.Mover()
	if !ok || s != mover || s == engine.Dealer {
		return dst
	}
	switch g.phase {
	case phGive:
		for p := int8(0); p < g.players; p++ {
			if g.onTable[p] {
				dst = append(dst, engine.Move{Seat: s, Kind: MoveGive, To: engine.Seat(p)})
			}
		}
	case phRespond:
		dst = append(dst, engine.Move{Seat: s, Kind: MoveTake})
		any := false
		for p := int8(0); p < g.players; p++ {
			if g.onTable[p] {
				any = true
				dst = append(dst, engine.Move{Seat: s, Kind: MovePass, To: engine.Seat(p)})
			}
		}
		if !any {
			dst = append(dst, engine.Move{Seat: s, Kind: MoveDrop})
		}
	case phOrb:
		dst = append(dst, engine.Move{Seat: s, Kind: MoveOrb, Option: OrbReturn},
			engine.Move{Seat: s, Kind: MoveOrb, Option: OrbRemove})
	}
	return dst
}

// Progress returns the round and turn without building a Status (simulations).
func (g *Game) Progress() (round, turn int) { return int(g.round), int(g.turn) }
