package rituals

import (
	"miskatonic/engine"
)

type logRec struct {
	kind  uint8
	seat  int8
	to    int8 // -1 when unused
	card  CardID
	place int8 // -1 when unused
	n     int8
}

const (
	evGrab uint8 = iota
	evGrabLost
	evReveal
	evPlay
	evNegated
	evDiscover
	evPlace
	evInvoke
	evPsychotic
	evDraw
	evEnd
)

func (g *Game) addLog(kind uint8, seat, to int8, c CardID, place, n int8) {
	if g.stale {
		g.nLog, g.stale = 0, false
	}
	if int(g.nLog) < len(g.log) {
		g.log[g.nLog] = logRec{kind: kind, seat: seat, to: to, card: c, place: place, n: n}
		g.nLog++
	}
}

// View is what one seat may know. Its JSON is deterministic and it shares no memory with the
// game. Cards are their keys, places their keys; a seat the view does not name is -1.
type View struct {
	Game    string        `json:"game"` // "rituals"
	Seat    engine.Seat   `json:"seat"` // whose view (engine.Observer: public information)
	Players int           `json:"players"`
	Phase   string        `json:"phase"`
	Round   int           `json:"round"`
	Turn    int           `json:"turn"`   // placements made this round
	Active  []engine.Seat `json:"active"` // who may move now (engine.Dealer while the deal is due)
	Sealed  bool          `json:"sealed"` // the active seats choose in secret
	// Hand is this seat's own hand in id order (empty for the Observer).
	Hand     []CardID   `json:"hand"`
	DeckSize int        `json:"deckSize"`
	Seats    []SeatView `json:"seats"`
	Places   []Place    `json:"places"` // the 12 ritual places, A–L
	// Discards are the events played, in the order they left the stack.
	Discards []CardID `json:"discards"`
	// Stack holds the events played and not yet resolved, the first played first.
	Stack   []Play     `json:"stack"`
	Window  *Window    `json:"window"`  // the open event window, if any
	Placing *Placing   `json:"placing"` // the cultist whose place is being chosen, if any
	Psycho  *Psychotic `json:"psychotic"`
	Log     []Event    `json:"log"` // this round's public events (round 1 includes the setup)
	// LogRound, when set, says Log is still that (the last) round's: rules version 2 keeps it
	// from the round's last move until this round's first event.
	LogRound int             `json:"logRound,omitempty"`
	Outcome  *engine.Outcome `json:"outcome"`
}

// SeatView is one player's public side (plus, in its own view, its sealed choice).
type SeatView struct {
	Seat     engine.Seat `json:"seat"`
	HandSize int         `json:"handSize"`
	// Chosen: in a sealed step, this seat has chosen (what it chose stays hidden from the others
	// until everyone has).
	Chosen bool `json:"chosen"`
	// Grab is the place picked in the sealed grab: only in the seat's own view, until settled.
	Grab string `json:"grab,omitempty"`
	// Sent is this round's cultist, face up once everyone sent; before that only in the seat's
	// own view. NoCultist: revealed without one (ruling 16).
	Sent      CardID `json:"sent"`
	NoCultist bool   `json:"noCultist,omitempty"`
	Insanity  int    `json:"insanity"`        // effective this round (Mental Breakdown 100, Right Mind 0)
	Steer     Steer  `json:"steer,omitempty"` // SteerFalseGod | SteerTargeted
	// SteerBy is who played the steering event, -1 if none.
	SteerBy engine.Seat `json:"steerBy"`
	Placed  bool        `json:"placed"`
	// Left and Right are the cultists beside the Secret Influence card, in id order. They lie
	// face down, but every one was face up at a ritual place before, so they are public.
	Left  []CardID `json:"left"`
	Right []CardID `json:"right"`
	Score int      `json:"score"` // if the game ended now (ruling 10)
}

// Place is one ritual place.
type Place struct {
	Key      string        `json:"key"`
	Owner    engine.Seat   `json:"owner"`    // -1: forgotten, in the middle of the table
	Cultists []CardID      `json:"cultists"` // positions #1 (left), #2 (top), #3 (right)
	Senders  []engine.Seat `json:"senders"`  // who sent each of Cultists, position by position
	RisenBy  engine.Seat   `json:"risenBy"`  // who gained it by Rise Up this round, else -1
}

// Play is an event on the stack or in the log of plays.
type Play struct {
	Card  CardID      `json:"card"`
	Seat  engine.Seat `json:"seat"`
	To    engine.Seat `json:"to"`    // target seat, -1 if none
	Place string      `json:"place"` // "" if none
	N     int         `json:"n"`     // New Arrangement positions, Embarrassing Mistake cultist id
}

// Window is an open event window: Kind events1 (end of phase 1), events2 (phase 2) or react
// (That Doesn't Work answering the top of the stack). Order is who is asked, in turn; Asked is
// the seat asked now; Passes counts passes in a row (the window closes at len(Order)).
type Window struct {
	Kind   string        `json:"kind"`
	Order  []engine.Seat `json:"order"`
	Asked  engine.Seat   `json:"asked"`
	Passes int           `json:"passes"`
}

// Placing is the cultist being placed when there is a choice.
type Placing struct {
	Seat    engine.Seat `json:"seat"` // its owner
	Card    CardID      `json:"card"`
	Chooser engine.Seat `json:"chooser"`
	Places  []string    `json:"places"`
}

// Psychotic is an invocation's #1 cultist waiting for the owner to name its recipient.
type Psychotic struct {
	Owner engine.Seat `json:"owner"`
	Card  CardID      `json:"card"`
}

// Event is one public log entry. Kind is one of grab, grab_lost, reveal, play, negated,
// discover, place, invoke, psychotic, draw, end. Seat acts (the cultist's owner for place); To is
// the target seat of a play, the chooser of a place, the recipient of a psychotic; Place is a
// place key; N is the position taken (place), the cards drawn (draw), a play's number.
type Event struct {
	Kind  EventKind   `json:"kind"`
	Seat  engine.Seat `json:"seat"`
	To    engine.Seat `json:"to"`
	Card  CardID      `json:"card,omitempty"`
	Place string      `json:"place,omitempty"`
	N     int         `json:"n,omitempty"`
}

// View returns what s may know now.
func (g *Game) View(s engine.Seat) engine.View { return g.ViewOf(s) }

func placeName(p int8) string {
	if p < 0 {
		return ""
	}
	return Places[p].Key
}

func cardsOf(set [2]uint64) []CardID {
	out := []CardID{}
	for c := CardID(1); c <= maxCard; c++ {
		if set[c>>6]&(1<<(c&63)) != 0 {
			out = append(out, c)
		}
	}
	return out
}

// ViewOf is View with its concrete type.
func (g *Game) ViewOf(s engine.Seat) *View {
	if !s.Valid(int(g.players)) {
		s = engine.Observer
	}
	st := g.Status()
	v := &View{Game: "rituals", Seat: s, Players: int(g.players), Phase: st.Phase, Round: st.Round, Turn: st.Turn,
		Active: st.Active, Sealed: st.Sealed, Hand: []CardID{}, DeckSize: int(g.deckEnd - g.deckTop),
		Seats: make([]SeatView, g.players), Places: make([]Place, NumPlaces), Discards: append([]CardID{}, g.disc[:g.nDisc]...),
		Stack: []Play{}, Log: make([]Event, g.nLog), Outcome: st.Result}
	if s != engine.Observer {
		for _, h := range g.hand[s][:g.handN[s]] {
			v.Hand = append(v.Hand, h.open())
		}
	}
	sealed := g.phase == phGrab || g.phase == phSend
	for p := int8(0); p < g.players; p++ {
		sv := SeatView{Seat: engine.Seat(p), HandSize: int(g.handN[p]), Chosen: sealed && g.chosen&(1<<p) != 0,
			SteerBy: -1, Left: cardsOf(g.left[p]), Right: cardsOf(g.right[p]), Score: g.Score(int(p))}
		own := engine.Seat(p) == s
		if g.phase == phGrab && own && sv.Chosen {
			sv.Grab = Places[g.grabPick[p]].Key
		}
		if g.phase == phSend {
			if own && sv.Chosen {
				sv.Sent = g.choice[p].open()
				sv.NoCultist = sv.Sent == 0
			}
		} else if g.round > 0 && g.phase != phGrab {
			sv.Sent, sv.NoCultist, sv.Placed = g.sent[p], g.sent[p] == 0, g.placed[p]
			sv.Insanity = int(g.eff[p])
			sv.Steer = steerNames[g.steer[p]]
			if g.steer[p] != steerNone {
				sv.SteerBy = engine.Seat(g.steerBy[p])
			}
		}
		v.Seats[p] = sv
	}
	for p := int8(0); p < NumPlaces; p++ {
		pl := Place{Key: Places[p].Key, Owner: engine.Seat(g.owner[p]), Cultists: append([]CardID{}, g.slots[p][:g.slotN[p]]...), RisenBy: -1}
		pl.Senders = make([]engine.Seat, len(pl.Cultists))
		for i, c := range pl.Cultists {
			pl.Senders[i] = engine.Seat(g.from[c])
		}
		if g.owner[p] >= 0 && g.risen[p] == g.round && g.round > 0 {
			pl.RisenBy = engine.Seat(g.owner[p])
		}
		v.Places[p] = pl
	}
	for _, e := range g.stack[:g.nStack] {
		v.Stack = append(v.Stack, Play{Card: e.card, Seat: engine.Seat(e.seat), To: engine.Seat(e.to), Place: placeName(e.place), N: int(e.n)})
	}
	if g.phase == phWindow {
		w := &Window{Kind: st.Phase}
		order, n, ask, passes := g.wOrder[:], g.wN, g.wAsk, g.wPass
		if g.nStack > 0 {
			order, n, ask, passes = g.rOrder[:], g.rN, g.rAsk, g.rPass
		}
		for _, o := range order[:n] {
			w.Order = append(w.Order, engine.Seat(o))
		}
		w.Asked, w.Passes = engine.Seat(order[ask]), int(passes)
		v.Window = w
	}
	if g.phase == phPlace {
		who := g.order[g.next]
		pl := &Placing{Seat: engine.Seat(who), Card: g.sent[who], Chooser: engine.Seat(g.placer), Places: []string{}}
		for p := int8(0); p < NumPlaces; p++ {
			if g.placeMask&(1<<p) != 0 {
				pl.Places = append(pl.Places, Places[p].Key)
			}
		}
		v.Placing = pl
	}
	if g.phase == phPsychotic {
		v.Psycho = &Psychotic{Owner: engine.Seat(g.psOwner), Card: g.psCard}
	}
	if g.stale {
		v.LogRound = int(g.round) - 1
	}
	for i, r := range g.log[:g.nLog] {
		v.Log[i] = Event{Kind: logNames[r.kind], Seat: engine.Seat(r.seat), To: engine.Seat(r.to), Card: r.card,
			Place: placeName(r.place), N: int(r.n)}
	}
	return v
}

// DecodeView reads a view back from its JSON.
func (Rules) DecodeView(data []byte) (engine.View, error) {
	return engine.DecodeView[View](data, "rituals: view")
}
