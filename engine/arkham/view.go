package arkham

import (
	"miskatonic/engine"
)

// View is what one seat may know. Its JSON is deterministic (structs and slices only) and it
// shares no memory with the game. Cards encode as their keys; a hidden card is null.
type View struct {
	Game    string      `json:"game"` // "arkham"
	Seat    engine.Seat `json:"seat"` // whose view (engine.Observer for public information)
	Options Options     `json:"options"`
	Players int         `json:"players"`
	Phase   string      `json:"phase"`
	Round   int         `json:"round"`
	Turn    int         `json:"turn"`
	// Active is the active player of the current (or last) round; -1 before the first round.
	Active engine.Seat `json:"active"`
	// ToMove is the seat that must move now: engine.Dealer while a deal is due, -1 once over.
	ToMove    engine.Seat `json:"toMove"`
	Positions []Position  `json:"positions"` // players in seat order, then dummies
	Passing   *Passing    `json:"passing"`   // the card in transit this turn, if any
	DeckSize  int         `json:"deckSize"`
	Removed   int         `json:"removed"` // cards the Orb removed this round (face down)
	Discards  Discards    `json:"discards"`
	Doom      int         `json:"doom"` // current Doom Track value, 0 when the Doom Track is off
	// Seen lists the cards this seat saw privately this round and where they are now.
	Seen []Seen `json:"seen"`
	// Log is this round's public events, oldest first.
	Log       []Event         `json:"log"`
	LastRound *RoundResult    `json:"lastRound"`
	Outcome   *engine.Outcome `json:"outcome"`

	// Unseen lists other positions whose card this view leaves out although the seat may see
	// it: a host-blind bot sees only what the page running it may, never that page's person's
	// own card (Blind.ViewFor). Empty in today's engine, and then not in the JSON.
	Unseen []engine.Seat `json:"unseen,omitempty"`
}

// Position is one hand at the table.
type Position struct {
	Seat        engine.Seat `json:"seat"` // dummies are numbered after the players
	Dummy       bool        `json:"dummy"`
	Card        CardID      `json:"card"` // null when hidden from the viewer or between rounds
	Sanity      int         `json:"sanity"`
	HandOnTable bool        `json:"handOnTable"`
}

// Passing is the card going round this turn.
type Passing struct {
	Chain  []engine.Seat `json:"chain"`  // who handled it this turn, the drawer first
	Holder engine.Seat   `json:"holder"` // who holds it now
	Card   CardID        `json:"card"`   // its face, only for a seat that drew or peeked it
}

// Discards are the face-up cards of this round.
type Discards struct {
	// Artifacts holds the discarded artifacts by type, in ArtifactTypes order.
	Artifacts [5][]CardID `json:"artifacts"`
	Other     []CardID    `json:"other"` // events, characters, Great Old Ones, in discard order
}

// Seen is a card this seat saw privately: one it drew, or the top card it peeked after
// discarding the Orb or the Trapezohedron.
type Seen struct {
	Card CardID  `json:"card"`
	How  SeenHow `json:"how"` // draw | orb | trapezohedron
	Turn int     `json:"turn"`
	// Where the card is now: deck | passing | held | discard | removed. Seat is its holder for
	// passing and held, else -1.
	Where Place       `json:"where"`
	Seat  engine.Seat `json:"seatNow"`
}

// Event is one public log entry. Kind is one of round_start, give, pass, take, drop,
// orb_return, orb_remove, trapezohedron, gate, mystery, round_end. Seat acts; To is the
// receiver (give, pass) or the Great Old One's holder (gate); Card is a face made public (the
// card discarded by take or drop, the Great Old One of a gate, the Mystery Card's reveal); N is
// the Trapezohedron's +1 or -1; Cause is why a round ended.
type Event struct {
	Kind  EventKind    `json:"kind"`
	Seat  engine.Seat  `json:"seat"`
	To    *engine.Seat `json:"to,omitempty"`
	Card  CardID       `json:"card,omitempty"`
	N     int          `json:"n,omitempty"`
	Cause Cause        `json:"cause,omitempty"`
}

// RoundResult is a finished round with every held card revealed.
type RoundResult struct {
	Round  int    `json:"round"`
	Cause  Cause  `json:"cause"`
	OldOne CardID `json:"oldOne"` // the Great Old One resolved (the Mystery Card's reveal), or null
	// OldOneHolder is the position that held it, -1 if none.
	OldOneHolder engine.Seat      `json:"oldOneHolder"`
	Doom         int              `json:"doom"`   // Doom value applied, 0 when off
	Failed       int              `json:"failed"` // positions (dummies included) that did not survive
	Positions    []ResultPosition `json:"positions"`
}

// ResultPosition is one hand's fate. Reason is one of sane, investigator, cursed, duplicate,
// cultist_sane, cultist_cursed, student, professor_nonartifact, oldone, oldone_holder, spared,
// unresolved (the game ended mid-round).
type ResultPosition struct {
	Seat     engine.Seat `json:"seat"`
	Dummy    bool        `json:"dummy"`
	Card     CardID      `json:"card"`
	Survived bool        `json:"survived"`
	Reason   Fate        `json:"reason"`
	Delta    int         `json:"delta"`  // sanity change this round
	Sanity   int         `json:"sanity"` // sanity after the round (0 for dummies)
}

// View returns what s may know now.
func (g *Game) View(s engine.Seat) engine.View { return g.ViewOf(s) }

// ViewOf is View with its concrete type.
func (g *Game) ViewOf(s engine.Seat) *View {
	if !s.Valid(int(g.players)) {
		s = engine.Observer
	}
	inRound := g.phase == phGive || g.phase == phRespond || g.phase == phOrb
	v := &View{Game: "arkham", Seat: s, Options: g.opts, Players: int(g.players), Phase: phaseNames[g.phase],
		Round: int(g.round), Turn: int(g.turn), Active: engine.Seat(g.active), ToMove: engine.Observer,
		Positions: make([]Position, g.positions), Seen: []Seen{}, Log: make([]Event, g.nLog)}
	if m, ok := g.Mover(); ok {
		v.ToMove = m
	}
	for p := int8(0); p < g.positions; p++ {
		pos := Position{Seat: engine.Seat(p), Dummy: p >= g.players, HandOnTable: inRound && g.onTable[p]}
		if p < g.players {
			pos.Sanity = int(g.sanity[p])
		}
		if inRound && (pos.Dummy || (s != engine.Observer && engine.Seat(p) != s)) {
			pos.Card = g.held[p].open()
		}
		v.Positions[p] = pos
	}
	if inRound {
		ps := &Passing{Chain: make([]engine.Seat, g.chainLen), Holder: engine.Seat(g.holder)}
		for i := range ps.Chain {
			ps.Chain[i] = engine.Seat(g.chain[i])
		}
		if c := g.passing.open(); c != 0 && g.knowsCard(s, c) {
			ps.Card = c
		}
		if g.passing != 0 {
			v.Passing = ps
		}
		v.DeckSize = int(g.deckEnd - g.deckTop)
	}
	if g.phase != phDeal || g.round > 0 {
		v.Removed = int(g.nRem)
		for i := range v.Discards.Artifacts {
			v.Discards.Artifacts[i] = []CardID{}
		}
		v.Discards.Other = []CardID{}
		for _, c := range g.discards[:g.nDisc] {
			if t := artType[c]; t >= 0 {
				v.Discards.Artifacts[t] = append(v.Discards.Artifacts[t], c)
			} else {
				v.Discards.Other = append(v.Discards.Other, c)
			}
		}
	} else {
		for i := range v.Discards.Artifacts {
			v.Discards.Artifacts[i] = []CardID{}
		}
		v.Discards.Other = []CardID{}
	}
	if g.doomOn {
		v.Doom = int(g.doom)
	}
	for _, r := range g.seen[:g.nSeen] {
		if engine.Seat(r.seat) != s || s == engine.Observer {
			continue
		}
		where, at := g.whereIs(r.card)
		v.Seen = append(v.Seen, Seen{Card: r.card, How: seenNames[r.how], Turn: int(r.turn), Where: where, Seat: at})
	}
	for i, r := range g.log[:g.nLog] {
		e := Event{Kind: eventNames[r.kind], Seat: engine.Seat(r.seat), Card: r.card}
		if r.to >= 0 {
			to := engine.Seat(r.to)
			e.To = &to
		}
		switch r.kind {
		case evRoundEnd:
			e.Cause = causeNames[r.n]
		default:
			e.N = int(r.n)
		}
		v.Log[i] = e
	}
	if g.hasLast {
		v.LastRound = g.resultView()
	}
	if g.phase == phOver {
		v.Outcome = g.outcome()
	}
	return v
}

// knowsCard reports whether seat s privately saw card c this round.
func (g *Game) knowsCard(s engine.Seat, c CardID) bool {
	return s.Valid(MaxPlayers) && g.knows[c]&(1<<s) != 0
}

// whereIs finds a card the viewer already knows; it never tells more than that viewer saw.
func (g *Game) whereIs(c CardID) (Place, engine.Seat) {
	if g.passing.open() == c {
		return PlacePassing, engine.Seat(g.holder)
	}
	for p := int8(0); p < g.positions; p++ {
		if g.held[p].open() == c {
			return PlaceHeld, engine.Seat(p)
		}
	}
	for _, h := range g.deck[g.deckTop:g.deckEnd] {
		if h.open() == c {
			return PlaceDeck, engine.Observer
		}
	}
	for _, h := range g.removed[:g.nRem] {
		if h.open() == c {
			return PlaceRemoved, engine.Observer
		}
	}
	for _, d := range g.discards[:g.nDisc] {
		if d == c {
			return PlaceDiscard, engine.Observer
		}
	}
	return PlaceDeck, engine.Observer
}

func (g *Game) resultView() *RoundResult {
	r := &g.last
	rv := &RoundResult{Round: int(r.round), Cause: causeNames[r.cause], OldOne: r.oldOne,
		OldOneHolder: engine.Seat(r.holder), Doom: int(r.doom), Failed: int(r.failed),
		Positions: make([]ResultPosition, g.positions)}
	for p := int8(0); p < g.positions; p++ {
		rp := ResultPosition{Seat: engine.Seat(p), Dummy: p >= g.players, Card: r.card[p], Survived: r.survived[p],
			Reason: reasonNames[r.reason[p]], Delta: int(r.delta[p])}
		if p < g.players {
			rp.Sanity = int(r.after[p])
		}
		rv.Positions[p] = rp
	}
	return rv
}

// DecodeView reads a view back from its JSON.
func (Rules) DecodeView(data []byte) (engine.View, error) {
	return engine.DecodeView[View](data, "arkham: view")
}

// Version is the rules version (see engine.Rules).
func (Rules) Version() int { return 1 }
