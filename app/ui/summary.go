package ui

import (
	"strconv"

	"github.com/maxence-charriere/go-app/v9/pkg/app"

	"miskatonic/app/i18n"
	"miskatonic/app/ui/arkhamboard"
	"miskatonic/engine"
	"miskatonic/engine/arkham"
)

// summary is the end-of-game table of a replayed game: for Arkham Ritual who held what and
// everyone's sanity after every round; for any game, the outcome (winners and scores).
func (r *Replay) summary(rules engine.Rules) app.UI {
	end := r.steps.End()
	var rows []app.UI
	if r.rec.Game == "arkham" {
		rows = r.arkhamRounds()
	}
	return app.Elem("section").Class("replay-summary").ID("replay-summary").Body(
		app.Elem("h2").Text(i18n.T("replay.summary")),
		rows2table(rows),
		r.outcome(end),
	)
}

func rows2table(rows []app.UI) app.UI {
	if len(rows) == 0 {
		return nil
	}
	return app.Div().Class("table-scroll").Body(app.Elem("table").Class("replay-rounds").Body(rows...))
}

// arkhamRounds reads each finished round from the public view: the cards were revealed then.
func (r *Replay) arkhamRounds() []app.UI {
	var rounds []*arkham.RoundResult
	seen := map[int]bool{}
	for i := 0; i <= r.steps.Len(); i++ {
		v, ok := r.steps.Public(i).(*arkham.View)
		if !ok || v.LastRound == nil || seen[v.LastRound.Round] {
			continue
		}
		seen[v.LastRound.Round] = true
		rounds = append(rounds, v.LastRound)
	}
	if len(rounds) == 0 {
		return nil
	}
	head := []app.UI{app.Elem("th").Attr("scope", "col").Text(i18n.T("replay.player"))}
	for _, rr := range rounds {
		head = append(head, app.Elem("th").Attr("scope", "col").Text(i18n.T("ark.round", rr.Round)))
	}
	out := []app.UI{app.Elem("tr").Body(head...)}
	for s := 0; s < r.rec.Config.Seats; s++ {
		cells := []app.UI{app.Elem("th").Attr("scope", "row").Text(r.mover(engine.Seat(s)))}
		for _, rr := range rounds {
			cell := ""
			for _, p := range rr.Positions {
				if p.Seat == engine.Seat(s) && !p.Dummy {
					name := arkhamboard.CardName(p.Card)
					if name == "" {
						name = "—"
					}
					cell = i18n.T("replay.held", name, p.Sanity, signed(p.Delta))
				}
			}
			cells = append(cells, app.Elem("td").Text(cell))
		}
		out = append(out, app.Elem("tr").Body(cells...))
	}
	return out
}

func signed(n int) string {
	if n > 0 {
		return "+" + strconv.Itoa(n)
	}
	if n < 0 {
		return "−" + strconv.Itoa(-n)
	}
	return "±0"
}

// outcome lists each seat's result at the end: any game, through engine.Outcome.
func (r *Replay) outcome(st engine.Status) app.UI {
	if !st.Over || st.Result == nil {
		return app.P().Class("muted").Text(i18n.T("replay.unfinished"))
	}
	won := map[engine.Seat]bool{}
	for _, w := range st.Result.Winners {
		won[w] = true
	}
	var items []app.UI
	for s := 0; s < r.rec.Config.Seats; s++ {
		txt := r.mover(engine.Seat(s))
		if s < len(st.Result.Scores) {
			txt = i18n.T("replay.scored", txt, st.Result.Scores[s])
		}
		if won[engine.Seat(s)] {
			txt = i18n.T("replay.winner", txt)
		}
		items = append(items, app.Elem("li").Text(txt))
	}
	return app.Div().Body(app.P().Text(i18n.T(st.Result.Reason)), app.Elem("ul").Class("replay-outcome").Body(items...))
}
