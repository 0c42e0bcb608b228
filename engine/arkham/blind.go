package arkham

// Host-blind Arkham Ritual (issue 25, ../shared/host-blind.md): the PUBLIC state machine every
// page runs. It holds card handles — positions in the masked deck of engine/mask — for hidden
// cards; an identity enters it only where the rules make a card public (a discard, a dummy's
// hand, the hand a Gate wakes, the round-end reveal). Where today's engine (Game) reads a hidden
// card to decide, Blind instead asks, as an explicit pending Need: an opening of a handle to a
// viewer set, claims signed by the key holders, or the round-end audit. A protocol layer drives
// the needs in order (the first one first); moves are refused while any is pending.
//
// Blind reuses Game for everything public (phase, turn, hands on the table, the log, scoring):
// its embedded Game never holds a hidden identity, only the public ones; at round end, once
// every held card is open, it hands the round to Game's own scoring code, so the two cannot
// disagree. Each page keeps its Knowledge (handle → card it opened) beside it; a seat's view is
// Game's own View built from the public state plus that knowledge (blind_view.go).
//
// Handles: the final masked deck of a round, position i = handle i. Dealing puts handle p in
// position p (players, then dummies) and the rest is the deck, top first — Game.deal's layout, so
// a deck dealt in the audited order is the very game today's engine plays.

import (
	"crypto/sha512"
	"encoding/binary"
	"slices"

	"miskatonic/engine"
	"miskatonic/engine/mask"
	"miskatonic/engine/rng"
)

// Need kinds.
const (
	// NeedOpen: every key holder sends its token for Handle to Viewers (mask.SendTokens with
	// Purpose). Public needs are resolved by Reveal (the identity enters the public state),
	// private ones by Settle once every holder's envelopes were relayed.
	NeedOpen = "open"
	// NeedClaim: each of Claimers signs a mask.Claim for Event on Topic (blind_claims.go).
	NeedClaim = "claim"
	// NeedAudit: round end. Every holder reveals σ; the protocol audits the chain
	// (mask.DealRecord.Verify) and reports the whole deal with Audited.
	NeedAudit = "audit"
)

// Opening purposes (bound into each token's proof).
const (
	PurposeDeal    = "deal"    // a dealt hand faces outward
	PurposeDraw    = "draw"    // the active player draws and looks
	PurposeTake    = "take"    // the taken card faces outward
	PurposeDiscard = "discard" // the old card (take) or the dropped one, face up
	PurposePeek    = "peek"    // Orb or Trapezohedron: the top card
	PurposeGate    = "gate"    // the hand a claim names at a Gate
	PurposeReveal  = "reveal"  // round end: every hand
)

// Claim topics.
const (
	TopicOldOne     = "oldone"      // Sees: the players the claimer sees holding the Great Old One
	TopicTrap       = "trap"        // a Trapezohedron claim need: answered by one of the two below
	TopicTrapCursed = "trap/cursed" // the Trapezohedron's peek was cursed (Sees empty)
	TopicTrapSane   = "trap/sane"   // ... sane
)

// Need is one thing the public machine waits for.
type Need struct {
	ID      int          `json:"id"`
	Kind    string       `json:"kind"`
	Handle  int          `json:"handle"`            // NeedOpen: the card; else -1
	Purpose string       `json:"purpose,omitempty"` // NeedOpen
	Viewers mask.Viewers `json:"viewers"`           // NeedOpen: the key holders who get tokens
	Public  bool         `json:"public,omitempty"`  // NeedOpen: resolved by Reveal
	// Claimers (NeedClaim): the key holders who must sign; Topic names what about.
	Claimers []engine.Seat `json:"claimers,omitempty"`
	Topic    string        `json:"topic,omitempty"`

	then cont // what the machine does once this need is met
	seat int8 // cont argument: the taker, the claimed position...
}

type cont uint8

const (
	contNone cont = iota
	contDiscard
	contDrop
	contGateClaims
	contGateOpen
	contTrap
	contAudit
)

// BlindConfig is a host-blind table: the game's config, its key holders (the human seats, at
// least two: with one, nobody else could vouch for its card) and, for each bot seat, the holder
// whose page runs it (a bot sees what that page's person may see, no more).
type BlindConfig struct {
	engine.Config
	Holders []engine.Seat               `json:"holders"`
	Runner  map[engine.Seat]engine.Seat `json:"runner,omitempty"`
}

// Blind is the public state machine of a host-blind Arkham Ritual game.
type Blind struct {
	g       Game // public state only: its hidden fields hold public identities or 0
	holders []engine.Seat
	runner  [MaxPlayers]int8 // page that plays each seat (itself for a holder)

	heldH [MaxPositions]int8
	passH int8
	deckH [DeckCards]int8 // indexed like g.deck: g.deckTop..g.deckEnd
	remH  [DeckCards]int8
	seenH [maxSeen]int8 // handle of g.seen[i]

	public [DeckCards]CardID // handle → identity, once public this round

	needs  []Need
	nextID int

	claims []heldClaim // this round's claims, checked at the audit
	end    roundEnd    // the round end waiting for its audit
	faults []Fault
}

type roundEnd struct {
	cause cause
	pos   int8 // causeOldOne: the Great Old One's position
	card  CardID
}

// Fault is a key holder's signed claim that the opened cards contradict: the round is void and
// the seat named.
type Fault struct {
	Seat  engine.Seat `json:"seat"`
	Claim mask.Claim  `json:"claim"`
	Truth string      `json:"truth"`
}

const opBlind = "arkham: blind"

// NewBlind starts a host-blind game waiting for its first deal.
func NewBlind(cfg BlindConfig) (*Blind, error) {
	g, err := New(cfg.Config)
	if err != nil {
		return nil, err
	}
	b := &Blind{g: *g, passH: -1}
	hs := slices.Sorted(slices.Values(cfg.Holders))
	hs = slices.Compact(hs)
	if len(hs) < 2 || len(hs) != len(cfg.Holders) {
		return nil, engine.Errorf(engine.KindBadConfig, opBlind, "need two or more distinct key holders, got %v", cfg.Holders)
	}
	for i := range b.runner {
		b.runner[i] = -1
	}
	for _, h := range hs {
		if !h.Valid(cfg.Seats) {
			return nil, engine.Errorf(engine.KindBadConfig, opBlind, "key holder %d at a %d-seat table", h, cfg.Seats)
		}
		b.runner[h] = int8(h)
	}
	for s := engine.Seat(0); s < engine.Seat(cfg.Seats); s++ {
		if b.runner[s] >= 0 {
			if _, ok := cfg.Runner[s]; ok {
				return nil, engine.Errorf(engine.KindBadConfig, opBlind, "seat %d holds a key and is run by another", s)
			}
			continue
		}
		r, ok := cfg.Runner[s]
		if !ok || !slices.Contains(hs, r) {
			return nil, engine.Errorf(engine.KindBadConfig, opBlind, "bot seat %d needs a key holder's page to run it", s)
		}
		b.runner[s] = int8(r)
	}
	b.holders = hs
	return b, nil
}

// Holders are the key holders, ascending.
func (b *Blind) Holders() []engine.Seat { return slices.Clone(b.holders) }

// Runner is the key holder whose page plays seat s.
func (b *Blind) Runner(s engine.Seat) engine.Seat { return engine.Seat(b.runner[s]) }

// Clone returns an independent copy.
func (b *Blind) Clone() *Blind {
	c := *b
	c.holders = slices.Clone(b.holders)
	c.needs = slices.Clone(b.needs)
	c.claims = slices.Clone(b.claims)
	c.faults = slices.Clone(b.faults)
	return &c
}

// Needs lists what the machine waits for, first first.
func (b *Blind) Needs() []Need { return slices.Clone(b.needs) }

// Faults lists the claims the opened cards convicted (the round is void).
func (b *Blind) Faults() []Fault { return slices.Clone(b.faults) }

// Public is the identity of handle h if the rules made it public this round, else 0.
func (b *Blind) Public(h int) CardID {
	if h < 0 || h >= DeckCards {
		return 0
	}
	return b.public[h]
}

// Status is the game's status; while needs are pending it still names the seat to move next.
func (b *Blind) Status() engine.Status { return b.g.Status() }

// Legal lists s's legal moves: none while a need is pending or a fault voided the round.
func (b *Blind) Legal(s engine.Seat) []engine.Move {
	if len(b.needs) > 0 || len(b.faults) > 0 {
		return nil
	}
	return b.g.Legal(s)
}

// Apply makes a move (a deal's key or a player's move), or refuses it and changes nothing.
// A deal's key decides only what is public (the first round's active player); the cards come
// from the masked deck, handle by handle.
func (b *Blind) Apply(m engine.Move) error {
	if len(b.faults) > 0 {
		return engine.Errorf(engine.KindIllegal, opBlind, "the round is void: seat %d's claim was false", b.faults[0].Seat)
	}
	if len(b.needs) > 0 {
		return engine.Errorf(engine.KindIllegal, opBlind, "waiting for %s %d", b.needs[0].Kind, b.needs[0].ID)
	}
	probe := b.g // a value copy: Apply's checks run on it, no card is read
	return probe.gate().Apply(m, b.deal, b.move)
}

// move makes a player's move Apply admitted.
func (b *Blind) move(m engine.Move) {
	switch m.Kind {
	case MoveGive, MovePass:
		b.g.apply(m) // public: the card in transit changes hands, no face is read
	case MoveOrb:
		g := &b.g
		if m.Option == OrbRemove {
			b.remH[g.nRem] = b.deckH[g.deckTop]
			g.nRem++
			g.deckTop++
			g.addLog(evOrbRemove, g.peeker, -1, 0, 0)
		} else {
			g.addLog(evOrbReturn, g.peeker, -1, 0, 0)
		}
		g.peeker = -1
		b.endTurn()
	case MoveTake:
		h := b.g.holder
		old := b.heldH[h]
		b.heldH[h], b.passH = b.passH, -1
		b.g.passing = 0
		b.open(int(b.heldH[h]), PurposeTake, b.allBut(h), false, contNone, h)
		b.open(int(old), PurposeDiscard, mask.Everyone(), true, contDiscard, h)
	case MoveDrop:
		b.open(int(b.passH), PurposeDiscard, mask.Everyone(), true, contDrop, b.g.holder)
	}
}

// deal starts a round: Game.deal's steps with handles for cards.
func (b *Blind) deal(key [32]byte) {
	g := &b.g
	g.round++
	g.turn = 0
	for i := range b.deckH {
		b.deckH[i] = int8(i)
	}
	for p := int8(0); p < g.positions; p++ {
		b.heldH[p] = p
	}
	b.passH = -1
	b.public = [DeckCards]CardID{}
	b.claims = b.claims[:0]
	g.held, g.deck, g.removed, g.passing = [MaxPositions]hidden{}, [DeckCards]hidden{}, [DeckCards]hidden{}, 0
	g.deckTop, g.deckEnd = g.positions, DeckCards
	g.nRem, g.nDisc, g.nSeen, g.nLog = 0, 0, 0, 0
	g.knows = [maxCard + 1]uint8{}
	g.mystery = 0 // drawn from the revealed σ at round end (MysteryPick)
	g.firstActive(key)
	for p := int8(0); p < g.positions; p++ {
		if p >= g.players {
			b.open(int(p), PurposeDeal, mask.Everyone(), true, contNone, p) // a dummy's hand: everyone sees it
		} else {
			b.open(int(p), PurposeDeal, b.allBut(p), false, contNone, p)
		}
	}
	g.addLog(evRoundStart, g.active, -1, 0, 0)
	b.startTurn()
}

// startTurn is Game.startTurn: the active player draws, and only it looks.
func (b *Blind) startTurn() {
	g := &b.g
	g.turn++
	for p := int8(0); p < g.positions; p++ {
		g.onTable[p] = p < g.players && p != g.active
	}
	b.passH = b.deckH[g.deckTop]
	g.deckTop++
	b.seenH[g.nSeen] = b.passH
	g.addSeen(0, g.active, seenDraw)
	g.holder = g.active
	g.chain[0] = g.active
	g.chainLen = 1
	g.phase = phGive
	b.drawNeed()
}

// drawNeed opens the drawn card to the drawer's page. A bot draws blind: its page's person may
// not see what another seat draws (it could be handed that very card and take it), so no key
// holder gets a token and the bot decides without the card's face.
func (b *Blind) drawNeed() {
	if b.isBot(b.g.active) {
		return
	}
	b.open(int(b.passH), PurposeDraw, b.only(b.g.active), false, contNone, b.g.active)
}

// isBot reports whether seat s holds no key (a bot run by another seat's page).
func (b *Blind) isBot(s int8) bool { return b.runner[s] != s }

// MysteryPick is the Great Old One the Mystery Card reveals, drawn from the round's seed
// (RoundSeed of the revealed σ): nobody knows it before the audit, and nobody can steer it, since
// every σ was committed before the chain.
func MysteryPick(seed [32]byte) CardID {
	return mysteryPool[rng.New(rng.Derive(seed, labelMystery)).Intn(len(mysteryPool))]
}

// RoundSeed hashes a deal's revealed σ, in seat order, into the round's public seed.
func RoundSeed(sc mask.Scope, sigmas map[engine.Seat]mask.Hash) [32]byte {
	h := sha512.New()
	h.Write([]byte("miskatonic/v1/arkham/round-seed"))
	h.Write(binary.BigEndian.AppendUint64(nil, uint64(len(sc.Table))))
	h.Write(sc.Table)
	h.Write(binary.BigEndian.AppendUint64(nil, sc.Deal))
	for _, s := range slices.Sorted(mapKeys(sigmas)) {
		sg := sigmas[s]
		h.Write([]byte{byte(s)})
		h.Write(sg[:])
	}
	return [32]byte(h.Sum(nil)[:32])
}

func mapKeys(m map[engine.Seat]mask.Hash) func(func(engine.Seat) bool) {
	return func(yield func(engine.Seat) bool) {
		for k := range m {
			if !yield(k) {
				return
			}
		}
	}
}

// HeldHandle is the handle of the card position p holds this round (-1 outside a round or for
// no such position). A page answering a Gate claim looks up each hand's card by it.
func (b *Blind) HeldHandle(p int) int {
	if p < 0 || p >= int(b.g.positions) || b.g.round == 0 {
		return -1
	}
	return int(b.heldH[p])
}

// TopHandle is the handle on top of the deck, -1 when the deck is empty (the Trapezohedron's
// peeker claims the colour of this card).
func (b *Blind) TopHandle() int {
	if b.g.round == 0 || b.g.deckTop >= b.g.deckEnd {
		return -1
	}
	return int(b.deckH[b.g.deckTop])
}

// OldOne is the deck's Great Old One (or the Mystery Card): what a Gate claim is about.
func (b *Blind) OldOne() CardID { return b.oldOne() }

// Deck is the composition, in id order: the canonical order D_0 of the masked deck.
func (b *Blind) Deck() [DeckCards]CardID { return b.g.deckIDs }

// Players is the number of seats.
func (b *Blind) Players() int { return int(b.g.players) }

// PassingHandle is the handle of the card in transit, -1 when none.
func (b *Blind) PassingHandle() int { return int(b.passH) }
