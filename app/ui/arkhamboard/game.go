package arkhamboard

import (
	"fmt"

	"github.com/maxence-charriere/go-app/v9/pkg/app"

	"miskatonic/app/i18n"
	"miskatonic/app/ui/board"
	"miskatonic/engine"
	"miskatonic/engine/arkham"
)

// Name is the game this package draws (engine/arkham's Rules.Name).
const Name = "arkham"

// Game is Arkham Ritual's entry in the UI registry (app/routes.go registers it).
var Game = board.Game{
	Name:  Name,
	Board: Draw,
	Rules: rulesPage,
	Order: 1,
	// The game over covers the table (an overlay), so the frame's outcome goes inside it.
	Places:   board.PieceOutcome,
	TalkRule: "ark.chat_rule",
	Log:      Log,
	Pictures: pictures(),
}

// Draw is the board for the game screen: the view adapted to what the table draws.
func Draw(p board.Props) app.UI {
	v, ok := p.View.(*arkham.View)
	if !ok {
		return app.P().Text(i18n.T("app.error", fmt.Sprintf("unexpected view %T", p.View)))
	}
	r := Roster{}
	for _, s := range p.Seats {
		r.Names = append(r.Names, s.Name)
		r.Bots = append(r.Bots, s.Bot)
		r.Offline = append(r.Offline, s.Offline)
	}
	b := FromView(v, p.Legal, r)
	b.Seq = p.Seq
	return &Table{Board: b, Game: p.Table, onAct: p.OnAct, Outcome: p.Pieces.Outcome}
}

// Log is the round's events in words, for the frame's history of the whole game.
func Log(p board.Props) (string, []string) {
	v, ok := p.View.(*arkham.View)
	if !ok || v == nil {
		return "", nil
	}
	r := Roster{}
	for _, s := range p.Seats {
		r.Names = append(r.Names, s.Name)
	}
	name := func(s engine.Seat) string { return r.name(s, v.Players) }
	lines := make([]string, 0, len(v.Log))
	for _, e := range v.Log {
		lines = append(lines, eventText(e, name))
	}
	return i18n.T("frame.round", v.Round), lines
}
