package rituals

import (
	"strconv"

	"miskatonic/engine"
	"miskatonic/engine/rng"
)

// Table sizes.
const (
	MinPlayers = 2
	MaxPlayers = 5
	HandSize   = 7
	maxDeck    = 92
	numEvents  = int(maxCard-firstEvent) + 1
)

// Move kinds. Fields a kind does not list are zero.
const (
	// MoveGrab: setup, sealed. Option = the key of a forgotten ritual place to take.
	MoveGrab = "grab"
	// MoveSend: phase 1, sealed. Card = the cultist sent out (its id, the printed insanity), or 0
	// when the hand holds no cultist (ruling 16).
	MoveSend = "send"
	// MovePass: decline to play an event in the open window.
	MovePass = "pass"
	// MovePlay: play an event. Card = the event card. Per type:
	//   That Doesn't Work: nothing else (it answers the event on top of the stack);
	//   False God, Opponent-Targeted, Mental Breakdown, Right Mind: To = the seat whose sent
	//   cultist is the target;
	//   Rise Up: Option = the forgotten place taken;
	//   New Arrangement: Option = the place, N = the two positions swapped as a two-digit number,
	//   lower first (12, 13 or 23; positions count from 1 = left);
	//   Embarrassing Mistake: N = the cultist moved (its id), Option = the place it moves to.
	MovePlay = "play"
	// MovePlace: phase 2. Option = the place where the cultist being placed goes.
	MovePlace = "place"
	// MovePsychotic: after an invocation, the place's owner gives the #1 cultist to To.
	MovePsychotic = "psychotic"
)

// Phases, as Status().Phase.
const (
	PhaseDeal      = "deal"      // waiting for the Dealer's key (once, before setup)
	PhaseGrab      = "grab"      // setup: sealed place grab
	PhaseSend      = "send"      // phase 1: sealed sending out of cultists
	PhaseEvents1   = "events1"   // the end-of-phase-1 event window
	PhaseEvents2   = "events2"   // a phase-2 event window
	PhaseReact     = "react"     // a That Doesn't Work window answering the event on top
	PhasePlace     = "place"     // a cultist's place is chosen
	PhasePsychotic = "psychotic" // an invocation's #1 cultist is given away
	PhaseOver      = "over"
)

type phase uint8

const (
	phDeal phase = iota
	phGrab
	phSend
	phWindow // events1, events2 or react, see Game.win and Game.nStack
	phPlace
	phPsychotic
	phOver
)

// Window kinds.
const (
	win1 uint8 = 1 // end of phase 1
	win2 uint8 = 2 // phase 2
)

// Steering of a sent cultist by False God or Opponent-Targeted.
const (
	steerNone uint8 = iota
	steerFalseGod
	steerTargeted
)

// ReasonDeck is the outcome reason: a player had to draw from the empty deck (ruling 9/20).
const ReasonDeck = "rituals.end.deck"

// Labels of the random streams derived from the one deal key of a game.
const labelDeck = "miskatonic/v1/rituals/deck"

// grabLabels are the streams that settle setup collisions, one per grab round (at most 5:
// every round seats at least one player).
var grabLabels = [MaxPlayers]string{}

func init() {
	for i := range grabLabels {
		grabLabels[i] = "miskatonic/v1/rituals/grab/" + strconv.Itoa(i+1)
	}
}

// hidden is a card whose face the rules may hide (in a hand, the deck, or chosen in secret). Its
// identity is read only through open, so host-blind dealing can later replace this one function.
type hidden uint8

// open reveals a hidden card's identity to the engine. It is the only such read.
func (h hidden) open() CardID { return CardID(h) }

// played is an event on the stack, waiting for its That Doesn't Work window to close.
type played struct {
	card  CardID
	seat  int8
	to    int8 // target seat, -1 if none
	place int8 // place, -1 if none
	n     int8 // New Arrangement pair or Embarrassing Mistake cultist
}

// Game is one Rituals of Madness match. It is a value of fixed-size arrays: Clone is a copy, and
// Apply and AppendLegal do not allocate.
type Game struct {
	players int8
	phase   phase
	round   int16 // 0 during setup
	turn    int16 // placements made this round
	key     [32]byte
	grabTry int8

	deck     [maxDeck]hidden // deck[deckTop:deckEnd] is the draw pile, top first
	deckTop  int8
	deckEnd  int8
	hand     [MaxPlayers][HandSize]hidden // ascending ids
	handN    [MaxPlayers]int8
	waiting  uint8 // sealed step: seats that must choose
	chosen   uint8 // sealed step: seats that have chosen
	choice   [MaxPlayers]hidden
	grabPick [MaxPlayers]int8

	owner  [NumPlaces]int8    // -1: forgotten
	known  uint16             // bit p: place p is known (owner >= 0)
	evHeld [MaxPlayers]uint16 // bit e-firstEvent: the seat holds event e
	slots  [NumPlaces][4]CardID
	slotN  [NumPlaces]int8
	risen  [NumPlaces]int16 // round in which Rise Up made the place known (0: never)
	// risenNow has bit p set while risen[p] is this round (placing a cultist looks only there).
	risenNow uint16
	at       [maxCard + 1]int8 // place+1 of a cultist at a ritual place, else 0
	from     [maxCard + 1]int8 // who sent a cultist at a ritual place (public: it was revealed)
	left     [MaxPlayers][2]uint64
	right    [MaxPlayers][2]uint64
	lSigns   [MaxPlayers]int16
	rSigns   [MaxPlayers]int16
	disc     [numEvents]CardID // events, in the order they left the stack
	nDisc    int8
	gone     uint16 // bit e-firstEvent: event e is discarded or on the stack

	sent    [MaxPlayers]CardID // revealed cultists of this round (0: none)
	eff     [MaxPlayers]int8   // effective insanity this round
	steer   [MaxPlayers]uint8
	steerBy [MaxPlayers]int8
	placed  [MaxPlayers]bool
	order   [MaxPlayers]int8 // placement order (then seats without a cultist)
	nPlace  int8             // seats with a cultist
	next    int8             // index in order of the next cultist to place

	win    uint8 // base window kind while phase == phWindow
	wOrder [MaxPlayers]int8
	wN     int8
	wAsk   int8
	wPass  int8
	stack  [3]played // an event and up to two That Doesn't Work
	nStack int8
	rOrder [MaxPlayers]int8
	rN     int8
	rAsk   int8
	rPass  int8

	placer    int8   // phPlace: who chooses
	placeMask uint16 // phPlace: where the cultist may go
	psOwner   int8   // phPsychotic: the invoking owner
	psCard    CardID // phPsychotic: the #1 cultist in transit

	log  [maxLog]logRec
	nLog int8
	// stale: the log is the last round's, kept from its last move until this round's first event,
	// so its closing placements, invocations and draws reach every page (rules version 2).
	stale bool
	v1    bool // rules version 1: the log empties as the next round starts

	ender int8 // who could not draw

	// scratch is reseeded for each random choice, so dealing allocates nothing.
	scratch rng.Rand
}

const maxLog = 100

// Rules makes Rituals of Madness games. The zero value plays the current version.
type Rules struct {
	v1 bool // version 1, for its records: see AtVersion
}

// Version 2 keeps the last round's log in the views until the next round's first event (version
// 1 emptied it in the round's last move, so its closing events reached no page). The moves and
// outcomes are the same; the views differ, so peers must agree on it.
const version = 2

var _ engine.OlderRules = Rules{}

func (Rules) Name() string { return "rituals" }
func (r Rules) Version() int {
	if r.v1 {
		return 1
	}
	return version
}
func (Rules) Seats() (int, int)        { return MinPlayers, MaxPlayers }
func (Rules) Options() []engine.Option { return []engine.Option{} }
func (r Rules) New(cfg engine.Config) (engine.Game, error) {
	g, err := New(cfg)
	if err != nil {
		return nil, err // not a typed nil inside the interface
	}
	g.v1 = r.v1
	return g, nil
}

// AtVersion returns the rules of version 1 or 2, so records of either replay as they were played.
func (Rules) AtVersion(v int) (engine.Rules, bool) {
	switch v {
	case 1:
		return Rules{v1: true}, true
	case version:
		return Rules{}, true
	}
	return nil, false
}

// New starts a game waiting for its one deal.
func New(cfg engine.Config) (*Game, error) {
	if err := engine.CheckSeats("rituals: new", cfg.Seats, MinPlayers, MaxPlayers, "players"); err != nil {
		return nil, err
	}
	for k := range cfg.Options {
		return nil, engine.Errorf(engine.KindBadConfig, "rituals: options", "unknown option %q (the rulebook names no variant)", k)
	}
	g := &Game{players: int8(cfg.Seats), ender: -1, placer: -1, psOwner: -1}
	for p := range g.owner {
		g.owner[p] = -1
	}
	return g, nil
}

// Players returns the number of seats.
func (g *Game) Players() int { return int(g.players) }

// Clone returns an independent copy.
func (g *Game) Clone() engine.Game { c := *g; return &c }

// Progress returns the round and the placements made this round (simulations).
func (g *Game) Progress() (round, turn int) { return int(g.round), int(g.turn) }

func (g *Game) allSeats() uint8 { return uint8(1)<<g.players - 1 }

// deckIDs is the deck in id order for this table size (ruling 11).
func (g *Game) deckIDs() []CardID {
	if g.players <= 3 {
		return smallDeck
	}
	return fullDeck
}

func (g *Game) context() string {
	return "rituals/v1 players=" + strconv.Itoa(int(g.players)) + " deck=" + strconv.Itoa(len(g.deckIDs()))
}

// Mover returns one seat that may move now (the lowest waiting seat in a sealed step;
// engine.Dealer while the deal is due); ok is false once the game is over.
func (g *Game) Mover() (engine.Seat, bool) {
	switch g.phase {
	case phDeal:
		return engine.Dealer, true
	case phGrab, phSend:
		rest := g.waiting &^ g.chosen
		for s := int8(0); s < g.players; s++ {
			if rest&(1<<s) != 0 {
				return engine.Seat(s), true
			}
		}
	case phWindow:
		return engine.Seat(g.asked()), true
	case phPlace:
		return engine.Seat(g.placer), true
	case phPsychotic:
		return engine.Seat(g.psOwner), true
	}
	return engine.Observer, false
}

// MustPass reports whether the seat Mover names can only pass: an event window asks it and it
// holds no event. Most moves of a game are such passes; simulations apply them without listing
// the one legal move (TestMustPassIsLonePass holds this to Legal).
func (g *Game) MustPass() bool {
	return g.phase == phWindow && g.evHeld[g.asked()] == 0
}

// asked is the seat the open window asks now.
func (g *Game) asked() int8 {
	if g.nStack > 0 {
		return g.rOrder[g.rAsk]
	}
	return g.wOrder[g.wAsk]
}

func (g *Game) phaseName() string {
	switch g.phase {
	case phDeal:
		return PhaseDeal
	case phGrab:
		return PhaseGrab
	case phSend:
		return PhaseSend
	case phWindow:
		if g.nStack > 0 {
			return PhaseReact
		}
		if g.win == win1 {
			return PhaseEvents1
		}
		return PhaseEvents2
	case phPlace:
		return PhasePlace
	case phPsychotic:
		return PhasePsychotic
	}
	return PhaseOver
}

// Status reports phase, round, turn and who may move.
func (g *Game) Status() engine.Status {
	st := engine.Status{Phase: g.phaseName(), Round: int(g.round), Turn: int(g.turn), Active: []engine.Seat{}}
	switch g.phase {
	case phDeal:
		st.Active = []engine.Seat{engine.Dealer}
		st.Deal = &engine.DealRequest{Epoch: 1, Context: g.context()}
	case phGrab, phSend:
		st.Sealed = true
		rest := g.waiting &^ g.chosen
		for s := int8(0); s < g.players; s++ {
			if rest&(1<<s) != 0 {
				st.Active = append(st.Active, engine.Seat(s))
			}
		}
	case phOver:
		st.Over = true
		st.Result = g.outcome()
	default:
		s, _ := g.Mover()
		st.Active = []engine.Seat{s}
	}
	return st
}

// Score is seat s's score if the game ended now (ruling 10).
func (g *Game) Score(s int) int {
	n := 5*int(g.rSigns[s]) + int(g.lSigns[s])
	for p := range g.owner {
		if int(g.owner[p]) == s {
			for i := int8(1); i < g.slotN[p] && i < 3; i++ {
				n -= int(signs[g.slots[p][i]])
			}
		}
	}
	return n
}

func (g *Game) outcome() *engine.Outcome {
	o := &engine.Outcome{Winners: []engine.Seat{}, Reason: ReasonDeck, Scores: make([]int, g.players)}
	best := 0
	for s := range o.Scores {
		o.Scores[s] = g.Score(s)
		if s == 0 || o.Scores[s] > best {
			best = o.Scores[s]
		}
	}
	for s, v := range o.Scores {
		if v == best {
			o.Winners = append(o.Winners, engine.Seat(s)) // ruling 15: ties share
		}
	}
	return o
}
