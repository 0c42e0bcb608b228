package shadows

import (
	"miskatonic/engine"
	"miskatonic/engine/rng"
)

// Table sizes: seats are characters (spec 3.4.11). Five is the labelled unofficial variant.
const (
	MinSeats     = 2
	MaxSeats     = 5
	VariantSeats = 5
	maxRando     = 12
	maxDeck      = 4*3 + 1
	maxThreats   = 18
	maxAssets    = 15
	maxCarry     = 3
	logSize      = 40
)

// Move kinds. Fields a kind does not list are zero.
const (
	MoveCharacter = "character" // choose phase: Option = character key
	MoveRing      = "ring"      // ring phase, first seat: To = the character given the Ring
	MoveEnd       = "end"       // end the action phase (actions may be left)
	MoveMove      = "move"      // Option = location
	MoveDrive     = "drive"     // Automobile: Option = location, no action
	MoveHeal      = "heal"
	MoveClear     = "clear"    // N = corruption tokens removed at your location
	MoveShare     = "share"    // To, Option = bills|knowledge|muscle with N, or Option = asset with Card
	MoveRetainer  = "retainer" // Private Detective: a Share at any location, no action
	MovePassRing  = "passring" // To = a character at your location
	MoveView      = "view"     // View the Shadows; Option = ViewMedium for the Shadow Medium
	MoveAbility   = "ability"  // use your shadow ability; Shadow Step: To and Option = location
	MoveUse       = "use"      // discard an asset for its effect: Card = asset id
	MoveResearch  = "research"
	MoveHire      = "hire"    // N = bills spent
	MoveBuySell   = "buysell" // Option = bill (buy knowledge) | knowledge (sell for bills)
	MoveReport    = "report"
	MoveWithdraw  = "withdraw"
	MoveAcquire   = "acquire" // Card = asset id
	MoveBanish    = "banish"  // shadow phase: pay the banish cost
	MoveLeave     = "leave"   // shadow phase: flip back without paying
)

// moveKinds are the player move kinds (the gate refuses others as malformed).
var moveKinds = []string{MoveCharacter, MoveRing, MoveEnd, MoveMove, MoveDrive,
	MoveHeal, MoveClear, MoveShare, MoveRetainer, MovePassRing, MoveView,
	MoveAbility, MoveUse, MoveResearch, MoveHire, MoveBuySell, MoveReport,
	MoveWithdraw, MoveAcquire, MoveBanish, MoveLeave}

// Phases, as Status().Phase.
const (
	PhaseChoose = "choose" // seats choose characters in seat order
	PhaseRing   = "ring"   // the first seat gives the Ring of Shadows
	PhaseDeal   = "deal"   // waiting for the Dealer to resolve the last move
	PhaseAction = "action" // the active character acts
	PhaseShadow = "shadow" // a character viewed the shadow and may banish it
	PhaseOver   = "over"
)

type phase uint8

const (
	phChoose phase = iota
	phRing
	phAction
	phShadow
	phOver
)

var phaseNames = [...]string{PhaseChoose, PhaseRing, PhaseAction, PhaseShadow, PhaseOver}

// Outcome reasons (message-catalog keys).
const (
	ReasonWin        = "shadows.end.win"
	ReasonMadness    = "shadows.end.madness"
	ReasonCorruption = "shadows.end.corruption"
	ReasonThreat     = "shadows.end.threat"
)

// Labels of the random streams derived from each deal key, one per use.
const (
	labelAbilities  = "miskatonic/v1/shadows/abilities"
	labelCorruption = "miskatonic/v1/shadows/corruption"
	labelElder      = "miskatonic/v1/shadows/elder"
	labelThreat     = "miskatonic/v1/shadows/threat"
	labelRando      = "miskatonic/v1/shadows/randonomicon"
	labelAssets     = "miskatonic/v1/shadows/assets"
)

// charState is one character seat.
type charState struct {
	char    int8 // index into cards().Characters, -1 before choosing
	loc     int8
	bills   int8
	know    int8
	musc    int8
	mad     int8
	shadow  int8
	ability int8           // index into cards().Abilities
	assets  [maxCarry]int8 // asset index+1, 0 empty
}

// slot is a threat deck card: its level (0 for the elder card) and identity, 0 while nobody has
// seen it (a card is drawn from its level's unused threats only when it is first seen, so no
// hidden card exists before it matters), threat index+1, or -1 for the elder.
type slot struct {
	level int8
	card  int8
}

// turnFlags are the once-per-turn uses, reset in each start phase.
type turnFlags struct {
	actions  int8
	ability  bool
	lucky    bool
	marked   bool
	escort   bool
	library  bool
	medium   bool
	drive    bool
	retainer bool
	heals    int8
	veil     bool
}

type event struct {
	kind EventKind
	seat int8
	loc  int8
	n    int8
	card string
}

// Game is one Ring of Shadows match: a value of fixed-size arrays, so Clone is a copy.
type Game struct {
	opts  Options
	seats int8
	elder int8 // index into cards().Elders, -1 until known (random elder)
	phase phase
	round int16
	turn  int16

	active, marker, ring, viewer int8
	chars                        [MaxSeats]charState
	flags                        turnFlags

	corruption [NumLocations]int8
	deck       [maxDeck]slot // deck[0] is the top card
	deckN      int8
	tokens     int8
	known      bool // the current shadow has been viewed
	stirred    bool
	usedThreat [maxThreats]bool

	row       [3]int8 // asset index+1 face up, 0 empty
	assetOut  [maxAssets]bool
	randoDeck [maxRando]int8
	randoDisc [maxRando]int8

	waiting bool
	pending engine.Move
	epoch   int16
	why     string // outcome reason once over
	won     bool

	log  [logSize]event
	nLog int32

	banisher int8
	qty      int8 // quantity of the last draw, for qty ops
	str      *streams
	starved  bool
}

// streams are the per-use generators of one deal key.
type streams struct {
	key [32]byte
	r   map[string]*rng.Rand
}

// rand returns the stream for label, or marks the game as needing a deal. The dry run gets a
// throwaway generator of its own (games run in parallel: no shared state).
func (g *Game) rand(label string) *rng.Rand {
	if g.str == nil {
		g.starved = true
		return rng.FromInt(0)
	}
	r, ok := g.str.r[label]
	if !ok {
		r = rng.New(rng.Derive(g.str.key, label))
		g.str.r[label] = r
	}
	return r
}

// Rules makes Ring of Shadows games.
type Rules struct{}

func (Rules) Name() string                             { return "shadows" }
func (Rules) Version() int                             { return 1 }
func (Rules) Seats() (int, int)                        { return MinSeats, MaxSeats }
func (Rules) Options() []engine.Option                 { return OptionList() }
func (Rules) New(c engine.Config) (engine.Game, error) { return engine.AsGame(New(c)) }

// New starts a game in the choose phase.
func New(cfg engine.Config) (*Game, error) {
	if err := engine.CheckSeats("shadows: new", cfg.Seats, MinSeats, MaxSeats, "characters"); err != nil {
		return nil, err
	}
	o, err := ParseOptions(cfg.Options)
	if err != nil {
		return nil, err
	}
	g := &Game{opts: o, seats: int8(cfg.Seats), elder: int8(cards().elderIndex(o.Elder)), viewer: -1, banisher: -1}
	for i := range g.chars {
		g.chars[i].char = -1
		g.chars[i].ability = -1
	}
	return g, nil
}

// Clone returns an independent copy.
func (g *Game) Clone() engine.Game { c := *g; c.str = nil; return &c }

// Options returns the game's options.
func (g *Game) Options() Options { return g.opts }

// Mover is the one seat to move (engine.Dealer while a deal is due); ok is false once over.
func (g *Game) Mover() (engine.Seat, bool) {
	if g.phase == phOver {
		return engine.Observer, false
	}
	if g.waiting {
		return engine.Dealer, true
	}
	switch g.phase {
	case phChoose:
		return engine.Seat(g.chosen()), true
	case phRing:
		return 0, true
	case phShadow:
		return engine.Seat(g.viewer), true
	}
	return engine.Seat(g.active), true
}

func (g *Game) chosen() int8 {
	n := int8(0)
	for n < g.seats && g.chars[n].char >= 0 {
		n++
	}
	return n
}

// Status reports phase, round, turn and who may move.
func (g *Game) Status() engine.Status {
	st := engine.Status{Phase: phaseNames[g.phase], Round: int(g.round), Turn: int(g.turn), Active: []engine.Seat{}}
	if s, ok := g.Mover(); ok {
		st.Active = []engine.Seat{s}
	}
	if g.waiting {
		st.Phase = PhaseDeal
		st.Deal = &engine.DealRequest{Epoch: int(g.epoch) + 1, Context: g.opts.context(int(g.seats), int(g.epoch)+1, g.pending.Kind)}
	}
	if g.phase == phOver {
		st.Over = true
		st.Result = g.outcome()
	}
	return st
}

func (g *Game) outcome() *engine.Outcome {
	o := &engine.Outcome{Coop: true, Winners: []engine.Seat{}, Reason: g.why}
	if g.won {
		for s := engine.Seat(0); s < engine.Seat(g.seats); s++ {
			o.Winners = append(o.Winners, s)
		}
	}
	return o
}

const op = "shadows"

// Apply makes a move, or refuses it with an *engine.Error and changes nothing. A move whose
// resolution needs randomness (a Randonomicon draw, a threat seen for the first time, an asset
// refill, the setup) waits for the Dealer's next deal and resolves when it arrives.
func (g *Game) Apply(m engine.Move) error { return g.gate().Apply(m, g.dealt, g.tryMove) }

// tryMove makes a player's move Apply admitted, on a copy first: a move that needs a deal's
// randomness waits for it instead.
func (g *Game) tryMove(m engine.Move) {
	c := *g
	c.str, c.starved = nil, false
	c.resolve(m)
	if c.starved {
		g.waiting, g.pending = true, m
		return
	}
	*g = c
}

// ApplyDeal resolves the waiting move with the Dealer's key (no hex round trip).
func (g *Game) ApplyDeal(key [32]byte) error { return g.gate().ApplyDeal(key, g.dealt) }

// dealt resolves the waiting move with the deal's key.
func (g *Game) dealt(key [32]byte) {
	m := g.pending
	g.waiting, g.pending = false, engine.Move{}
	g.epoch++
	g.str = &streams{key: key, r: map[string]*rng.Rand{}}
	g.resolve(m)
	g.str = nil
}

// gate is Apply's checks (engine.Gate): the game's data for them.
func (g *Game) gate() engine.Gate {
	return engine.Gate{Op: op, Seats: int(g.seats), Table: "character", Over: g.phase == phOver, Dealing: g.waiting,
		Kinds: moveKinds, MayMove: g.mayMove, Allows: g.allows}
}

// mayMove reports whether s is the seat to move.
func (g *Game) mayMove(s engine.Seat) bool {
	mover, _ := g.Mover()
	return s == mover
}

// allows reports whether m is in the seat's legal list (a move never carries a seed).
func (g *Game) allows(m engine.Move) bool {
	return m.Seed == "" && engine.IsLegal(g.Legal(m.Seat), m)
}

func (g *Game) note(kind EventKind, seat, loc, n int, card string) {
	g.log[g.nLog%logSize] = event{kind: kind, seat: int8(seat), loc: int8(loc), n: int8(n), card: card}
	g.nLog++
}

func (g *Game) finish(why string, won bool) {
	if g.phase == phOver {
		return
	}
	g.phase, g.why, g.won = phOver, why, won
	g.note(EventEnd, -1, -1, 0, why)
}

// ---- small accessors ----

func (g *Game) knobs() *Knobs          { return &cards().Knobs }
func (g *Game) char(s int8) *Character { return &cards().Characters[g.chars[s].char] }

// sane reports whether s may use its advantage (no madness), and whether it has advantage key.
func (g *Game) adv(s int8, key string) bool {
	return g.chars[s].char >= 0 && g.chars[s].mad == 0 && g.char(s).Advantage.Key == key
}

func (g *Game) knowLimit(s int8) int8 {
	l := g.char(s).Knowledge
	for _, a := range g.carried(s) {
		if cards().Assets[a].Effect == "knowledge_limit" {
			l += cards().Assets[a].N
		}
	}
	return int8(l)
}

func (g *Game) muscLimit(s int8) int8 { return int8(g.char(s).Muscle) }
func (g *Game) billLimit() int8       { return int8(g.knobs().BillsLimit) }

// carried lists the asset indexes s carries.
func (g *Game) carried(s int8) []int {
	var out []int
	for _, a := range g.chars[s].assets {
		if a > 0 {
			out = append(out, int(a-1))
		}
	}
	return out
}

// has returns the asset index s carries with effect fx, or -1.
func (g *Game) has(s int8, fx string) int {
	for _, a := range g.chars[s].assets {
		if a > 0 && cards().Assets[a-1].Effect == fx {
			return int(a - 1)
		}
	}
	return -1
}

func (g *Game) nCarried(s int8) int { return len(g.carried(s)) }

// shadowRule returns the current shadow's ongoing rule number when it is key. Ruling: a shadow's
// ongoing rule binds only once it has been viewed (players cannot follow a face-down card).
func (g *Game) shadowRule(key string) (int, bool) {
	b := g.deck[g.deckN-1]
	if !g.known || b.card <= 0 {
		return 0, false
	}
	sh := cards().Threats[b.card-1].Shadow
	if sh.Rule != key {
		return 0, false
	}
	return sh.N, true
}

func (g *Game) elderCard() *Elder { return &cards().Elders[g.elder] }

func (g *Game) madnessLoss() int8 {
	if l := g.elderCard().MadnessLoss; l > 0 {
		return int8(l)
	}
	return int8(g.knobs().MadnessLoss)
}

func (g *Game) totalCorruption() int {
	t := 0
	for _, c := range g.corruption {
		t += int(c)
	}
	return t
}

func (g *Game) topLimit() int8 {
	t := g.deck[0]
	if t.card <= 0 {
		return 0
	}
	return int8(cards().Threats[t.card-1].Arkham.Limit)
}
