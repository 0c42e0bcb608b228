package ui

// The frame's history: every line a game's log showed during the game, round by round, in a
// panel the player scrolls back through. Games keep in their views only the latest events (the
// round's, or a window of the last few); the frame keeps the rest, so nothing shown once is
// lost when the next round empties the log.

import (
	"reflect"

	"github.com/maxence-charriere/go-app/v9/pkg/app"

	"miskatonic/app/i18n"
	"miskatonic/app/ui/board"
)

// History is the whole game's log as this page saw it. The zero value is ready.
type History struct {
	table  string
	rounds []historyRound
	last   []string // the view's log when last noted
	lines  int      // lines in every round
	// seen is the view last noted, when it is a pointer: the screen notes each view as it
	// arrives and the frame the same view again as it draws it, and a game's Log (every line
	// put in words) cost as much as a small part of the drawing.
	seen any
}

type historyRound struct {
	label string
	lines []string
}

// note adds what the view's log shows beyond what was noted before: within a round, the lines
// past the longest overlap of the old log's end with the new one's start (a log that only
// grows, or a window that slides); in a new round, all of them.
func (h *History) note(g board.Game, p board.Props) {
	if h == nil || g.Log == nil || p.View == nil {
		return
	}
	if h.table != p.Table {
		*h = History{table: p.Table}
	}
	if sameView(h.seen, p.View) {
		return
	}
	h.seen = nil
	if reflect.ValueOf(p.View).Kind() == reflect.Pointer {
		h.seen = p.View
	}
	label, lines := g.Log(p)
	if n := len(h.rounds); n == 0 || h.rounds[n-1].label != label {
		h.rounds = append(h.rounds, historyRound{label: label})
		h.last = nil
	}
	cur := &h.rounds[len(h.rounds)-1]
	added := lines[overlap(h.last, lines):]
	cur.lines = append(cur.lines, added...)
	h.lines += len(added)
	h.last = append(h.last[:0], lines...)
}

// sameView says whether a and b are the same decoded view (the same pointer).
func sameView(a, b any) bool {
	if a == nil || b == nil {
		return false
	}
	va, vb := reflect.ValueOf(a), reflect.ValueOf(b)
	return va.Type() == vb.Type() && va.Kind() == reflect.Pointer && va.Pointer() == vb.Pointer()
}

// overlap is the length of the longest end of old that starts new.
func overlap(old, new []string) int {
	for k := min(len(old), len(new)); k > 0; k-- {
		if equalLines(old[len(old)-k:], new[:k]) {
			return k
		}
	}
	return 0
}

func equalLines(a, b []string) bool {
	for i := range a {
		if a[i] != b[i] {
			return false
		}
	}
	return true
}

// panel is the history, oldest first, in a box that scrolls; nil before anything happened. It
// is a component keyed by what it shows, so a move that adds no line (most do not, and the
// history grows all game) leaves go-app nothing of it to compare.
func (h *History) panel() app.UI {
	if h == nil || h.lines == 0 {
		return nil
	}
	return &historyPanel{Table: h.table, Lines: h.lines, Rounds: len(h.rounds), Lang: string(i18n.Current()), h: h}
}

// historyPanel draws a History; its exported fields are what go-app compares before drawing.
type historyPanel struct {
	app.Compo
	Table  string
	Lines  int
	Rounds int
	Lang   string
	h      *History // the screen's own, which stays the same for the panel's life
}

func (v *historyPanel) Render() app.UI { return frameSlot(v.h.draw()) }

// draw is the history panel's content; nil before anything happened.
func (h *History) draw() app.UI {
	if h == nil {
		return nil
	}
	var body []app.UI
	n := 0
	for _, r := range h.rounds {
		if len(r.lines) == 0 {
			continue
		}
		n += len(r.lines)
		// One component per round, keyed by its lines: a move adds lines to the last round
		// only, and go-app then compares the earlier rounds and draws none of them again.
		body = append(body, &historyRoundView{Label: r.label, Lines: r.lines[:len(r.lines):len(r.lines)]})
	}
	if n == 0 {
		return nil
	}
	return app.Elem("section").Class("panel", "frame-history").ID("history").DataSet("lines", n).Body(
		app.Elem("h2").Text(i18n.T("frame.history")),
		app.Div().Class("frame-history-scroll").Attr("tabindex", "0").Aria("label", i18n.T("frame.history")).Body(body...),
	)
}

// historyRoundView draws one round of the history. Its lines are only ever appended to (note),
// so an equal slice is an unchanged round.
type historyRoundView struct {
	app.Compo
	Label string
	Lines []string
}

func (v *historyRoundView) Render() app.UI {
	items := make([]app.UI, 0, len(v.Lines))
	for _, l := range v.Lines {
		items = append(items, app.Elem("li").Text(l))
	}
	return app.Div().Class("frame-history-round").Body(
		app.If(v.Label != "", app.Elem("h3").Text(v.Label)),
		app.Elem("ol").Body(items...),
	)
}
