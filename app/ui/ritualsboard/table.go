package ritualsboard

import (
	"fmt"
	"sort"
	"strconv"
	"strings"
	"time"

	"github.com/maxence-charriere/go-app/v9/pkg/app"

	"miskatonic/app/i18n"
	"miskatonic/app/ui/board"
	"miskatonic/engine"
	"miskatonic/engine/rituals"
)

// Countdowns of the event windows. A That Doesn't Work window always runs its full time, so
// how long a player takes says nothing about whether they hold the card.
const (
	reactSeconds = 8  // answering an event
	eventSeconds = 12 // a window where the viewer could play an event
	passSeconds  = 2  // a window where the viewer can only pass
)

// Table is the whole Rituals table for one viewer. V and P come from the parent; the rest is
// UI-local: the choice not yet locked in, and the countdown of the open window.
type Table struct {
	app.Compo

	V *rituals.View
	P board.Props

	sel      string // key of the selected sealed move (not sent until locked in)
	selFor   string // the sealed step sel belongs to
	winKey   string // the window being counted down
	winLeft  int    // seconds left
	winTimer bool
}

// OnMount and OnUpdate start the countdown of a newly opened window.
func (t *Table) OnMount(ctx app.Context)  { t.arm(ctx) }
func (t *Table) OnUpdate(ctx app.Context) { t.arm(ctx) }

func moveKey(m engine.Move) string {
	return fmt.Sprintf("%s|%d|%s|%d|%d", m.Kind, m.Card, m.Option, m.To, m.N)
}

// stepKey names the sealed step or window now open, so local state never outlives it.
func (t *Table) stepKey() string {
	v := t.V
	k := fmt.Sprintf("%s|%d|%d|%d|%d", v.Phase, v.Round, v.Turn, len(v.Stack), len(v.Log))
	if v.Window != nil {
		k += fmt.Sprintf("|%d|%d", v.Window.Asked, v.Window.Passes)
	}
	return t.P.Table + "|" + k
}

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
		ctx.After(time.Second, t.tick)
	}
}

// tick counts the window down; at zero the viewer, if asked, passes.
func (t *Table) tick(ctx app.Context) {
	t.winTimer = false
	if t.winKey == "" || t.winKey != t.stepKey() {
		return
	}
	t.winLeft--
	if t.winLeft <= 0 {
		for _, m := range t.P.Legal {
			if m.Kind == rituals.MovePass && t.P.OnAct != nil {
				t.P.OnAct(ctx, m)
				return
			}
		}
		return
	}
	t.winTimer = true
	ctx.After(time.Second, t.tick)
}

func (t *Table) names() Names {
	n := Names{Me: t.V.Seat}
	for _, s := range t.P.Seats {
		n.Seats = append(n.Seats, s.Name)
	}
	return n
}

func (t *Table) act(m engine.Move) app.EventHandler {
	return func(ctx app.Context, e app.Event) {
		if t.P.OnAct != nil {
			t.P.OnAct(ctx, m)
		}
	}
}

func (t *Table) Render() app.UI {
	v, n := t.V, t.names()
	return app.Div().Class("rit").ID("rit").DataSet("seq", t.P.Seq).DataSet("phase", v.Phase).
		DataSet("round", v.Round).DataSet("over", flag(v.Outcome != nil)).Body(
		app.Header().Class("rit-head").Body(
			app.H1().Text(i18n.T("game."+Name)),
			app.Span().Class("rit-meta").Text(i18n.T("rit.round_deck", v.Round, v.DeckSize)),
			app.A().Class("rit-howto").Href(board.RulesPath(Name)).Target("_blank").Text(i18n.T("pages.how_to_play")),
		),
		app.P().Class("rit-prompt").ID("rit-prompt").Aria("live", "polite").Text(t.prompt(n)),
		t.actions(n),
		t.window(n),
		t.seats(n),
		t.places(n),
		t.hand(n),
		t.influence(),
		t.log(n),
		t.result(n),
	)
}

// prompt says what the viewer is asked to do, or whom the table waits for.
func (t *Table) prompt(n Names) string {
	v, legal := t.V, t.P.Legal
	if v.Outcome != nil {
		return i18n.T("rit.prompt.over")
	}
	if len(legal) > 0 {
		switch legal[0].Kind {
		case rituals.MoveGrab:
			return i18n.T("rit.prompt.grab")
		case rituals.MoveSend:
			return i18n.T("rit.prompt.send")
		case rituals.MovePlace:
			if v.Placing != nil && v.Placing.Seat != v.Seat {
				return i18n.T("rit.prompt.place_other", n.Seat(v.Placing.Seat), CardName(v.Placing.Card))
			}
			return i18n.T("rit.prompt.place", CardName(v.Placing.Card))
		case rituals.MovePsychotic:
			return i18n.T("rit.prompt.psychotic", CardName(v.Psycho.Card))
		case rituals.MovePass, rituals.MovePlay:
			if len(v.Stack) > 0 {
				return i18n.T("rit.prompt.react")
			}
			return i18n.T("rit.prompt.events")
		}
	}
	if v.Sealed {
		return t.waitingLine(n)
	}
	if len(v.Active) > 0 && v.Active[0] >= 0 {
		return i18n.T("rit.prompt.wait", n.Seat(v.Active[0]))
	}
	return i18n.T("rit.prompt.dealing")
}

// waitingLine is "waiting for N of M", naming who has chosen (never what).
func (t *Table) waitingLine(n Names) string {
	v := t.V
	var done []string
	for _, s := range v.Seats {
		if s.Chosen {
			done = append(done, n.Seat(s.Seat))
		}
	}
	line := i18n.T("rit.waiting_n", len(v.Active), v.Players)
	if len(done) > 0 {
		line += " " + i18n.T("rit.done_who", joinNames(done))
	}
	return line
}

func joinNames(xs []string) string {
	out := ""
	for i, x := range xs {
		if i > 0 {
			out += i18n.T("app.list_sep")
		}
		out += x
	}
	return out
}

// actions offers the legal moves: a sealed step through select-then-lock-in, the others as
// one button each.
func (t *Table) actions(n Names) app.UI {
	legal := t.P.Legal
	if len(legal) == 0 {
		return nil
	}
	if legal[0].Kind == rituals.MoveGrab || legal[0].Kind == rituals.MoveSend {
		return t.sealed(n)
	}
	if legal[0].Kind == rituals.MovePass || legal[0].Kind == rituals.MovePlay {
		return nil // in the window panel
	}
	buttons := make([]app.UI, 0, len(legal))
	for i, m := range legal {
		buttons = append(buttons, app.Button().Type("button").Class("btn", "rit-move").ID("rit-move-"+strconv.Itoa(i)).
			DataSet("kind", m.Kind).Text(n.MoveLabel(m)).OnClick(t.act(m), moveKey(m)))
	}
	return app.Section().Class("rit-actions").Aria("label", i18n.T("rit.your_move")).Body(buttons...)
}

// sealed is the secret choice: pick (as often as you like), then lock in.
func (t *Table) sealed(n Names) app.UI {
	legal := t.P.Legal
	step := t.stepKey()
	if t.selFor != step {
		t.sel, t.selFor = "", step
	}
	var chosen *engine.Move
	opts := make([]app.UI, 0, len(legal))
	for i, m := range legal {
		m := m
		k := moveKey(m)
		on := k == t.sel
		if on {
			chosen = &m
		}
		if m.Kind == rituals.MoveSend && m.Card != 0 {
			continue // chosen from the hand itself
		}
		opts = append(opts, app.Button().Type("button").Class("btn", "rit-opt").ID("rit-opt-"+strconv.Itoa(i)).
			Aria("pressed", on).Text(n.MoveLabel(m)).OnClick(func(ctx app.Context, e app.Event) { t.sel = k }, k))
	}
	lock := app.Button().Type("button").Class("btn", "primary").ID("rit-lock").Disabled(chosen == nil).
		Text(i18n.T("rit.lock_in"))
	if chosen != nil {
		lock = lock.OnClick(t.act(*chosen), t.sel)
	}
	return app.Section().Class("rit-actions", "rit-sealed").Aria("label", i18n.T("rit.your_move")).Body(
		app.Div().Class("rit-opts").Body(opts...),
		app.P().Class("muted", "small").Text(i18n.T("rit.sealed_hint")),
		lock,
	)
}

// window shows the open event window: the events waiting on the stack, who is asked, the
// countdown, and (when asked) the viewer's pass and plays.
func (t *Table) window(n Names) app.UI {
	v := t.V
	if v.Window == nil {
		return nil
	}
	var stack []app.UI
	for _, p := range v.Stack {
		e := rituals.Event{Kind: "play", Seat: p.Seat, To: p.To, Card: p.Card, Place: p.Place, N: p.N}
		stack = append(stack, app.Li().Class("rit-played").Text(n.LogLine(e)))
	}
	var buttons []app.UI
	for i, m := range t.P.Legal {
		if m.Kind != rituals.MovePass && m.Kind != rituals.MovePlay {
			continue
		}
		cls := "rit-play"
		if m.Kind == rituals.MovePass {
			cls = "rit-pass"
		}
		buttons = append(buttons, app.Button().Type("button").Class("btn", cls).ID("rit-w-"+strconv.Itoa(i)).
			Text(n.MoveLabel(m)).OnClick(t.act(m), moveKey(m)))
	}
	title := i18n.T("rit.window." + v.Window.Kind)
	asked := i18n.T("rit.window.asked", n.Seat(v.Window.Asked))
	return app.Section().Class("rit-window").ID("rit-window").DataSet("kind", v.Window.Kind).
		Aria("label", title).Body(
		app.H2().Text(title),
		app.If(len(stack) > 0, app.Ul().Class("rit-stack").Body(stack...)),
		app.P().Body(
			app.Text(asked+" "),
			app.If(t.winKey != "" && t.winLeft > 0, app.Span().Class("rit-count").ID("rit-count").
				Aria("live", "off").Text(i18n.T("rit.countdown", t.winLeft))),
		),
		app.If(len(buttons) > 0, app.Div().Class("rit-wbtns").Body(buttons...)),
	)
}

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
		case v.Sealed && s.Chosen:
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
	sentBy := map[rituals.CardID]engine.Seat{}
	for _, e := range v.Log {
		if e.Kind == "place" {
			sentBy[e.Card] = e.Seat
		}
	}
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
				who := ""
				if s, ok := sentBy[c]; ok {
					who = n.Seat(s)
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
				app.Span().Class("rit-god").Text(pl.God),
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
