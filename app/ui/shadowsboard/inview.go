package shadowsboard

import "github.com/maxence-charriere/go-app/v9/pkg/app"

// A decision that would run past the bottom of the screen is brought up: the page scrolls so the
// turn's status (its prompt, the actions left) sits at the top, and the moves under it take the
// screen. On a phone the page's frame (alerts, language, the deal's check, table talk, the
// game's title) fills a quarter of the screen above the status, room a crowded turn needs (three
// folds to give, a long ability, an asset to acquire: issue 24). Only a page scrolled above the
// status is moved: one scrolled past it (a person reading the log) is left where it is. The
// docked end of the turn (shadows.css) stays in view while any of the moves are on screen.

// OnMount and OnUpdate check, once the table is drawn, whether the decision fits.
func (t *Table) OnMount(ctx app.Context)  { ctx.Defer(keepDecisionInView) }
func (t *Table) OnUpdate(ctx app.Context) { ctx.Defer(keepDecisionInView) }

func keepDecisionInView(app.Context) {
	w := app.Window()
	moves, status := w.GetElementByID("sh-actions"), w.GetElementByID("sh-status")
	if !moves.Truthy() || !status.Truthy() {
		return
	}
	if moves.Call("getBoundingClientRect").Get("bottom").Float() <= w.Get("innerHeight").Float() {
		return // it fits as the page stands
	}
	if status.Call("getBoundingClientRect").Get("top").Float() > 0 {
		status.Call("scrollIntoView", map[string]any{"block": "start"})
	}
}
