package ritualsboard

// Decisions drawn on what they act on (issue 24). An event window used to list every play as a
// button of its own — one per place, pair of positions or player — in a panel far from the
// places and players it named. Now the window offers each event card once; a card that needs a
// target, once pressed, puts its choices on the targets themselves: on the place tiles (a place
// to rise, a pair to swap, a cultist to bring) or beside the players. Placing a cultist is
// chosen on the place tiles only, and on a phone the part holding the choices moves up under
// the prompt (data-decide, rituals.css).

import (
	"strconv"

	"github.com/maxence-charriere/go-app/v9/pkg/app"

	"miskatonic/app/i18n"
	"miskatonic/engine"
	"miskatonic/engine/rituals"
)

// seatEvents target a player (engine.Move.To); the others with targets name a place (Option).
var seatEvents = map[rituals.EventKey]bool{rituals.KeyFalseGod: true, rituals.KeyTargeted: true, rituals.KeyBreakdown: true, rituals.KeyRightMind: true}

// targetKind says where a play's choice is drawn: "place", "seat", or "" (no target).
func targetKind(m engine.Move) string {
	switch {
	case m.Kind != rituals.MovePlay:
		return ""
	case m.Option != "":
		return "place"
	case seatEvents[rituals.CardID(m.Card).Card().Event]:
		return "seat"
	}
	return ""
}

// cardPlays groups the window's plays by event card, in the order the host listed them.
func cardPlays(legal []engine.Move) (cards []int, plays map[int][]engine.Move) {
	plays = map[int][]engine.Move{}
	for _, m := range legal {
		if m.Kind != rituals.MovePlay {
			continue
		}
		if _, seen := plays[m.Card]; !seen {
			cards = append(cards, m.Card)
		}
		plays[m.Card] = append(plays[m.Card], m)
	}
	return cards, plays
}

// targets is the plays of the event card the viewer pressed, if any, and where they are drawn.
func (t *Table) targets() (kind string, moves []engine.Move) {
	if t.evSel == 0 {
		return "", nil
	}
	_, plays := cardPlays(t.P.Legal)
	ms := plays[t.evSel]
	if len(ms) == 0 {
		return "", nil
	}
	return targetKind(ms[0]), ms
}

// decide names the part of the table the viewer's choice is drawn on (data-decide).
func (t *Table) decide() string {
	if len(t.P.Legal) > 0 && t.P.Legal[0].Kind == rituals.MovePlace {
		return "place"
	}
	if k, _ := t.targets(); k != "" {
		return k + "-target"
	}
	return ""
}

// choose presses (or releases) an event card that needs a target.
func (t *Table) choose(card int) {
	if t.evSel == card {
		t.evSel = 0
	} else {
		t.evSel = card
	}
}

// windowButtons are the window's own choices: pass, each event card once (played at once when
// it has no target), and, while a card is pressed, where its choices are and a way back.
func (t *Table) windowButtons(n Names) []app.UI {
	var out []app.UI
	for i, m := range t.P.Legal {
		if m.Kind == rituals.MovePass {
			out = append(out, app.Elem("button").Attr("type", "button").Class("btn", "rit-pass").ID("rit-w-"+strconv.Itoa(i)).
				Text(n.MoveLabel(m)).OnClick(t.act(m), moveKey(m)))
		}
	}
	cards, plays := cardPlays(t.P.Legal)
	for _, c := range cards {
		ms := plays[c]
		if len(ms) == 1 && targetKind(ms[0]) == "" {
			out = append(out, app.Elem("button").Attr("type", "button").Class("btn", "rit-play").ID("rit-card-"+strconv.Itoa(c)).
				Text(n.MoveLabel(ms[0])).OnClick(t.act(ms[0]), moveKey(ms[0])))
			continue
		}
		name := EventName(rituals.CardID(c))
		out = append(out, app.Elem("button").Attr("type", "button").Class("btn", "rit-play", "rit-choose").ID("rit-card-"+strconv.Itoa(c)).
			Aria("pressed", t.evSel == c).DataSet("choose", c).Text(i18n.T("rit.w.pick", name)))
	}
	return out
}

// windowHint says where the pressed card's choices are.
func (t *Table) windowHint() app.UI {
	kind, _ := t.targets()
	if kind == "" {
		return nil
	}
	name := EventName(rituals.CardID(t.evSel))
	return app.P().Class("rit-where").ID("rit-where").Body(
		app.Text(i18n.T("rit.w.where_"+kind, name)+" "),
		app.Elem("button").Attr("type", "button").Class("btn", "small", "rit-cancel").ID("rit-cancel").
			DataSet("choose", t.evSel).Text(i18n.T("rit.w.cancel")),
	)
}

// targetLabel is a choice's words on its target: the place or player is the button's place.
func targetLabel(m engine.Move, n Names) string {
	switch rituals.CardID(m.Card).Card().Event {
	case rituals.KeyRearrange:
		return i18n.T("rit.t.swap", m.N/10, m.N%10)
	case rituals.KeyMistake:
		return i18n.T("rit.t.bring", CardName(rituals.CardID(m.N)))
	}
	if targetKind(m) == "seat" {
		return i18n.T("rit.t.seat", n.Seat(m.To))
	}
	return i18n.T("rit.t.here")
}

// targetButtons are the choices drawn on one target.
func targetButtons(ms []engine.Move, n Names, act func(engine.Move) app.EventHandler) app.UI {
	if len(ms) == 0 {
		return nil
	}
	btns := make([]app.UI, 0, len(ms))
	for _, m := range ms {
		btns = append(btns, app.Elem("button").Attr("type", "button").Class("btn", "primary", "rit-target").
			Text(targetLabel(m, n)).Aria("label", n.MoveLabel(m)).Title(n.MoveLabel(m)).OnClick(act(m), moveKey(m)))
	}
	return app.Div().Class("rit-targets").Body(btns...)
}
