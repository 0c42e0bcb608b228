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
func (Rules) New(cfg engine.Config) (engine.Game, error) { return engine.AsGame(New(cfg)) }

// New starts a game waiting for the first round's deal.
func New(cfg engine.Config) (*Game, error) {
	if err := engine.CheckSeats("arkham: new", cfg.Seats, MinPlayers, MaxPlayers, "players"); err != nil {
		return nil, err
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
