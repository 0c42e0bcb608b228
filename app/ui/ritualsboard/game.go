// Package ritualsboard draws Rituals of Madness (engine/rituals) for one viewer: the twelve
// ritual places, the viewer's hand and Secret Influence, the sealed sending out, the visits in
// insanity order, event windows with their countdown, and the final scoring; and the "how to
// play" page. It knows no rules: every button is a legal move the host sent, and every figure
// is read off the view.
package ritualsboard

import (
	"fmt"

	"github.com/maxence-charriere/go-app/v9/pkg/app"

	"miskatonic/app/i18n"
	"miskatonic/app/ui/board"
	"miskatonic/engine/rituals"
)

// Name is the game this package draws (engine/rituals' Rules.Name).
const Name = "rituals"

// Game is Rituals of Madness's entry in the UI registry (app/routes.go registers it).
var Game = board.Game{
	Name:  Name,
	Board: Draw,
	Rules: rulesPage,
	Order: 2,
	// The rule about talk, above the frame's table talk.
	TalkRule: "rit.chat_rule",
	Log:      Log,
}

// Draw is the board for the game screen.
func Draw(p board.Props) app.UI {
	v, ok := p.View.(*rituals.View)
	if !ok || v == nil {
		return app.P().Text(i18n.T("app.error", fmt.Sprintf("unexpected view %T", p.View)))
	}
	// OnAct rides apart from P: a func never compares equal, and go-app would redraw the whole
	// board on every drawing of the screen, even when only the frame around it changed.
	onAct := p.OnAct
	p.OnAct = nil
	return &Table{V: v, P: p, onAct: onAct}
}

// Log is the round's events in words, for the frame's history of the whole game. From a round's
// last move to the next round's first event the view still holds the round just ended (LogRound),
// so its closing placements, invocations and draws land in that round's history.
func Log(p board.Props) (string, []string) {
	v, ok := p.View.(*rituals.View)
	if !ok || v == nil {
		return "", nil
	}
	n := (&Table{V: v, P: p}).names()
	lines := make([]string, 0, len(v.Log))
	for _, e := range v.Log {
		lines = append(lines, n.LogLine(e))
	}
	round := v.Round
	if v.LogRound > 0 {
		round = v.LogRound
	}
	return i18n.T("frame.round", round), lines
}
