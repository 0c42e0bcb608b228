package engine

import "strings"

// Gate is the move gate every game's Apply passes a move through before its own rules: the
// checks that are the same in every game (the seat, the game's end, the Dealer's deal, the move
// kind, the turn, the legal list) made in one order with one set of errors. A game declares its
// gate data and lets Check refuse; its Apply then only makes the move. Because the order is
// shared, a move wrong in several ways gets the same error Kind in every game: a forged seat is
// KindBadSeat before anything else, a move after the end KindGameOver, a deal nobody asked for
// KindIllegal, an unknown kind KindMalformed, a move while a deal is due KindNeedDeal.
type Gate struct {
	// Op names the game in errors ("arkham"); a refused move adds its kind ("arkham: take").
	Op string
	// Seats is the number of player seats; a move from any other seat (but the Dealer) is
	// KindBadSeat. 0 leaves the seat to MayMove.
	Seats int
	// Table is what a seat is, for the bad-seat message ("player" when empty).
	Table string
	// Over: the game has ended. Dealing: the game waits for the Dealer's deal.
	Over, Dealing bool
	// Kinds are the player move kinds the game knows; another is KindMalformed. Nil leaves
	// unknown kinds to Allows (they are then KindIllegal).
	Kinds []string
	// MayMove reports whether a seat (a valid one) may move now.
	MayMove func(Seat) bool
	// Allows reports whether a move from a seat that may move is legal now. Nil allows it.
	Allows func(Move) bool
}

// Check refuses m with an *Error, or says whether it is the Dealer's deal (with its key) or a
// player's move every shared check admits. It reads only the gate: it changes nothing.
func (g Gate) Check(m Move) (deal bool, key [32]byte, err error) {
	if m.Seat != Dealer && g.Seats > 0 && !m.Seat.Valid(g.Seats) {
		table := "player"
		if g.Table != "" {
			table = strings.Clone(g.Table)
		}
		return false, key, Errorf(KindBadSeat, g.op(""), "no seat %d at a %d-%s table", m.Seat, g.Seats, table)
	}
	if g.Over {
		return false, key, Errorf(KindGameOver, g.op(""), "the game is over")
	}
	if m.Kind == KindDeal || m.Seat == Dealer {
		if !g.Dealing || m.Seat != Dealer || m.Kind != KindDeal {
			return false, key, Errorf(KindIllegal, g.op(": deal"), "no deal is due")
		}
		if m.To != 0 || m.Card != 0 || m.Option != "" || m.N != 0 {
			return false, key, Errorf(KindMalformed, g.op(": deal"), "a deal carries only its seed")
		}
		key, err = m.DealKey()
		return err == nil, key, err
	}
	if g.Kinds != nil && !knownKind(g.Kinds, m.Kind) {
		return false, key, Errorf(KindMalformed, g.op(""), "unknown move kind %q", m.Kind)
	}
	if g.Dealing {
		return false, key, Errorf(KindNeedDeal, g.op(""), "waiting for the deal")
	}
	if g.MayMove != nil && !g.MayMove(m.Seat) {
		return false, key, Errorf(KindNotYourTurn, g.op(": "+m.Kind), "seat %d may not move now", m.Seat)
	}
	if g.Allows != nil && !g.Allows(m) {
		return false, key, Errorf(KindIllegal, g.op(": "+m.Kind), "%s is not allowed now", m)
	}
	return false, key, nil
}

// Apply passes m through the gate, then hands a deal's key to deal or a player's move to move:
// a game's whole Apply is its gate and these two (each makes a move the gate admitted).
func (g Gate) Apply(m Move, deal func(key [32]byte), move func(Move)) error {
	isDeal, key, err := g.Check(m)
	switch {
	case err != nil:
		return err
	case isDeal:
		deal(key)
	default:
		move(m)
	}
	return nil
}

// ApplyDeal is a game's ApplyDeal: a deal's key given directly (no hex round trip, for
// simulations and benchmarks) is refused when none is due, else handed to deal.
func (g Gate) ApplyDeal(key [32]byte, deal func(key [32]byte)) error {
	if err := g.CheckDeal(); err != nil {
		return err
	}
	deal(key)
	return nil
}

// CheckDeal refuses a deal key applied directly (a game's ApplyDeal, which skips the hex of a
// Deal move) when none is due.
func (g Gate) CheckDeal() error {
	if g.Over {
		return Errorf(KindGameOver, g.op(""), "the game is over")
	}
	if !g.Dealing {
		return Errorf(KindIllegal, g.op(": deal"), "no deal is due")
	}
	return nil
}

// op is the gate's Op with a suffix, as a fresh string: nothing of the gate then outlives Check,
// so a game's MayMove and Allows (method values) stay on its stack and a check allocates only
// when it refuses.
func (g Gate) op(suffix string) string { return strings.Clone(g.Op + suffix) }

func knownKind(kinds []string, k string) bool {
	for _, x := range kinds {
		if x == k {
			return true
		}
	}
	return false
}
