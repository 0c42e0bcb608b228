// Package highcardboard draws High Card (engine/highcard), the tiny test game and the template a
// new game copies: the fourth game, added to prove a game needs only its own packages and one
// registry line per layer. It draws its game only (board.Props): the deal checks, a failed
// deal's stop, table talk, notices, the history, the score, play again and the record are the
// shared screen's frame (app/ui/frame.go), around every game alike. Its Log feeds the frame's
// history. It is a dev game, on the home page only with ?dev=1.
package highcardboard

import (
	"fmt"
	"strconv"
	"strings"

	"github.com/maxence-charriere/go-app/v9/pkg/app"

	"miskatonic/app/i18n"
	"miskatonic/app/ui/board"
	"miskatonic/app/ui/doc"
	"miskatonic/engine"
	"miskatonic/engine/highcard"
)

// Game is High Card's entry in the UI registry.
var Game = board.Game{
	Name:  highcard.Name,
	Board: Draw,
	Rules: rulesPage,
	Dev:   true,
	Order: 100,
	Log:   Log,
}

// Draw is the table: every seat, the viewer's card, the discards, the viewer's choices, and at
// the end every hand and the winners.
func Draw(p board.Props) app.UI {
	v, ok := p.View.(*highcard.View)
	if !ok {
		return app.P().Text(i18n.T("app.error", fmt.Sprintf("unexpected view %T", p.View)))
	}
	name := func(s int) string {
		if s >= 0 && s < len(p.Seats) && p.Seats[s].Name != "" {
			return p.Seats[s].Name
		}
		return i18n.T("hc.seat_n", s+1)
	}
	// A view from a host may say anything: draw no more seats than the game has.
	n := min(max(v.Seats, 0), highcard.MaxSeats)
	seats := make([]app.UI, 0, n)
	for s := 0; s < n; s++ {
		card := "?"
		switch {
		case v.Over && s < len(v.Hands):
			card = strconv.Itoa(v.Hands[s])
		case engine.Seat(s) == v.Seat && v.Own > 0:
			card = strconv.Itoa(v.Own)
		}
		seats = append(seats, app.Elem("li").Class("hc-seat").DataSet("seat", s).DataSet("turn", s == v.Turn && !v.Over).Body(
			app.Elem("span").Class("hc-name").Text(name(s)+" "),
			app.Elem("span").Class("hc-card").Text(card),
		))
	}
	return app.Div().Class("hc").ID("hc").DataSet("seq", p.Seq).DataSet("over", v.Over).Body(
		app.H1().Text(i18n.T("game."+highcard.Name)),
		app.P().ID("hc-prompt").Aria("live", "polite").Text(prompt(v, p.Legal, name)),
		app.Elem("ul").Class("hc-seats").Body(seats...),
		app.P().ID("hc-discard").Text(i18n.T("hc.discard", cards(v.Discard), v.Deck)),
		actions(p),
		result(v, name),
		app.Elem("a").Attr("href", board.RulesPath(highcard.Name)).Attr("target", "_blank").Text(i18n.T("pages.how_to_play")),
	)
}

// cards lists card values as a reader writes them ("3, 7"), or a dash for none.
func cards(cs []int) string {
	if len(cs) == 0 {
		return "—"
	}
	out := make([]string, len(cs))
	for i, c := range cs {
		out[i] = strconv.Itoa(c)
	}
	return strings.Join(out, i18n.T("app.list_sep"))
}

func prompt(v *highcard.View, legal []engine.Move, name func(int) string) string {
	switch {
	case v.Over:
		return i18n.T("hc.over")
	case len(legal) > 0:
		return i18n.T("hc.your_turn", v.Own)
	}
	return i18n.T("hc.waiting", name(v.Turn))
}

// actions offers exactly the legal moves, one button each.
func actions(p board.Props) app.UI {
	if len(p.Legal) == 0 {
		return nil
	}
	buttons := make([]app.UI, 0, len(p.Legal))
	for _, m := range p.Legal {
		m := m
		buttons = append(buttons, app.Elem("button").Attr("type", "button").Class("btn").ID("hc-"+m.Kind).
			Text(i18n.T("hc.move."+m.Kind)).
			OnClick(p.Act(m), m.Kind))
	}
	return app.Div().Class("hc-actions").Body(buttons...)
}

// result is who won; the way on (play again, stay, leave) is the frame's.
func result(v *highcard.View, name func(int) string) app.UI {
	if !v.Over {
		return nil
	}
	var names []string
	for _, w := range v.Winners {
		names = append(names, name(int(w)))
	}
	return app.Elem("section").ID("hc-result").Class("panel").Body(
		app.P().Text(i18n.T("hc.winners", strings.Join(names, i18n.T("app.list_sep")))),
	)
}

// Log is the game's events for the frame's history: each card laid face up, in order. The
// game is one round, so there is no round label.
func Log(p board.Props) (string, []string) {
	v, ok := p.View.(*highcard.View)
	if !ok {
		return "", nil
	}
	lines := make([]string, 0, len(v.Discard))
	for _, c := range v.Discard {
		lines = append(lines, i18n.T("hc.log.discard", c))
	}
	return "", lines
}

// rulesPage is the "how to play" page (board.Game.Rules): the shared reading page every game's
// rules are (doc.Rules), with the way on to the fair-play page as the other games have.
func rulesPage() app.Composer {
	return doc.Rules("hc.", rulesSections, func() app.UI { return doc.LinkButton("hc-rules-fair", board.HrefFair, "pages.see_fair") })
}

// rulesSections is the page's one section; a function, so the words follow the language.
func rulesSections() []doc.Section {
	return []doc.Section{
		{ID: "play", TitleKey: "hc.rules.play.title", Body: []app.UI{doc.Para("hc.rules.play.p1"), doc.Para("hc.rules.play.p2")}},
	}
}
