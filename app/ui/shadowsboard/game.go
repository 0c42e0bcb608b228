// Package shadowsboard draws Ring of Shadows (engine/shadows) for one viewer: the Arkham map
// with its five locations, who stands where and how corrupt each place is; the threat deck with
// the current Arkham threat and the current shadow; the asset row; every character card with its
// clips and limits; the Ring and the Threat Start Marker; the legal moves as buttons naming what
// they cost; and a running account of what the threat just did. It also holds the "how to play"
// page and the page saying which parts of the rules Miskatonic designed. It knows no rules: every
// button is a legal move the host sent, and every figure is read off the view or the card data.
package shadowsboard

import (
	"fmt"

	"github.com/maxence-charriere/go-app/v9/pkg/app"

	"miskatonic/app/i18n"
	"miskatonic/app/ui/board"
	"miskatonic/engine/shadows"
)

// Name is the game this package draws (engine/shadows' Rules.Name).
const Name = "shadows"

// OursPath is the page naming the parts of the rules Miskatonic completed (app/routes.go routes it).
const OursPath = "/rules/shadows/ours"

// Game is Ring of Shadows's entry in the UI registry (app/routes.go registers it).
var Game = board.Game{
	Name:  Name,
	Board: Draw,
	Rules: rulesPage,
	Order: 3,
	Hands: 4, // solo with up to four characters; at a table, a person may hold two or more
	Log:   Log,
}

// Draw is the board for the game screen.
func Draw(p board.Props) app.UI {
	v, ok := p.View.(*shadows.View)
	if !ok || v == nil {
		return app.P().Text(i18n.T("app.error", fmt.Sprintf("unexpected view %T", p.View)))
	}
	onAct := p.OnAct // apart from P (Table.onAct)
	p.OnAct = nil
	return &Table{V: localView(v), P: p, onAct: onAct} // card words in the reader's language
}

// Log is the latest events in words, for the frame's history of the whole game. The view
// keeps a window of the last events across rounds, so the history is one list (no round
// label): the frame adds what slides into the window.
func Log(p board.Props) (string, []string) {
	v, ok := p.View.(*shadows.View)
	if !ok || v == nil {
		return "", nil
	}
	t := &Table{V: localView(v), P: p}
	n := t.names()
	lines := make([]string, 0, len(v.Log))
	for _, e := range v.Log {
		lines = append(lines, n.LogLine(e, t.V))
	}
	return "", lines
}
