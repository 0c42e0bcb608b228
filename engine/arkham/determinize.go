package arkham

import (
	"miskatonic/engine"
	"miskatonic/engine/rng"
)

// This file serves search bots (engine/bot): it rebuilds a whole game from one seat's view,
// dealing every card the seat has not seen at random, so a bot can play the rest of the round
// out on a world it cannot tell apart from the real one. It reads nothing but the view: whatever
// it builds, the seat could have imagined.

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
	const op = "arkham: determinize"
	if v == nil || !v.Seat.Valid(v.Players) || v.Players < MinPlayers || v.Players > MaxPlayers {
		return nil, engine.Errorf(engine.KindIllegal, op, "need a player's view")
	}
	ph, ok := phaseByName[v.Phase]
	if !ok {
		return nil, engine.Errorf(engine.KindIllegal, op, "no round in play (phase %q)", v.Phase)
	}
	npos := len(v.Positions)
	if npos != max(v.Players, MinPositions) || v.DeckSize < 0 || v.Removed < 0 || v.Removed > DeckCards {
		return nil, engine.Errorf(engine.KindMalformed, op, "inconsistent view")
	}
	inRange := func(s engine.Seat, n int) bool { return s >= 0 && int(s) < n }
	// The rest of the round must fit the game's fixed arrays: each turn logs at most 10 entries
	// and shows each seat at most one card.
	if !inRange(v.Active, v.Players) || (ph == phOrb && (!inRange(v.ToMove, v.Players) || v.DeckSize == 0)) ||
		len(v.Log)+10*(v.DeckSize+1)+2 > maxLog || len(v.Seen)+v.DeckSize+2 > maxSeen {
		return nil, engine.Errorf(engine.KindMalformed, op, "inconsistent view")
	}
	onTable := 0
	for p, pos := range v.Positions {
		if pos.HandOnTable {
			if p >= v.Players {
				return nil, engine.Errorf(engine.KindMalformed, op, "a dummy's hand on the table")
			}
			onTable++
		}
	}
	if ph != phOrb && (v.Passing == nil || onTable != v.Players-len(v.Passing.Chain)) {
		return nil, engine.Errorf(engine.KindMalformed, op, "hands on the table do not match the card in transit")
	}
	if v.Passing != nil {
		if !inRange(v.Passing.Holder, v.Players) || len(v.Passing.Chain) == 0 || len(v.Passing.Chain) > MaxPositions {
			return nil, engine.Errorf(engine.KindMalformed, op, "bad card in transit")
		}
		for _, s := range v.Passing.Chain {
			if !inRange(s, v.Players) {
				return nil, engine.Errorf(engine.KindMalformed, op, "bad chain")
			}
		}
	}
	for _, e := range v.Log {
		if !inRange(e.Seat, npos) || (e.To != nil && !inRange(*e.To, npos)) {
			return nil, engine.Errorf(engine.KindMalformed, op, "bad log entry")
		}
	}
	me := int8(v.Seat)
	g := &Game{opts: v.Options, competitive: v.Options.Variant == "competitive",
		scoreTable: scoreTable{doomOn: v.Options.Doom == "on", players: int8(v.Players), positions: int8(npos)},
		deckIDs:    v.Options.Deck(), phase: ph,
		round: int16(v.Round), turn: int16(v.Turn), active: int8(v.Active), holder: -1, peeker: -1}
	if g.doomOn {
		g.doom = int8(v.Doom)
	}

	// left counts the cards of the deck composition not yet placed.
	var left [maxCard + 1]int8
	for _, c := range g.deckIDs {
		left[c]++
	}
	use := func(c CardID) bool {
		if !c.Valid() || left[c] == 0 {
			return false
		}
		left[c]--
		return true
	}
	for p, pos := range v.Positions {
		if p < v.Players {
			g.sanity[p] = int8(pos.Sanity)
		}
		g.onTable[p] = pos.HandOnTable
		if int8(p) != me {
			if !use(pos.Card) {
				return nil, engine.Errorf(engine.KindMalformed, op, "position %d shows no valid card", p)
			}
			g.held[p] = hidden(pos.Card)
		}
	}
	for _, pile := range v.Discards.Artifacts {
		for _, c := range pile {
			if !use(c) {
				return nil, engine.Errorf(engine.KindMalformed, op, "bad discard %v", c)
			}
			g.discards[g.nDisc] = c
			g.nDisc++
		}
	}
	for _, c := range v.Discards.Other {
		if !use(c) {
			return nil, engine.Errorf(engine.KindMalformed, op, "bad discard %v", c)
		}
		g.discards[g.nDisc] = c
		g.nDisc++
	}

	// What the seat knows privately: its own card, the card in transit, the top of the deck, a
	// removed card.
	var transit, top, gone CardID
	forced := mine
	mine = 0
	if v.Passing != nil {
		transit = v.Passing.Card
		if transit != 0 && !use(transit) {
			return nil, engine.Errorf(engine.KindMalformed, op, "bad card in transit")
		}
	}
	for _, s := range v.Seen {
		switch {
		case s.Where == PlaceHeld && s.Seat == v.Seat:
			mine = s.Card
		case s.Where == PlaceDeck:
			top = s.Card
		case s.Where == PlaceRemoved:
			gone = s.Card
		default:
			continue // held by another, discarded or in transit: already placed
		}
		if !use(s.Card) {
			return nil, engine.Errorf(engine.KindMalformed, op, "seen card %v twice", s.Card)
		}
	}
	if forced != 0 {
		if mine != 0 && mine != forced {
			return nil, engine.Errorf(engine.KindIllegal, op, "the seat knows it holds %v, not %v", mine, forced)
		}
		if mine == 0 {
			if !use(forced) {
				return nil, engine.Errorf(engine.KindIllegal, op, "the seat has seen %v elsewhere", forced)
			}
			mine = forced
		}
	}
	var pool []CardID
	for c := CardID(1); c <= maxCard; c++ {
		for n := left[c]; n > 0; n-- {
			pool = append(pool, c)
		}
	}
	need := v.DeckSize + v.Removed
	if mine == 0 {
		need++
	}
	if top != 0 {
		need--
	}
	if gone != 0 {
		need--
	}
	if v.Passing != nil && transit == 0 {
		need++
	}
	if need != len(pool) || (top != 0 && v.DeckSize == 0) || (gone != 0 && v.Removed == 0) {
		return nil, engine.Errorf(engine.KindMalformed, op, "view accounts for %d unseen cards, the deck leaves %d", need, len(pool))
	}
	r.Shuffle(len(pool), func(i, j int) { pool[i], pool[j] = pool[j], pool[i] })
	draw := func() CardID { c := pool[0]; pool = pool[1:]; return c }

	if mine == 0 {
		mine = draw()
	}
	g.held[me] = hidden(mine)
	if v.Passing != nil {
		if transit == 0 {
			transit = draw()
		}
		g.passing = hidden(transit)
		g.holder = int8(v.Passing.Holder)
		for i, s := range v.Passing.Chain {
			if i >= MaxPositions {
				return nil, engine.Errorf(engine.KindMalformed, op, "chain too long")
			}
			g.chain[i] = int8(s)
		}
		g.chainLen = int8(len(v.Passing.Chain))
		if g.chainLen > 0 {
			// The drawer saw the card: other seats' views inside a playout must show it to them.
			drawer := g.chain[0]
			g.knows[transit] |= 1 << drawer
			if drawer != me {
				g.addSeen(transit, drawer, seenDraw)
			}
		}
	}
	g.deckTop, g.deckEnd = int8(DeckCards-v.DeckSize), DeckCards
	for i := g.deckTop; i < g.deckEnd; i++ {
		if i == g.deckTop && top != 0 {
			g.deck[i] = hidden(top)
			continue
		}
		g.deck[i] = hidden(draw())
	}
	for i := 0; i < v.Removed; i++ {
		if i == 0 && gone != 0 {
			g.removed[i] = hidden(gone)
		} else {
			g.removed[i] = hidden(draw())
		}
	}
	g.nRem = int8(v.Removed)
	if ph == phOrb {
		g.peeker = int8(v.ToMove)
	}
	if ph == phRespond || ph == phGive {
		if g.holder < 0 {
			return nil, engine.Errorf(engine.KindMalformed, op, "no card in transit during %s", v.Phase)
		}
	}
	if g.opts.OldOne == "mystery" {
		g.mystery = mysteryPool[r.Intn(len(mysteryPool))]
	}
	for _, s := range v.Seen {
		how, ok := seenByName[s.How]
		if !ok || g.nSeen >= maxSeen {
			return nil, engine.Errorf(engine.KindMalformed, op, "bad seen record")
		}
		g.knows[s.Card] |= 1 << me
		g.seen[g.nSeen] = seenRec{card: s.Card, seat: me, how: how, turn: int16(s.Turn)}
		g.nSeen++
	}
	for _, e := range v.Log {
		kind, ok := eventByName[e.Kind]
		if !ok || int(g.nLog) >= maxLog {
			return nil, engine.Errorf(engine.KindMalformed, op, "bad log entry")
		}
		to := int8(-1)
		if e.To != nil {
			to = int8(*e.To)
		}
		n := int8(e.N)
		if kind == evRoundEnd {
			continue // a round in play has not ended
		}
		g.log[g.nLog] = logRec{kind: kind, seat: int8(e.Seat), to: to, card: e.Card, n: n}
		g.nLog++
	}
	return g, nil
}
