package ritualsboard

import (
	"fmt"
	"slices"
	"sort"
	"strconv"
	"strings"

	"github.com/maxence-charriere/go-app/v9/pkg/app"

	"miskatonic/app/i18n"
	"miskatonic/engine"
	"miskatonic/engine/rituals"
)

// The table's panels: players, places, hand, Secret Influence, log and final scores.

// seats is every player's public side: hand size, score, chosen or sent cultist, visit order.
func (t *Table) seats(n Names) app.UI {
	v := t.V
	order := make([]rituals.SeatView, len(v.Seats))
	copy(order, v.Seats)
	visiting := v.Phase != rituals.PhaseSend && v.Phase != rituals.PhaseGrab && v.Phase != rituals.PhaseDeal && v.Round > 0
	if visiting {
		// Display only: the visit order is by the insanity the view shows.
		sort.SliceStable(order, func(i, j int) bool {
			a, b := order[i], order[j]
			if (a.Sent == 0) != (b.Sent == 0) {
				return a.Sent != 0
			}
			return a.Insanity < b.Insanity || (a.Insanity == b.Insanity && a.Sent < b.Sent)
		})
	}
	items := make([]app.UI, 0, len(order))
	for _, s := range order {
		var sent app.UI
		switch {
		case s.Sent != 0:
			sent = cardChip(s.Sent, "rit-sent")
		case s.NoCultist && visiting:
			sent = app.Span().Class("rit-none").Text(i18n.T("rit.no_cultist"))
		case v.Sealed && (s.Chosen || slices.Contains(t.P.Locked, s.Seat)):
			sent = app.Span().Class("rit-done").Text("✓ " + i18n.T("rit.chosen"))
		case v.Sealed:
			sent = app.Span().Class("rit-thinking").Text(i18n.T("rit.choosing"))
		}
		state := ""
		if visiting && s.Sent != 0 {
			state = "waiting"
			if s.Placed {
				state = "placed"
			} else if v.Placing != nil && v.Placing.Seat == s.Seat {
				state = "placing"
			}
		}
		label := i18n.T("rit.seat_label", n.Seat(s.Seat), s.HandSize, s.Score)
		items = append(items, app.Li().Class("rit-seat").DataSet("seat", int(s.Seat)).DataSet("state", state).
			DataSet("me", flag(s.Seat == v.Seat)).Aria("label", label).Body(
			app.Span().Class("rit-sname").Text(n.Seat(s.Seat)),
			app.Span().Class("rit-sinfo").Text(i18n.T("rit.seat_info", s.HandSize, s.Score)),
			app.If(s.Steer != "", app.Span().Class("rit-steer").Text(i18n.T("rit.steer."+s.Steer, n.Seat(s.SteerBy)))),
			app.If(visiting && s.Sent != 0 && s.Insanity != s.Sent.Card().Insanity,
				app.Span().Class("rit-eff").Text(i18n.T("rit.insanity_now", s.Insanity))),
			sent,
		))
	}
	title := i18n.T("rit.players")
	if visiting {
		title = i18n.T("rit.visit_order")
	}
	return app.Section().Class("rit-seats").Aria("label", title).Body(
		app.H2().Text(title),
		app.Ol().Body(items...),
	)
}

// places is the twelve ritual places with their owner and positions.
func (t *Table) places(n Names) app.UI {
	v := t.V
	canPlace := map[string]engine.Move{}
	for _, m := range t.P.Legal {
		if m.Kind == rituals.MovePlace {
			canPlace[m.Option] = m
		}
	}
	tiles := make([]app.UI, 0, len(v.Places))
	for i, p := range v.Places {
		known := p.Owner >= 0
		owner := i18n.T("rit.forgotten")
		if known {
			owner = i18n.T("rit.known_by", n.Seat(p.Owner))
		}
		slots := make([]app.UI, 3)
		for k := range slots {
			var body app.UI = app.Span().Class("rit-empty").Text("—")
			if k < len(p.Cultists) {
				c := p.Cultists[k]
				// Whose cultist it is: the engine keeps each position's sender across rounds
				// (the log, which restarts every round, would forget it).
				who := ""
				if k < len(p.Senders) {
					who = n.Seat(p.Senders[k])
				}
				body = app.Span().Body(cardChip(c, "rit-at"), app.If(who != "", app.Span().Class("rit-who").Text(who)))
			}
			slots[k] = app.Li().Class("rit-slot").DataSet("pos", k+1).Body(
				app.Span().Class("rit-pos").Text("#"+strconv.Itoa(k+1)), body)
		}
		var btn app.UI
		if m, ok := canPlace[p.Key]; ok {
			btn = app.Button().Type("button").Class("btn", "primary", "rit-here").ID("rit-place-"+p.Key).
				Text(i18n.T("rit.place_here")).Aria("label", n.MoveLabel(m)).OnClick(t.act(m), p.Key)
		}
		pl := rituals.Places[i]
		tiles = append(tiles, app.Li().Class("rit-place").DataSet("place", p.Key).DataSet("known", flag(known)).
			DataSet("mine", flag(known && p.Owner == v.Seat)).Aria("label", PlaceName(p.Key)+", "+owner).Body(
			app.Div().Class("rit-ptitle").Body(
				app.Span().Class("rit-letter").Text(pl.Letter),
				app.Span().Class("rit-god").Text(GodName(i)),
			),
			app.Span().Class("rit-owner").Text(owner),
			app.If(p.RisenBy >= 0, app.Span().Class("rit-risen").Text(i18n.T("rit.risen"))),
			app.Ol().Class("rit-slots").Body(slots...),
			btn,
		))
	}
	return app.Section().Class("rit-places").Aria("label", i18n.T("rit.places")).Body(
		app.H2().Text(i18n.T("rit.places")),
		app.Ul().Class("rit-grid").Body(tiles...),
	)
}

// cardChip is a compact card: insanity, signs, symbols; or an event's name.
func cardChip(c rituals.CardID, class string) app.UI {
	card := c.Card()
	if c.IsEvent() {
		return app.Span().Class("rit-chip", "rit-event", class).Text(EventName(c))
	}
	return app.Span().Class("rit-chip", class).DataSet("card", card.Key).Aria("label", CardName(c)).Body(
		app.Strong().Text(strconv.Itoa(card.Insanity)),
		app.Span().Class("rit-signs").Text(Signs(card.Signs)),
		app.Span().Class("rit-syms").Text(card.Symbols),
	)
}

// hand is the viewer's own cards; in phase 1 a cultist is chosen by pressing it.
func (t *Table) hand(n Names) app.UI {
	v := t.V
	if v.Seat < 0 {
		return nil
	}
	send := map[int]engine.Move{}
	for _, m := range t.P.Legal {
		if m.Kind == rituals.MoveSend && m.Card != 0 {
			send[m.Card] = m
		}
	}
	mine := ""
	if int(v.Seat) < len(v.Seats) && v.Seats[v.Seat].Chosen && v.Seats[v.Seat].Sent != 0 {
		mine = v.Seats[v.Seat].Sent.Card().Key
	}
	cards := make([]app.UI, 0, len(v.Hand)+1)
	if mine != "" {
		cards = append(cards, t.bigCard(v.Seats[v.Seat].Sent, nil, false, true))
	}
	for _, c := range v.Hand {
		if mine != "" && c == v.Seats[v.Seat].Sent {
			continue // shown once, first, as sent
		}
		if m, ok := send[int(c)]; ok {
			mm := m
			cards = append(cards, t.bigCard(c, &mm, moveKey(m) == t.sel, false))
		} else {
			cards = append(cards, t.bigCard(c, nil, false, false))
		}
	}
	return app.Section().Class("rit-hand").Aria("label", i18n.T("rit.your_hand")).Body(
		app.H2().Text(i18n.T("rit.your_hand_n", len(v.Hand))),
		app.Ul().Class("rit-cards").Body(cards...),
	)
}

// bigCard is a hand card, readable at phone size; choosable ones are buttons.
func (t *Table) bigCard(c rituals.CardID, m *engine.Move, on, locked bool) app.UI {
	card := c.Card()
	var face []app.UI
	if c.IsCultist() {
		face = []app.UI{
			app.Span().Class("rit-ins").Text(strconv.Itoa(card.Insanity)),
			app.Span().Class("rit-rank").Body(
				app.Span().Text(i18n.T("rit.rank."+strconv.Itoa(card.Rank))),
				app.Span().Class("rit-de").Lang("de").Text(strings.ReplaceAll(rituals.RankNamesDE[card.Rank], "/", "/\u200b")),
			),
			app.Span().Class("rit-signs").Aria("label", i18n.T("rit.signs_n", card.Signs)).Text(Signs(card.Signs)),
			app.Span().Class("rit-syms").Aria("label", i18n.T("rit.symbols", card.Symbols)).Text(card.Symbols),
		}
	} else {
		face = []app.UI{
			app.Span().Class("rit-evname").Body(
				app.Span().Text(i18n.T("rit.ev."+card.Event)),
				app.Span().Class("rit-de").Lang("de").Text(germanEvent(card.Event)),
			),
			app.Span().Class("rit-evwhen").Text(i18n.T("rit.when." + card.Event)),
		}
	}
	if locked {
		face = append(face, app.Span().Class("rit-lockmark").Text(i18n.T("rit.locked")))
	}
	li := app.Li().Class("rit-card").DataSet("card", card.Key).DataSet("event", flag(c.IsEvent())).DataSet("sent", flag(locked))
	if m == nil {
		return li.Body(app.Div().Class("rit-face").Aria("label", CardName(c)).Body(face...))
	}
	k := moveKey(*m)
	return li.Body(app.Button().Type("button").Class("rit-face", "rit-pick").Aria("pressed", on).
		Aria("label", CardName(c)).Body(face...).OnClick(func(ctx app.Context, e app.Event) { t.sel = k }, k))
}

// influence is the viewer's Secret Influence and what they would score now, and why.
func (t *Table) influence() app.UI {
	v := t.V
	if v.Seat < 0 || int(v.Seat) >= len(v.Seats) {
		return nil
	}
	sv := v.Seats[v.Seat]
	b := BreakdownOf(v, int(v.Seat))
	chips := func(cs []rituals.CardID) []app.UI {
		out := []app.UI{}
		for _, c := range cs {
			out = append(out, cardChip(c, "rit-inf"))
		}
		return out
	}
	return app.Section().Class("rit-influence").ID("rit-influence").Aria("label", i18n.T("rit.influence")).Body(
		app.H2().Text(i18n.T("rit.influence")),
		app.Div().Class("rit-sides").Body(
			app.Div().Class("rit-left").Body(app.H3().Text(i18n.T("rit.left")), app.Div().Body(chips(sv.Left)...)),
			app.Div().Class("rit-right").Body(app.H3().Text(i18n.T("rit.right")), app.Div().Body(chips(sv.Right)...)),
		),
		app.P().Class("rit-preview").ID("rit-preview").Body(
			app.Strong().Text(i18n.T("rit.preview", b.Total)), app.Text(" "),
			app.Span().Text(i18n.T("rit.preview_why", b.Right, 5*b.Right, b.Left, b.Penalty)),
		),
	)
}

// log tells this round's public events in order, newest last.
func (t *Table) log(n Names) app.UI {
	v := t.V
	items := make([]app.UI, 0, len(v.Log))
	for i, e := range v.Log {
		items = append(items, app.Li().Class("rit-logline").DataSet("kind", e.Kind).DataSet("new", flag(i == len(v.Log)-1)).Text(n.LogLine(e)))
	}
	return app.Section().Class("rit-log").Aria("label", i18n.T("rit.log")).Body(
		app.H2().Text(i18n.T("rit.log")),
		app.Ol().Aria("live", "polite").Body(items...),
	)
}

// result is the final scoring, seat by seat, the winner and Play again.
func (t *Table) result(n Names) app.UI {
	v := t.V
	if v.Outcome == nil {
		return nil
	}
	win := map[engine.Seat]bool{}
	var names []string
	for _, w := range v.Outcome.Winners {
		win[w] = true
		names = append(names, n.Seat(w))
	}
	rows := []app.UI{}
	for s := range v.Seats {
		b := BreakdownOf(v, s)
		rows = append(rows, app.Tr().DataSet("winner", flag(win[engine.Seat(s)])).Body(
			app.Th().Scope("row").Text(n.Seat(engine.Seat(s))),
			app.Td().Body(app.Text(strconv.Itoa(5*b.Right)), app.Small().Class("rit-calc").Text(fmt.Sprintf(" (%d × 5)", b.Right))),
			app.Td().Text(strconv.Itoa(b.Left)),
			app.Td().Text(penalty(b.Penalty)),
			app.Td().Class("rit-total").Text(strconv.Itoa(b.Total)),
		))
	}
	return app.Section().Class("rit-result", "panel").ID("rit-result").Aria("label", i18n.T("rit.result")).Body(
		app.H2().Text(i18n.T("rit.winner", joinNames(names))),
		app.Table().Class("rit-scores").Body(
			app.THead().Body(app.Tr().Body(
				app.Th().Scope("col").Text(i18n.T("rit.col.player")),
				app.Th().Scope("col").Text(i18n.T("rit.col.right")),
				app.Th().Scope("col").Text(i18n.T("rit.col.left")),
				app.Th().Scope("col").Text(i18n.T("rit.col.penalty")),
				app.Th().Scope("col").Text(i18n.T("rit.col.total")),
			)),
			app.TBody().Body(rows...),
		),
		app.If(t.P.OnAgain != nil, app.Button().Type("button").Class("btn", "primary").ID("play-again").
			Text(i18n.T("rit.again")).OnClick(func(ctx app.Context, e app.Event) {
			if t.P.OnAgain != nil {
				t.P.OnAgain(ctx)
			}
		})),
		app.A().Class("btn").ID("back-home").Href("/").Text(i18n.T("app.back_home")),
	)
}

// flag is a yes/no data attribute value: go-app writes a bare attribute for true and "false"
// for false, which CSS attribute selectors cannot tell apart reliably.
func flag(b bool) string {
	if b {
		return "yes"
	}
	return "no"
}

// germanEvent is an event type's printed German name.
func germanEvent(key string) string {
	for _, t := range rituals.EventTypes {
		if t.Key == key {
			return t.NameDE
		}
	}
	return ""
}

// penalty writes a deduction with a minus sign, and none as plain 0.
func penalty(n int) string {
	if n == 0 {
		return "0"
	}
	return fmt.Sprintf("−%d", n)
}

// chat is table talk. The input stays uncontrolled (redrawing its value on every table update
// would fight the typing); its text is read when sent.
func (t *Table) chat() app.UI {
	if t.P.OnChat == nil && len(t.P.Chat) == 0 {
		return nil
	}
	lines := make([]app.UI, 0, len(t.P.Chat))
	for _, l := range t.P.Chat {
		lines = append(lines, app.Li().Body(app.Strong().Text(l.Name+": "), app.Text(l.Text)))
	}
	return app.Section().Class("rit-chat").Aria("label", i18n.T("ark.chat")).Body(
		app.H2().Text(i18n.T("ark.chat")),
		app.P().Class("muted", "small").Text(i18n.T("rit.chat_rule")),
		app.Ul().Class("chat-lines").Aria("live", "polite").Body(lines...),
		app.Form().Class("chat-form").OnSubmit(func(ctx app.Context, e app.Event) {
			e.PreventDefault()
			in := app.Window().GetElementByID("chat-input")
			if !in.Truthy() {
				return
			}
			text := strings.TrimSpace(in.Get("value").String())
			if text == "" || t.P.OnChat == nil {
				return
			}
			in.Set("value", "")
			t.P.OnChat(ctx, text)
		}).Body(
			app.Input().Type("text").ID("chat-input").Class("chat-input").MaxLength(200).
				Aria("label", i18n.T("ark.chat")).Placeholder(i18n.T("ark.chat_placeholder")),
			app.Button().Type("submit").Class("btn").Text(i18n.T("ark.chat_send")),
		),
	)
}
