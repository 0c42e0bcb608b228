package shadowsboard

import (
	"github.com/maxence-charriere/go-app/v9/pkg/app"

	"miskatonic/app/ui/board"
	"miskatonic/engine"
	"miskatonic/engine/shadows"
)

// The parts of the table a move seldom changes are components of their own. go-app redraws a child
// component only when one of its exported fields changed (it compares them with
// reflect.DeepEqual), so an action that spends one character's bills redraws that character's
// card, the moves and the log, not the threat deck, the map, the other characters or the asset row
// (issue 11: the whole table cost a render and a diff of every part on each move). Each part holds
// only plain data, in exported fields, taken from the view; callbacks go through t, the mounted
// Table, which go-app neither compares nor copies (it is unexported) and which outlives its
// updates. A part that has nothing to show draws an empty hidden placeholder, so the parts after
// it keep their places (go-app matches children by position: a part that came and went would make
// it rebuild every part after it).

// resultView is the shared ending, once the game is over.
type resultView struct {
	Outcome *engine.Outcome
	Watcher bool
	t       *Table
}

func (p resultView) Draw() app.UI {
	if p.Outcome == nil {
		return hidden()
	}
	return resultPanel(p.Outcome, p.Watcher)
}

func (t *Table) resultPart() app.UI {
	v := t.V
	if v.Outcome == nil {
		return board.Memo(resultView{t: t})
	}
	return board.Memo(resultView{Outcome: v.Outcome, Watcher: v.Seat < 0, t: t})
}

// deckView is the threat deck and the elder's card.
type deckView struct {
	Threat *shadows.ThreatView
	Elder  *shadows.ElderView
}

func (p deckView) Draw() app.UI {
	return slot(deckPanel(&shadows.View{Threat: p.Threat, Elder: p.Elder}))
}

// cityView is the Arkham map: where each character stands, and the corruption.
type cityView struct {
	Where                []shadows.CharView // each character's seat and location only
	Corruption           []int
	Ring, Marker, Active engine.Seat
	CorruptionLoss       int
	N                    Names
}

func (p cityView) Draw() app.UI {
	v := &shadows.View{Characters: p.Where, Corruption: p.Corruption, Ring: p.Ring, Marker: p.Marker, Active: p.Active,
		Limits: shadows.LimitsView{CorruptionLoss: p.CorruptionLoss}}
	return cityPanel(v, p.N)
}

func (t *Table) cityPart(n Names) app.UI {
	v := t.V
	where := make([]shadows.CharView, len(v.Characters))
	for i, c := range v.Characters {
		where[i] = shadows.CharView{Seat: c.Seat, Location: c.Location}
	}
	return board.Memo(cityView{Where: where, Corruption: v.Corruption, Ring: v.Ring, Marker: v.Marker, Active: v.Active,
		CorruptionLoss: v.Limits.CorruptionLoss, N: n})
}

// charView is one character card.
type charView struct {
	C                      shadows.CharView
	Ring, Marker, Acting   bool // it bears the Ring, holds the Threat Start Marker, acts now
	Over                   bool // the game is over
	Mine                   bool // the viewer moves it now
	MadnessLoss, ShadowCap int
	Name, Player           string
}

func (p charView) Draw() app.UI { return charCard(&p) }

// threatView is what the threat did lately.
type threatView struct {
	News  []shadows.Event
	Elder *shadows.ElderView
	N     Names
}

func (p threatView) Draw() app.UI {
	return threatPanel(p.News, &shadows.View{Elder: p.Elder}, p.N)
}

func (t *Table) threatPart(n Names) app.UI {
	return board.Memo(threatView{News: threatNews(t.V.Log), Elder: t.V.Elder, N: n})
}

// assetsView is the face-up asset row, once there is one.
type assetsView struct {
	Row         []string
	Deck, Rando int
}

func (p assetsView) Draw() app.UI {
	if len(p.Row) == 0 {
		return hidden()
	}
	return assetsPanel(p.Row, p.Deck, p.Rando)
}

// logView is the latest public events.
type logView struct {
	Log   []shadows.Event
	Elder *shadows.ElderView
	N     Names
}

func (p logView) Draw() app.UI { return logPanel(p.Log, &shadows.View{Elder: p.Elder}, p.N) }

// slot is ui, or an empty hidden placeholder of the same place when ui is nil.
func slot(ui app.UI) app.UI {
	if ui == nil {
		return hidden()
	}
	return ui
}

func hidden() app.UI { return app.Div().Hidden(true) }
