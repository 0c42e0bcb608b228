package arkham

import (
	"miskatonic/engine"
	"miskatonic/engine/rng"
)

// Table sizes.
const (
	MinPlayers   = 3
	MaxPlayers   = 7
	MinPositions = 5 // 3 and 4 players add dummies up to 5 hands
	MaxPositions = 7
	DeckCards    = 22
	MaxSanity    = 7
	MaxDoom      = 7
)

// Move kinds. Every move is public (see the package comment). Fields a kind does not list are zero.
const (
	// MoveGive: the active player gives the card it drew to a follower. To = that follower.
	// Drawing is automatic at the start of each turn; the active player sees the card in its view.
	MoveGive = "give"
	// MoveTake: the follower holding the card discards its own card face up and takes the new one.
	MoveTake = "take"
	// MovePass: the follower holding the card passes it on unseen. To = a player whose hand is
	// still on the table.
	MovePass = "pass"
	// MoveDrop: nobody's hand is on the table and the holder does not take the card: it is
	// discarded face up without effect and the round ends.
	MoveDrop = "drop"
	// MoveOrb: whoever discarded the Magical Orb decides what happens to the top card it peeked.
	// Option = OrbReturn or OrbRemove.
	MoveOrb = "orb"

	OrbReturn = "return"
	OrbRemove = "remove"
)

// Phases, as Status().Phase.
const (
	PhaseDeal    = "deal"    // waiting for the Dealer's key for the next round
	PhaseGive    = "give"    // the active player gives the drawn card
	PhaseRespond = "respond" // the holder takes, passes or drops
	PhaseOrb     = "orb"     // the Orb's discarder returns or removes the peeked card
	PhaseOver    = "over"
)

type phase uint8

const (
	phDeal phase = iota
	phGive
	phRespond
	phOrb
	phOver
)

var phaseNames = [...]string{PhaseDeal, PhaseGive, PhaseRespond, PhaseOrb, PhaseOver}

type cause uint8

const (
	causeNone cause = iota
	causeDeckEmpty
	causeAllPassed
	causeElderSign
	causeOldOne
	causeTrapezohedron
)

// Outcome reasons (engine.Outcome.Reason, message-catalog keys).
const (
	ReasonSanity        = "arkham.end.sanity"
	ReasonTrapezohedron = "arkham.end.trapezohedron"
)

// Labels of the independent random streams derived from each round's deal key.
const (
	labelDeck    = "miskatonic/v1/arkham/deck"
	labelFirst   = "miskatonic/v1/arkham/first"
	labelMystery = "miskatonic/v1/arkham/mystery"
)

// mysteryPool is the order of the set-aside Great Old Ones the Mystery Card draws from.
var mysteryPool = [4]CardID{Cthulhu, Nyarlathotep, YogSothoth, Hastur}

// hidden is a card whose face the rules may hide (in a hand, the deck, in transit or removed).
// Its identity is read only through open, so host-blind dealing can later replace this one
// function.
type hidden uint8

// open reveals a hidden card's identity to the engine. It is the only such read.
func (h hidden) open() CardID { return CardID(h) }

// Game is one Arkham Ritual match. It is a value of fixed-size arrays: Clone is a copy, and Apply
// and AppendLegal do not allocate.
type Game struct {
	scoreTable // players, positions, sanity, Doom: what scoring a round reads (score.go)

	opts        Options
	competitive bool
	deckIDs     [DeckCards]CardID // composition, id order

	phase  phase
	round  int16 // rounds started
	turn   int16 // turns started this round
	active int8  // active player this turn (-1 before the first round)
	holder int8  // who holds the card in transit (the active player right after drawing)
	peeker int8  // Orb: who must choose

	onTable [MaxPositions]bool // hand on the table: may still receive the card this turn
	held    [MaxPositions]hidden
	passing hidden

	deck    [DeckCards]hidden // deck[deckTop:deckEnd] is the deck, top first
	deckTop int8
	deckEnd int8
	removed [DeckCards]hidden
	nRem    int8

	discards [DeckCards + 1]CardID // face up, in order
	nDisc    int8

	chain    [MaxPositions]int8 // seats that handled the card in transit this turn, drawer first
	chainLen int8

	mystery CardID // the Great Old One the Mystery Card would reveal this round

	knows [maxCard + 1]uint8 // per card: bit s set when seat s saw its face privately this round
	seen  [maxSeen]seenRec
	nSeen int8
	log   [maxLog]logRec
	nLog  int16

	last    result
	hasLast bool
	endWhy  string // outcome reason once over

	// scratch is reseeded from the deal key for each random choice, so dealing allocates
	// nothing; no state survives from one deal to the next.
	scratch rng.Rand
}

const (
	maxSeen = DeckCards // draws + one peek per round is at most 17+1
	maxLog  = 192       // ≤ 17 turns × (give, ≤5 passes, take, 2 effects) + start + end
)

type seenRec struct {
	card CardID
	seat int8
	how  uint8 // seenDraw, seenOrb, seenTrap
	turn int16
}

const (
	seenDraw uint8 = iota
	seenOrb
	seenTrap
)

type logRec struct {
	kind uint8
	seat int8
	to   int8 // -1 when unused
	card CardID
	n    int8
}

const (
	evRoundStart uint8 = iota
	evGive
	evPass
	evTake
	evDrop
	evOrbReturn
	evOrbRemove
	evTrapezohedron
	evGate
	evMystery
	evRoundEnd
)

// result is a finished round, kept until the next one ends.
type result struct {
	round    int16
	cause    cause
	oldOne   CardID // the Great Old One resolved (the Mystery Card's reveal), if any
	holder   int8   // its holder, -1 if none
	doom     int8   // Doom value applied, 0 when off
	failed   int8
	card     [MaxPositions]CardID
	survived [MaxPositions]bool
	reason   [MaxPositions]uint8
	delta    [MaxPositions]int8
	after    [MaxPositions]int8 // sanity after the round
}

// Survival reasons (RoundResult positions).
const (
	rsSane uint8 = iota
	rsInvestigator
	rsCursed
	rsDuplicate
	rsCultistSane
	rsCultistCursed
	rsStudent
	rsProfessor
	rsOldOne
	rsOldOneHolder
	rsSpared
	rsUnresolved
)

// Rules makes Arkham Ritual games.
type Rules struct{}

func (Rules) Name() string      { return "arkham" }
func (Rules) Seats() (int, int) { return MinPlayers, MaxPlayers }
func (Rules) Options() []engine.Option {
	out := make([]engine.Option, len(OptionList))
	for i, o := range OptionList {
		o.Choices = append([]string(nil), o.Choices...)
		out[i] = o
	}
	return out
}
func (Rules) New(cfg engine.Config) (engine.Game, error) {
	g, err := New(cfg)
	if err != nil {
		return nil, err // not a typed nil inside the interface
	}
	return g, nil
}

// New starts a game waiting for the first round's deal.
func New(cfg engine.Config) (*Game, error) {
	if cfg.Seats < MinPlayers || cfg.Seats > MaxPlayers {
		return nil, engine.Errorf(engine.KindBadConfig, "arkham: new", "%d players: need %d to %d", cfg.Seats, MinPlayers, MaxPlayers)
	}
	o, err := ParseOptions(cfg.Options)
	if err != nil {
		return nil, err
	}
	if s, ok := o.FirstSeat(); ok && !s.Valid(cfg.Seats) {
		// The lobby offers every seat whatever the table's size: a pick of a seat the table
		// does not have (someone left after the host chose) leaves the choice to the deal.
		o.First = ""
	}
	g := &Game{opts: o, competitive: o.Variant == "competitive", deckIDs: o.Deck(), active: -1, holder: -1, peeker: -1,
		scoreTable: scoreTable{doomOn: o.Doom == "on", players: int8(cfg.Seats), positions: int8(max(cfg.Seats, MinPositions))}}
	for p := range g.sanity[:g.players] {
		g.sanity[p] = MaxSanity
	}
	if g.doomOn {
		g.doom = 1
	}
	return g, nil
}

// Options returns the game's options.
func (g *Game) Options() Options { return g.opts }

// Players returns the number of seats (dummies excluded).
func (g *Game) Players() int { return int(g.players) }

// Clone returns an independent copy.
func (g *Game) Clone() engine.Game { c := *g; return &c }

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

const op = "arkham"

// Apply makes a move, or refuses it with an *engine.Error and changes nothing: every check
// happens before the first write.
func (g *Game) Apply(m engine.Move) error {
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
	case MoveGive, MoveTake, MovePass, MoveDrop, MoveOrb:
	default:
		return engine.Errorf(engine.KindMalformed, op, "unknown move kind %q", m.Kind)
	}
	if g.phase == phDeal {
		return engine.Errorf(engine.KindNeedDeal, op, "waiting for the deal")
	}
	if mover, _ := g.Mover(); m.Seat != mover {
		return engine.Errorf(engine.KindNotYourTurn, op+": "+m.Kind, "seat %d may not move now", m.Seat)
	}
	if !g.allows(m) {
		return engine.Errorf(engine.KindIllegal, op+": "+m.Kind, "%s is not allowed now", m)
	}
	g.apply(m)
	return nil
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
	if s, ok := g.opts.FirstSeat(); ok && g.round == 1 {
		g.active = int8(s) // the host's pick (spec ruling 13)
	} else if g.round == 1 {
		r.Reseed(rng.Derive(key, labelFirst))
		g.active = int8(r.Intn(int(g.players)))
	} else {
		// Lowest sanity; ties go to the closest clockwise after the last active player (who
		// counts last), so the role moves on when everyone is level.
		best := int8(-1)
		for i := int8(1); i <= g.players; i++ {
			p := (g.active + i) % g.players
			if best < 0 || g.sanity[p] < g.sanity[best] {
				best = p
			}
		}
		g.active = best
	}
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
	next := (g.active + 1) % g.players
	for i := int8(1); i < g.players; i++ {
		if p := (g.active + i) % g.players; g.onTable[p] {
			next = p
			break
		}
	}
	g.active = next
	g.startTurn()
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

func (g *Game) beginResult(c cause) *result {
	r := &g.last
	*r = result{round: g.round, cause: c, holder: -1}
	if g.doomOn {
		r.doom = g.doom
	}
	for p := int8(0); p < g.positions; p++ {
		r.card[p] = g.held[p].open()
	}
	return r
}

// endRound scores a round that did not end by a Great Old One.
func (g *Game) endRound(c cause) {
	r := g.beginResult(c)
	g.addLog(evRoundEnd, g.active, -1, 0, int8(c))
	if c == causeTrapezohedron {
		for p := range r.reason[:g.positions] {
			r.reason[p] = rsUnresolved
			r.survived[p] = g.sanity[p] > 0 || int8(p) >= g.players
		}
		g.finish(ReasonTrapezohedron)
		return
	}
	g.scoreNormal(r)
	g.afterRound()
}

// resolveOldOne ends the round by the Great Old One c held at position h (a Gate was discarded).
// The Mystery Card resolves as this round's hidden pick, with the same holder.
func (g *Game) resolveOldOne(h int8, c CardID) {
	if c == Mystery {
		c = g.mystery
		g.addLog(evMystery, h, -1, c, 0)
	}
	r := g.beginResult(causeOldOne)
	g.addLog(evRoundEnd, g.active, -1, 0, int8(causeOldOne))
	g.scoreOldOne(r, h, c)
	g.afterRound()
}

// afterRound advances the Doom Track and ends the game or waits for the next deal.
func (g *Game) afterRound() {
	copy(g.last.after[:], g.sanity[:g.players])
	g.passing = 0
	g.chainLen = 0
	g.hasLast = true
	if g.doomOn {
		g.doom = min(g.doom+1, MaxDoom)
	}
	for _, s := range g.sanity[:g.players] {
		if s == 0 {
			g.finish(ReasonSanity)
			return
		}
	}
	g.phase = phDeal
}

func (g *Game) finish(why string) {
	copy(g.last.after[:], g.sanity[:g.players])
	g.hasLast = true
	g.passing = 0
	g.chainLen = 0
	g.endWhy = why
	g.phase = phOver
}

// Progress returns the round and turn without building a Status (simulations).
func (g *Game) Progress() (round, turn int) { return int(g.round), int(g.turn) }

// LastRoundEnd returns the number and end cause (EndDeckEmpty...) of the last finished round, or
// 0 and "" before any round has ended.
// The cause is plain text (a Cause's value) so tools can read it through a game-independent
// interface (cmd/miskatonic's sim).
func (g *Game) LastRoundEnd() (round int, cause string) {
	if !g.hasLast {
		return 0, ""
	}
	return int(g.last.round), string(causeNames[g.last.cause])
}
