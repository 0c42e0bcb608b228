package ritualsboard

import (
	"github.com/maxence-charriere/go-app/v9/pkg/app"

	"miskatonic/app/ui/board"
	"miskatonic/engine"
	"miskatonic/engine/rituals"
)

// The parts of the table a move seldom changes are components of their own. go-app redraws a child
// component only when one of its exported fields changed (it compares them with
// reflect.DeepEqual), so a move that places one cultist redraws the places, the seats and the log,
// not the hand, the Secret Influence or the talk; and a second of the countdown, or a tap on a
// sealed option, redraws none of them (issue 11: the whole table cost a render and a diff of every
// part on each move). Each part holds only plain data, in exported fields, taken from the view;
// callbacks go through t, the mounted Table, which go-app neither compares nor copies (it is
// unexported) and which outlives its updates; so every part is drawn with t from the start, even
// while it shows nothing (a part mounted without it would keep a nil table). A part that has
// nothing to show draws an empty hidden placeholder, so the parts after it keep their places
// (go-app matches children by position: a part that came and went would make it rebuild every part
// after it).

// seatsView is every player's public side.
type seatsView struct {
	Seats   []rituals.SeatView
	Phase   string
	Round   int
	Sealed  bool
	Placing *rituals.Placing
	Locked  []engine.Seat
	Target  []engine.Move // the pressed event's plays on a player (targets.go)
	N       Names
	t       *Table
}

func (p seatsView) Draw() app.UI {
	v := &rituals.View{Seat: p.N.Me, Seats: p.Seats, Phase: p.Phase, Round: p.Round, Sealed: p.Sealed, Placing: p.Placing}
	return seatsPanel(v, p.Locked, p.Target, p.N, p.t)
}

func (t *Table) seatsPart(n Names) app.UI {
	v := t.V
	var locked []engine.Seat
	if v.Sealed {
		locked = t.P.Locked // only read in a sealed step
	}
	sv := seatsView{Seats: v.Seats, Phase: v.Phase, Round: v.Round, Sealed: v.Sealed, Placing: v.Placing, Locked: locked, N: n, t: t}
	if kind, ms := t.targets(); kind == "seat" {
		sv.Target = ms
	}
	return board.Memo(sv)
}

// placesView is the twelve ritual places, with the viewer's placing moves.
type placesView struct {
	Places []rituals.Place
	Place  []engine.Move // the legal moves putting a cultist on a place
	Target []engine.Move // the pressed event's plays at a place (targets.go)
	N      Names
	t      *Table
}

func (p placesView) Draw() app.UI {
	return placesPanel(p.Places, p.Place, p.Target, p.N, p.t)
}

func (t *Table) placesPart(n Names) app.UI {
	pv := placesView{Places: t.V.Places, Place: movesOf(t.P.Legal, rituals.MovePlace), N: n, t: t}
	if kind, ms := t.targets(); kind == "place" {
		pv.Target = ms
	}
	return board.Memo(pv)
}

// handView is the viewer's own cards.
type handView struct {
	Hand []rituals.CardID
	Sent rituals.CardID // the cultist the viewer locked in, shown first
	Send []engine.Move  // the legal moves choosing a card of the hand
	Sel  string         // the key of the one pressed
	None bool           // a watcher: the placeholder
}

func (p handView) Draw() app.UI {
	if p.None {
		return hidden()
	}
	return handPanel(p.Hand, p.Sent, p.Send, p.Sel)
}

func (t *Table) handPart() app.UI {
	v := t.V
	if v.Seat < 0 {
		return board.Memo(handView{None: true})
	}
	p := handView{Hand: v.Hand}
	if int(v.Seat) < len(v.Seats) && v.Seats[v.Seat].Chosen {
		p.Sent = v.Seats[v.Seat].Sent
	}
	for _, m := range t.P.Legal {
		if m.Kind == rituals.MoveSend && m.Card != 0 {
			p.Send = append(p.Send, m)
		}
	}
	if len(p.Send) > 0 {
		p.Sel = t.sel
	}
	return board.Memo(p)
}

// influenceView is the viewer's Secret Influence and its score now.
type influenceView struct {
	Left, Right []rituals.CardID
	B           Breakdown
	None        bool // a watcher: the placeholder
}

func (p influenceView) Draw() app.UI {
	if p.None {
		return hidden()
	}
	return influencePanel(p.Left, p.Right, p.B)
}

func (t *Table) influencePart() app.UI {
	v := t.V
	if v.Seat < 0 || int(v.Seat) >= len(v.Seats) {
		return board.Memo(influenceView{None: true})
	}
	sv := v.Seats[v.Seat]
	return board.Memo(influenceView{Left: sv.Left, Right: sv.Right, B: BreakdownOf(v, int(v.Seat))})
}

// logView is this round's public events.
type logView struct {
	Log []rituals.Event
	Of  int // the round just ended, while the log is still its
	N   Names
}

func (p logView) Draw() app.UI { return logPanel(p.Log, p.Of, p.N) }

// resultView is the final scoring, once the game is over.
type resultView struct {
	Outcome *engine.Outcome
	Scores  []Breakdown // by seat
	N       Names
	t       *Table
}

func (p resultView) Draw() app.UI {
	if p.Outcome == nil {
		return hidden()
	}
	return resultPanel(p.Outcome, p.Scores, p.N)
}

func (t *Table) resultPart(n Names) app.UI {
	v := t.V
	if v.Outcome == nil {
		return board.Memo(resultView{t: t})
	}
	scores := make([]Breakdown, len(v.Seats))
	for s := range v.Seats {
		scores[s] = BreakdownOf(v, s)
	}
	return board.Memo(resultView{Outcome: v.Outcome, Scores: scores, N: n, t: t})
}

// movesOf is the moves of one kind among legal.
func movesOf(legal []engine.Move, kind string) []engine.Move {
	var out []engine.Move
	for _, m := range legal {
		if m.Kind == kind {
			out = append(out, m)
		}
	}
	return out
}

// slot is ui, or an empty hidden placeholder of the same place when ui is nil.
func slot(ui app.UI) app.UI {
	if ui == nil {
		return hidden()
	}
	return ui
}

func hidden() app.UI { return app.Div().Hidden(true) }
