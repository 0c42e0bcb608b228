package ritualsboard

import (
	"time"

	"github.com/maxence-charriere/go-app/v9/pkg/app"

	"miskatonic/app/i18n"
	"miskatonic/app/ui/board"
	"miskatonic/app/ui/uiloop"
	"miskatonic/engine/rituals"
)

// Countdowns of the event windows. A That Doesn't Work window always runs its full time, so
// how long a player takes says nothing about whether they hold the card.
const (
	reactSeconds = 8  // answering an event
	eventSeconds = 12 // a window where the viewer could play an event
	passSeconds  = 2  // a window where the viewer can only pass
)

// after runs fn on the UI goroutine a second from now, marking nothing for redrawing
// (uiloop.Quietly): a second redraws the countdown's own part, not the table (issue 26: every
// second of every window drew the whole table again on each of five pages). Native tests
// replace it to hold the second until they run it: a live countdown would dispatch into the
// test's dispatcher at any later step.
var after = func(ctx app.Context, t *Table, fn func(app.Context)) { uiloop.Quietly(ctx, t, time.Second, fn) }

// arm starts the countdown of a newly opened window.
func (t *Table) arm(ctx app.Context) {
	v := t.V
	if v == nil || v.Window == nil || v.Outcome != nil {
		t.winKey = ""
		return
	}
	key := t.stepKey()
	if key == t.winKey {
		return
	}
	t.winKey = key
	t.winLeft = eventSeconds
	switch {
	case len(v.Stack) > 0:
		t.winLeft = reactSeconds
	case len(t.P.Legal) == 1:
		t.winLeft = passSeconds
	}
	if !t.winTimer {
		t.winTimer = true
		after(ctx, t, t.tick)
	}
}

// tick counts the window down and redraws the countdown alone; at zero the viewer, if asked,
// passes (the table drawn then, as a tap on pass draws it).
func (t *Table) tick(ctx app.Context) {
	t.winTimer = false
	if t.winKey == "" || t.winKey != t.stepKey() {
		return
	}
	t.winLeft--
	if p := t.count; p != nil && p.Mounted() {
		p.Of = t.countdown()
		p.Update()
	}
	if t.winLeft <= 0 {
		for _, m := range t.P.Legal {
			if m.Kind == rituals.MovePass && t.onAct != nil {
				ctx.Dispatch(func(ctx app.Context) { t.onAct(ctx, m) })
				return
			}
		}
		return
	}
	t.winTimer = true
	after(ctx, t, t.tick)
}

// countdown is the seconds left of the open window, as the table shows them now.
func (t *Table) countdown() countView {
	c := countView{t: t}
	if t.winKey != "" && t.winLeft > 0 {
		c.Left = t.winLeft
	}
	return c
}

// countView is the countdown of the event window: its own part, so a second redraws its text
// and nothing else. It keeps its place, drawn hidden, once the window has run out.
type countView struct {
	Left int // seconds left; 0: none shown
	t    *Table
}

func (c countView) Draw() app.UI {
	if c.Left <= 0 {
		return app.Elem("span").Class("rit-count").Hidden(true)
	}
	return app.Elem("span").Class("rit-count").ID("rit-count").Aria("live", "off").Text(i18n.T("rit.countdown", c.Left))
}

// Mounted keeps the part drawing the countdown, for tick to redraw (board.SelfDrawn).
func (c countView) Mounted(p *board.Part) { c.t.count = p }
