package arkham

import (
	"miskatonic/engine"
	"miskatonic/engine/rng"
)

// This file serves search bots (engine/arkham/arkhambot): it rebuilds a whole game from one
// seat's view, dealing every card the seat has not seen at random, so a bot can play the rest of
// the round out on a world it cannot tell apart from the real one. It reads nothing but the view:
// whatever it builds, the seat could have imagined.
//
// DeterminizeWith reads top to bottom as its steps: check the view describes a round in play,
// copy the public state, account for every card the seat can place (Account), settle the seat's
// own card, deal the unseen cards, and replay what the seat saw and the public log.

const opDeterminize = "arkham: determinize"

var (
	phaseByName = map[string]phase{PhaseGive: phGive, PhaseRespond: phRespond, PhaseOrb: phOrb}
	eventByName = map[EventKind]uint8{}
	seenByName  = map[SeenHow]uint8{}
)

func init() {
	for i, n := range eventNames {
		eventByName[n] = uint8(i)
	}
	for i, n := range seenNames {
		seenByName[n] = uint8(i)
	}
}

// Determinize returns a game consistent with view v — same public state, same cards wherever v
// shows them — with every card hidden from v.Seat dealt uniformly at random (by r) among the
// places v cannot see: the seat's own hand, the card in transit, the deck and the removed pile.
// A card the seat peeked stays where the seat knows it is. It works only for a player's view
// during a round (give, respond or orb phase); otherwise it returns a KindIllegal error.
func Determinize(v *View, r *rng.Rand) (*Game, error) { return DeterminizeWith(v, r, 0) }

// DeterminizeWith is Determinize with the seat's own card fixed to mine (0: drawn at random like
// the rest), for a bot that has reasons to believe some cards likelier than others. mine must be
// a card the seat has not seen; otherwise it returns a KindIllegal error.
func DeterminizeWith(v *View, r *rng.Rand, mine CardID) (*Game, error) {
	ph, err := checkRoundView(v)
	if err != nil {
		return nil, err
	}
	g := publicState(v, ph)
	a, err := account(v, opDeterminize)
	if err != nil {
		return nil, err
	}
	if mine, err = ownCard(&a, mine); err != nil {
		return nil, err
	}
	pool := a.Pool(nil)
	if err := checkUnseen(v, &a, mine, len(pool)); err != nil {
		return nil, err
	}
	r.Shuffle(len(pool), func(i, j int) { pool[i], pool[j] = pool[j], pool[i] })
	if err := g.dealUnseen(v, &a, mine, pool); err != nil {
		return nil, err
	}
	if g.opts.OldOne == "mystery" {
		g.mystery = mysteryPool[r.Intn(len(mysteryPool))]
	}
	if err := g.replaySeen(v); err != nil {
		return nil, err
	}
	if err := g.replayLog(v); err != nil {
		return nil, err
	}
	return g, nil
}

// checkRoundView checks v is a player's view of a round in play whose rest fits the game's
// fixed arrays, and returns its phase.
func checkRoundView(v *View) (phase, error) {
	if v == nil || !v.Seat.Valid(v.Players) || v.Players < MinPlayers || v.Players > MaxPlayers {
		return 0, engine.Errorf(engine.KindIllegal, opDeterminize, "need a player's view")
	}
	ph, ok := phaseByName[v.Phase]
	if !ok {
		return 0, engine.Errorf(engine.KindIllegal, opDeterminize, "no round in play (phase %q)", v.Phase)
	}
	npos := len(v.Positions)
	if npos != max(v.Players, MinPositions) || v.DeckSize < 0 || v.Removed < 0 || v.Removed > DeckCards {
		return 0, engine.Errorf(engine.KindMalformed, opDeterminize, "inconsistent view")
	}
	// The rest of the round must fit the game's fixed arrays: each turn logs at most 10 entries
	// and shows each seat at most one card.
	if !inRange(v.Active, v.Players) || (ph == phOrb && (!inRange(v.ToMove, v.Players) || v.DeckSize == 0)) ||
		len(v.Log)+10*(v.DeckSize+1)+2 > maxLog || len(v.Seen)+v.DeckSize+2 > maxSeen {
		return 0, engine.Errorf(engine.KindMalformed, opDeterminize, "inconsistent view")
	}
	if err := checkHandsOnTable(v, ph); err != nil {
		return 0, err
	}
	for _, e := range v.Log {
		if !inRange(e.Seat, npos) || (e.To != nil && !inRange(*e.To, npos)) {
			return 0, engine.Errorf(engine.KindMalformed, opDeterminize, "bad log entry")
		}
	}
	return ph, nil
}

// checkHandsOnTable checks the hands still on the table and the card in transit agree.
func checkHandsOnTable(v *View, ph phase) error {
	onTable := 0
	for p, pos := range v.Positions {
		if pos.HandOnTable {
			if p >= v.Players {
				return engine.Errorf(engine.KindMalformed, opDeterminize, "a dummy's hand on the table")
			}
			onTable++
		}
	}
	if ph != phOrb && (v.Passing == nil || onTable != v.Players-len(v.Passing.Chain)) {
		return engine.Errorf(engine.KindMalformed, opDeterminize, "hands on the table do not match the card in transit")
	}
	if v.Passing == nil {
		return nil
	}
	if !inRange(v.Passing.Holder, v.Players) || len(v.Passing.Chain) == 0 || len(v.Passing.Chain) > MaxPositions {
		return engine.Errorf(engine.KindMalformed, opDeterminize, "bad card in transit")
	}
	for _, s := range v.Passing.Chain {
		if !inRange(s, v.Players) {
			return engine.Errorf(engine.KindMalformed, opDeterminize, "bad chain")
		}
	}
	return nil
}

func inRange(s engine.Seat, n int) bool { return s >= 0 && int(s) < n }

// publicState is the game with what everyone sees: options, round, turn, sanity, the hands on
// the table, every other position's card and the discards. Hidden cards come later.
func publicState(v *View, ph phase) *Game {
	g := &Game{opts: v.Options, competitive: v.Options.Variant == "competitive",
		scoreTable: scoreTable{doomOn: v.Options.Doom == "on", players: int8(v.Players), positions: int8(len(v.Positions))},
		deckIDs:    v.Options.Deck(), phase: ph,
		round: int16(v.Round), turn: int16(v.Turn), active: int8(v.Active), holder: -1, peeker: -1}
	if g.doomOn {
		g.doom = int8(v.Doom)
	}
	for p, pos := range v.Positions {
		if p < v.Players {
			g.sanity[p] = int8(pos.Sanity)
		}
		g.onTable[p] = pos.HandOnTable
		if engine.Seat(p) != v.Seat {
			g.held[p] = hidden(pos.Card)
		}
	}
	for _, pile := range v.Discards.Artifacts {
		for _, c := range pile {
			g.discards[g.nDisc] = c
			g.nDisc++
		}
	}
	for _, c := range v.Discards.Other {
		g.discards[g.nDisc] = c
		g.nDisc++
	}
	return g
}

// ownCard settles the seat's own card: the one it knows it holds, or forced (if not 0), which
// must then be a card it has not placed elsewhere. 0 means it is to be dealt at random.
func ownCard(a *Accounting, forced CardID) (CardID, error) {
	mine := a.Mine
	if forced == 0 {
		return mine, nil
	}
	if mine != 0 && mine != forced {
		return 0, engine.Errorf(engine.KindIllegal, opDeterminize, "the seat knows it holds %v, not %v", mine, forced)
	}
	if mine == 0 {
		if !a.Place(forced) {
			return 0, engine.Errorf(engine.KindIllegal, opDeterminize, "the seat has seen %v elsewhere", forced)
		}
		mine = forced
	}
	return mine, nil
}

// checkUnseen checks the unplaced cards are exactly as many as the places the seat cannot see.
func checkUnseen(v *View, a *Accounting, mine CardID, unplaced int) error {
	need := v.DeckSize + v.Removed
	for p, pos := range v.Positions {
		if pos.Card == 0 && v.unseen(engine.Seat(p)) {
			need++
		}
	}
	if mine == 0 {
		need++
	}
	if a.Top != 0 {
		need--
	}
	if a.Gone != 0 {
		need--
	}
	if v.Passing != nil && a.Transit == 0 {
		need++
	}
	if need != unplaced || (a.Top != 0 && v.DeckSize == 0) || (a.Gone != 0 && v.Removed == 0) {
		return engine.Errorf(engine.KindMalformed, opDeterminize, "view accounts for %d unseen cards, the deck leaves %d", need, unplaced)
	}
	return nil
}

// dealUnseen places the shuffled unseen cards, in this order: the seat's own card (unless
// known), the card in transit (unless seen), the deck below a peeked top, the removed pile.
func (g *Game) dealUnseen(v *View, a *Accounting, mine CardID, pool []CardID) error {
	draw := func() CardID { c := pool[0]; pool = pool[1:]; return c }
	me := int8(v.Seat)
	if mine == 0 {
		mine = draw()
	}
	g.held[me] = hidden(mine)
	for p, pos := range v.Positions {
		if pos.Card == 0 && v.unseen(engine.Seat(p)) {
			g.held[p] = hidden(draw())
		}
	}
	if v.Passing != nil {
		transit := a.Transit
		if transit == 0 {
			transit = draw()
		}
		if err := g.restorePassing(v, me, transit); err != nil {
			return err
		}
	}
	g.deckTop, g.deckEnd = int8(DeckCards-v.DeckSize), DeckCards
	for i := g.deckTop; i < g.deckEnd; i++ {
		if i == g.deckTop && a.Top != 0 {
			g.deck[i] = hidden(a.Top)
			continue
		}
		g.deck[i] = hidden(draw())
	}
	for i := 0; i < v.Removed; i++ {
		if i == 0 && a.Gone != 0 {
			g.removed[i] = hidden(a.Gone)
		} else {
			g.removed[i] = hidden(draw())
		}
	}
	g.nRem = int8(v.Removed)
	if g.phase == phOrb {
		g.peeker = int8(v.ToMove)
	}
	if (g.phase == phRespond || g.phase == phGive) && g.holder < 0 {
		return engine.Errorf(engine.KindMalformed, opDeterminize, "no card in transit during %s", v.Phase)
	}
	return nil
}

// restorePassing puts the card in transit back with its holder and the seats that handled it;
// the drawer saw it, so views inside a playout must show it to the drawer.
func (g *Game) restorePassing(v *View, me int8, transit CardID) error {
	g.passing = hidden(transit)
	g.holder = int8(v.Passing.Holder)
	for i, s := range v.Passing.Chain {
		if i >= MaxPositions {
			return engine.Errorf(engine.KindMalformed, opDeterminize, "chain too long")
		}
		g.chain[i] = int8(s)
	}
	g.chainLen = int8(len(v.Passing.Chain))
	if g.chainLen > 0 {
		drawer := g.chain[0]
		g.knows[transit] |= 1 << drawer
		if drawer != me {
			g.addSeen(transit, drawer, seenDraw)
		}
	}
	return nil
}

// replaySeen records what the seat saw privately, as the game would have.
func (g *Game) replaySeen(v *View) error {
	me := int8(v.Seat)
	for _, s := range v.Seen {
		how, ok := seenByName[s.How]
		if !ok || g.nSeen >= maxSeen {
			return engine.Errorf(engine.KindMalformed, opDeterminize, "bad seen record")
		}
		g.knows[s.Card] |= 1 << me
		g.seen[g.nSeen] = seenRec{card: s.Card, seat: me, how: how, turn: int16(s.Turn)}
		g.nSeen++
	}
	return nil
}

// replayLog copies the round's public log (a round in play has no round_end entry).
func (g *Game) replayLog(v *View) error {
	for _, e := range v.Log {
		kind, ok := eventByName[e.Kind]
		if !ok || int(g.nLog) >= maxLog {
			return engine.Errorf(engine.KindMalformed, opDeterminize, "bad log entry")
		}
		to := int8(-1)
		if e.To != nil {
			to = int8(*e.To)
		}
		if kind == evRoundEnd {
			continue
		}
		g.log[g.nLog] = logRec{kind: kind, seat: int8(e.Seat), to: to, card: e.Card, n: int8(e.N)}
		g.nLog++
	}
	return nil
}
