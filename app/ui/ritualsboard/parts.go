package ritualsboard

import (
	"fmt"
	"slices"
	"sort"
	"strconv"
	"strings"

	"github.com/maxence-charriere/go-app/v9/pkg/app"

	"miskatonic/app/i18n"
	"miskatonic/app/ui/board"
	"miskatonic/engine"
	"miskatonic/engine/rituals"
)

// The table's panels: players, places, hand, Secret Influence, log and final scores.

// seatsPanel is every player's public side: hand size, score, chosen or sent cultist, visit
// order. locked are the seats the table says have locked in.
// targets are the pressed event's plays on a player, drawn beside that player. Each player is a
// part of its own (seatRow): a move that changes one player's line redraws that line alone.
func seatsPanel(v *rituals.View, locked []engine.Seat, targets []engine.Move, n Names, t *Table) app.UI {
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
	onSeat := map[engine.Seat][]engine.Move{}
	for _, m := range targets {
		onSeat[m.To] = append(onSeat[m.To], m)
	}
	items := make([]app.UI, 0, len(order))
	for _, s := range order {
		// Only what the line shows: the Secret Influence and a grab are drawn elsewhere.
		s.Left, s.Right, s.Grab = nil, nil, ""
		r := seatRow{S: s, Visiting: visiting, Sealed: v.Sealed, Target: onSeat[s.Seat], N: n, t: t}
		r.Done = v.Sealed && (s.Chosen || slices.Contains(locked, s.Seat))
		if visiting && s.Sent != 0 {
			r.State = "waiting"
			if s.Placed {
				r.State = "placed"
			} else if v.Placing != nil && v.Placing.Seat == s.Seat {
				r.State = "placing"
			}
		}
		items = append(items, board.Memo(r))
	}
	title := i18n.T("rit.players")
	if visiting {
		title = i18n.T("rit.visit_order")
	}
	return app.Elem("section").Class("rit-seats").Aria("label", title).Body(
		app.Elem("h2").Text(title),
		app.Elem("ol").Body(items...),
	)
}

// seatRow is one player's line of seatsPanel.
type seatRow struct {
	S        rituals.SeatView
	Visiting bool          // phase 2: the visit order, the cultists sent
	Sealed   bool          // a sealed step
	Done     bool          // ... in which this player has chosen
	State    string        // waiting, placing or placed (data-state)
	Target   []engine.Move // the pressed event's plays on this player
	N        Names
	t        *Table
}

func (r seatRow) Draw() app.UI {
	s, n := r.S, r.N
	var sent app.UI
	switch {
	case s.Sent != 0:
		sent = cardChip(s.Sent, "rit-sent")
	case s.NoCultist && r.Visiting:
		sent = app.Elem("span").Class("rit-none").Text(i18n.T("rit.no_cultist"))
	case r.Done:
		sent = app.Elem("span").Class("rit-done").Text("✓ " + i18n.T("rit.chosen"))
	case r.Sealed:
		sent = app.Elem("span").Class("rit-thinking").Text(i18n.T("rit.choosing"))
	}
	label := i18n.T("rit.seat_label", n.Seat(s.Seat), s.HandSize, s.Score)
	return app.Elem("li").Class("rit-seat").DataSet("seat", int(s.Seat)).DataSet("state", r.State).
		DataSet("me", flag(s.Seat == n.Me)).Aria("label", label).Body(
		app.Elem("span").Class("rit-sname").Text(n.Seat(s.Seat)),
		app.Elem("span").Class("rit-sinfo").Text(i18n.T("rit.seat_info", s.HandSize, s.Score)),
		app.If(s.Steer != "", app.Elem("span").Class("rit-steer").Text(i18n.T("rit.steer."+string(s.Steer), n.Seat(s.SteerBy)))),
		app.If(r.Visiting && s.Sent != 0 && s.Insanity != s.Sent.Card().Insanity,
			app.Elem("span").Class("rit-eff").Text(i18n.T("rit.insanity_now", s.Insanity))),
		sent,
		targetButtons(r.Target, n, r.t.act),
	)
}

// placesPanel is the twelve ritual places with their owner and positions; a place the viewer
// may put the cultist on has a button sending that move, and targets (the pressed event's
// plays at a place) are drawn on their places. Each place is a part of its own (placeTile): a
// cultist placed redraws its place, not the twelve.
func placesPanel(places []rituals.Place, legal, targets []engine.Move, n Names, t *Table) app.UI {
	canPlace := map[string][]engine.Move{}
	for _, m := range legal {
		if m.Kind == rituals.MovePlace {
			canPlace[m.Option] = []engine.Move{m}
		}
	}
	atPlace := map[string][]engine.Move{}
	for _, m := range targets {
		atPlace[m.Option] = append(atPlace[m.Option], m)
	}
	tiles := make([]app.UI, 0, rituals.NumPlaces)
	for i, p := range places {
		if i >= rituals.NumPlaces {
			break // a view from a host may say anything: the board has twelve places to draw
		}
		tiles = append(tiles, board.Memo(placeTile{I: i, P: p, Here: canPlace[p.Key], Target: atPlace[p.Key], N: n, t: t}))
	}
	return app.Elem("section").Class("rit-places").Aria("label", i18n.T("rit.places")).Body(
		app.Elem("h2").Text(i18n.T("rit.places")),
		app.Elem("ul").Class("rit-grid").Body(tiles...),
	)
}

// placeTile is one place of placesPanel.
type placeTile struct {
	I      int // its index in rituals.Places
	P      rituals.Place
	Here   []engine.Move // the viewer's move putting the cultist here, if any (one)
	Target []engine.Move // the pressed event's plays here
	N      Names
	t      *Table
}

func (pt placeTile) Draw() app.UI {
	p, n := pt.P, pt.N
	known := p.Owner >= 0
	owner := i18n.T("rit.forgotten")
	if known {
		owner = i18n.T("rit.known_by", n.Seat(p.Owner))
	}
	slots := make([]app.UI, 3)
	for k := range slots {
		var body app.UI = app.Elem("span").Class("rit-empty").Text("—")
		if k < len(p.Cultists) {
			c := p.Cultists[k]
			// Whose cultist it is: the engine keeps each position's sender across rounds
			// (the log, which restarts every round, would forget it).
			who := ""
			if k < len(p.Senders) {
				who = n.Seat(p.Senders[k])
			}
			body = app.Elem("span").Body(cardChip(c, "rit-at"), app.If(who != "", app.Elem("span").Class("rit-who").Text(who)))
		}
		slots[k] = app.Elem("li").Class("rit-slot").DataSet("pos", k+1).Body(
			app.Elem("span").Class("rit-pos").Text("#"+strconv.Itoa(k+1)), body)
	}
	var btn app.UI
	if len(pt.Here) > 0 {
		m := pt.Here[0]
		btn = app.Elem("button").Attr("type", "button").Class("btn", "primary", "rit-here").ID("rit-place-"+p.Key).
			Text(i18n.T("rit.place_here")).Aria("label", n.MoveLabel(m)).OnClick(pt.t.act(m), p.Key)
	}
	pl := rituals.Places[pt.I]
	return app.Elem("li").Class("rit-place").DataSet("place", p.Key).DataSet("known", flag(known)).
		DataSet("mine", flag(known && p.Owner == n.Me)).Aria("label", PlaceName(p.Key)+", "+owner).Body(
		app.Div().Class("rit-ptitle").Body(
			app.Elem("span").Class("rit-letter").Text(pl.Letter),
			app.Elem("span").Class("rit-god").Text(GodName(pt.I)),
		),
		app.Elem("span").Class("rit-owner").Text(owner),
		app.If(p.RisenBy >= 0, app.Elem("span").Class("rit-risen").Text(i18n.T("rit.risen"))),
		app.Elem("ol").Class("rit-slots").Body(slots...),
		btn,
		targetButtons(pt.Target, n, pt.t.act),
	)
}

// cardChip is a compact card: insanity, signs, symbols; or an event's name.
func cardChip(c rituals.CardID, class string) app.UI {
	card := c.Card()
	if c.IsEvent() {
		return app.Elem("span").Class("rit-chip", "rit-event", class).Text(EventName(c))
	}
	return app.Elem("span").Class("rit-chip", class).DataSet("card", card.Key).Aria("label", CardName(c)).Body(
		app.Elem("strong").Text(strconv.Itoa(card.Insanity)),
		app.Elem("span").Class("rit-signs").Text(Signs(card.Signs)),
		app.Elem("span").Class("rit-syms").Text(card.Symbols),
	)
}

// handPanel is the viewer's own cards; in phase 1 a cultist is chosen by pressing it. sent is
// the cultist the viewer locked in (0 for none), send the moves choosing a card, sel the key of
// the one pressed (a press goes to the table's listener, press.go).
func handPanel(hand []rituals.CardID, sent rituals.CardID, send []engine.Move, sel string) app.UI {
	byCard := map[int]engine.Move{}
	for _, m := range send {
		byCard[m.Card] = m
	}
	cards := make([]app.UI, 0, len(hand)+1)
	if sent != 0 {
		cards = append(cards, bigCard(sent, nil, false, true))
	}
	for _, c := range hand {
		if sent != 0 && c == sent {
			continue // shown once, first, as sent
		}
		if m, ok := byCard[int(c)]; ok {
			mm := m
			cards = append(cards, bigCard(c, &mm, moveKey(m) == sel, false))
		} else {
			cards = append(cards, bigCard(c, nil, false, false))
		}
	}
	return app.Elem("section").Class("rit-hand").Aria("label", i18n.T("rit.your_hand")).Body(
		app.Elem("h2").Text(i18n.T("rit.your_hand_n", len(hand))),
		app.Elem("ul").Class("rit-cards").Body(cards...),
	)
}

// bigCard is a hand card, readable at phone size; choosable ones are buttons.
func bigCard(c rituals.CardID, m *engine.Move, on, locked bool) app.UI {
	card := c.Card()
	var face []app.UI
	if c.IsCultist() {
		face = []app.UI{
			app.Elem("span").Class("rit-ins").Text(strconv.Itoa(card.Insanity)),
			app.Elem("span").Class("rit-rank").Body(
				app.Elem("span").Text(i18n.T("rit.rank."+strconv.Itoa(card.Rank))),
				app.Elem("span").Class("rit-de").Lang("de").Text(strings.ReplaceAll(rituals.RankNamesDE[card.Rank], "/", "/\u200b")),
			),
			app.Elem("span").Class("rit-signs").Aria("label", i18n.T("rit.signs_n", card.Signs)).Text(Signs(card.Signs)),
			app.Elem("span").Class("rit-syms").Aria("label", i18n.T("rit.symbols", card.Symbols)).Text(card.Symbols),
		}
	} else {
		face = []app.UI{
			app.Elem("span").Class("rit-evname").Body(
				app.Elem("span").Text(i18n.T("rit.ev."+string(card.Event))),
				app.Elem("span").Class("rit-de").Lang("de").Text(germanEvent(card.Event)),
			),
			app.Elem("span").Class("rit-evwhen").Text(i18n.T("rit.when." + string(card.Event))),
		}
	}
	if locked {
		face = append(face, app.Elem("span").Class("rit-lockmark").Text(i18n.T("rit.locked")))
	}
	li := app.Elem("li").Class("rit-card").DataSet("card", card.Key).DataSet("event", flag(c.IsEvent())).DataSet("sent", flag(locked))
	if m == nil {
		return li.Body(app.Div().Class("rit-face").Aria("label", CardName(c)).Body(face...))
	}
	return li.Body(app.Elem("button").Attr("type", "button").Class("rit-face", "rit-pick").Aria("pressed", on).
		Aria("label", CardName(c)).DataSet("pick", moveKey(*m)).Body(face...))
}

// influencePanel is the viewer's Secret Influence (its left and right sides) and what they would
// score now, and why (b).
func influencePanel(left, right []rituals.CardID, b Breakdown) app.UI {
	chips := func(cs []rituals.CardID) []app.UI {
		out := []app.UI{}
		for _, c := range cs {
			out = append(out, cardChip(c, "rit-inf"))
		}
		return out
	}
	return app.Elem("section").Class("rit-influence").ID("rit-influence").Aria("label", i18n.T("rit.influence")).Body(
		app.Elem("h2").Text(i18n.T("rit.influence")),
		app.Div().Class("rit-sides").Body(
			app.Div().Class("rit-left").Body(app.Elem("h3").Text(i18n.T("rit.left")), app.Div().Body(chips(left)...)),
			app.Div().Class("rit-right").Body(app.Elem("h3").Text(i18n.T("rit.right")), app.Div().Body(chips(right)...)),
		),
		app.P().Class("rit-preview").ID("rit-preview").Body(
			app.Elem("strong").Text(i18n.T("rit.preview", b.Total)), app.Text(" "),
			app.Elem("span").Text(i18n.T("rit.preview_why", b.Right, 5*b.Right, b.Left, b.Penalty)),
		),
	)
}

// logPanel tells this round's public events in order, newest last; from the round's last move
// until the next round's first event, the round just ended (of, when set), closing events included.
func logPanel(log []rituals.Event, of int, n Names) app.UI {
	title := i18n.T("rit.log")
	if of > 0 {
		title = i18n.T("rit.log_last", of)
	}
	items := make([]app.UI, 0, len(log))
	for i, e := range log {
		items = append(items, app.Elem("li").Class("rit-logline").DataSet("kind", e.Kind).DataSet("new", flag(i == len(log)-1)).Text(n.LogLine(e)))
	}
	return app.Elem("section").Class("rit-log").ID("rit-log").DataSet("of", of).Aria("label", title).Body(
		app.Elem("h2").Text(title),
		app.Elem("ol").Aria("live", "polite").Body(items...),
	)
}

// resultPanel is the final scoring, seat by seat (scores), and the winner (the way on is the
// frame's).
func resultPanel(o *engine.Outcome, scores []Breakdown, n Names) app.UI {
	win := map[engine.Seat]bool{}
	var names []string
	for _, w := range o.Winners {
		win[w] = true
		names = append(names, n.Seat(w))
	}
	rows := []app.UI{}
	for s, b := range scores {
		rows = append(rows, app.Elem("tr").DataSet("winner", flag(win[engine.Seat(s)])).Body(
			app.Elem("th").Attr("scope", "row").Text(n.Seat(engine.Seat(s))),
			app.Elem("td").Body(app.Text(strconv.Itoa(5*b.Right)), app.Elem("small").Class("rit-calc").Text(fmt.Sprintf(" (%d × 5)", b.Right))),
			app.Elem("td").Text(strconv.Itoa(b.Left)),
			app.Elem("td").Text(penalty(b.Penalty)),
			app.Elem("td").Class("rit-total").Text(strconv.Itoa(b.Total)),
		))
	}
	return app.Elem("section").Class("rit-result", "panel").ID("rit-result").Aria("label", i18n.T("rit.result")).Body(
		app.Elem("h2").Text(i18n.T("rit.winner", joinNames(names))),
		app.Elem("table").Class("rit-scores").Body(
			app.Elem("thead").Body(app.Elem("tr").Body(
				app.Elem("th").Attr("scope", "col").Text(i18n.T("rit.col.player")),
				app.Elem("th").Attr("scope", "col").Text(i18n.T("rit.col.right")),
				app.Elem("th").Attr("scope", "col").Text(i18n.T("rit.col.left")),
				app.Elem("th").Attr("scope", "col").Text(i18n.T("rit.col.penalty")),
				app.Elem("th").Attr("scope", "col").Text(i18n.T("rit.col.total")),
			)),
			app.Elem("tbody").Body(rows...),
		),
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
func germanEvent(key rituals.EventKey) string {
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
