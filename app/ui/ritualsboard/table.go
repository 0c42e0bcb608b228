package ritualsboard

import (
	"fmt"
	"slices"
	"strconv"

	"github.com/maxence-charriere/go-app/v9/pkg/app"

	"miskatonic/app/i18n"
	"miskatonic/app/ui/board"
	"miskatonic/engine"
	"miskatonic/engine/rituals"
)

// Table is the whole Rituals table for one viewer. V and P come from the parent; the rest is
// UI-local: the choice not yet locked in, and the countdown of the open window.
type Table struct {
	app.Compo

	V *rituals.View
	P board.Props // its OnAct nil: onAct plays the moves
	// onAct is unexported so go-app leaves it out of its comparison; the first one stays, as
	// go-app keeps the first handler bound to a button anyway (the screen's reads its state).
	onAct func(ctx app.Context, m engine.Move)

	sel      string      // key of the selected sealed move (not sent until locked in)
	selFor   string      // the sealed step sel belongs to
	evSel    int         // the event card pressed in the window, its targets shown (targets.go)
	winKey   string      // the window being counted down
	winLeft  int         // seconds left
	winTimer bool        // a second is being waited for (countdown.go)
	count    *board.Part // the countdown's mounted part, which a second redraws alone
	presses  board.Taps  // the listener of the presses above (press.go)
}

// OnMount listens for presses (press.go); OnMount and OnUpdate start the countdown of a newly
// opened window.
func (t *Table) OnMount(ctx app.Context) {
	t.listenPresses(ctx)
	t.arm(ctx)
}
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

func (t *Table) names() Names { return Names{Me: t.V.Seat, Seats: t.P.SeatNames()} }

func (t *Table) act(m engine.Move) app.EventHandler {
	p := t.P
	if t.onAct != nil {
		p.OnAct = t.onAct
	}
	return p.Act(m)
}

func (t *Table) Render() app.UI {
	v, n := t.V, t.names()
	// A choice not yet locked in lasts as long as its sealed step.
	if step := t.stepKey(); t.selFor != step {
		t.sel, t.selFor, t.evSel = "", step, 0
	}
	return app.Div().Class("rit").ID("rit").DataSet("seq", t.P.Seq).DataSet("phase", v.Phase).
		DataSet("round", v.Round).DataSet("over", flag(v.Outcome != nil)).DataSet("decide", t.decide()).Body(
		app.Elem("header").Class("rit-head").Body(
			app.H1().Text(i18n.T("game."+Name)),
			app.Elem("span").Class("rit-meta").Text(roundLine(v.Round, v.DeckSize)),
			app.Elem("a").Class("rit-howto").Attr("href", board.RulesPath(Name)).Attr("target", "_blank").Text(i18n.T("pages.how_to_play")),
		),
		app.P().Class("rit-prompt").ID("rit-prompt").Aria("live", "polite").Attr("tabindex", "-1").DataSet(board.FocusHome, "prompt").Text(t.prompt(n)),
		// What comes and goes keeps its place (slot), so the parts after it are not rebuilt.
		slot(t.actions(n)),
		slot(t.window(n)),
		t.seatsPart(n),
		t.placesPart(n),
		t.handPart(),
		t.influencePart(),
		board.Memo(logView{Log: v.Log, Of: v.LogRound, N: n}),
		t.resultPart(n),
	)
}

// roundLine is the header's round and draw pile; before round 1 (the places' grab) it says
// the table is being set up rather than "Round 0".
func roundLine(round, deck int) string {
	if round == 0 {
		return i18n.T("rit.setup_deck", deck)
	}
	return i18n.T("rit.round_deck", round, deck)
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
		if s.Chosen || slices.Contains(t.P.Locked, s.Seat) {
			done = append(done, n.Seat(s.Seat))
		}
	}
	// The engine applies a sealed round all at once, so its Active still lists the seats that
	// locked in at the table (t.P.Locked): they are not waited for.
	waiting := 0
	for _, s := range v.Active {
		if !slices.Contains(t.P.Locked, s) {
			waiting++
		}
	}
	line := i18n.T("rit.waiting_n", waiting, v.Players)
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
	if legal[0].Kind == rituals.MovePlace {
		return nil // on the place tiles
	}
	buttons := make([]app.UI, 0, len(legal))
	for i, m := range legal {
		buttons = append(buttons, app.Elem("button").Attr("type", "button").Class("btn", "rit-move").ID("rit-move-"+strconv.Itoa(i)).
			DataSet("kind", m.Kind).Text(n.MoveLabel(m)).OnClick(t.act(m), moveKey(m)))
	}
	return app.Elem("section").Class("rit-actions").Aria("label", i18n.T("rit.your_move")).Body(buttons...)
}

// sealed is the secret choice: pick (as often as you like), then lock in.
func (t *Table) sealed(n Names) app.UI {
	legal := t.P.Legal
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
		opts = append(opts, app.Elem("button").Attr("type", "button").Class("btn", "rit-opt").ID("rit-opt-"+strconv.Itoa(i)).
			Aria("pressed", on).DataSet("pick", k).Text(n.MoveLabel(m)))
	}
	lock := app.Elem("button").Attr("type", "button").Class("btn", "primary").ID("rit-lock").Attr("disabled", chosen == nil).
		Text(i18n.T("rit.lock_in"))
	if chosen != nil {
		lock = lock.OnClick(t.act(*chosen), t.sel)
	}
	return app.Elem("section").Class("rit-actions", "rit-sealed").Aria("label", i18n.T("rit.your_move")).Body(
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
		e := rituals.Event{Kind: rituals.EventPlay, Seat: p.Seat, To: p.To, Card: p.Card, Place: p.Place, N: p.N}
		stack = append(stack, app.Elem("li").Class("rit-played").Text(n.LogLine(e)))
	}
	buttons := t.windowButtons(n)
	// The stack keeps its place while empty (slot), so the countdown's part after it stays
	// mounted as an event is played.
	var stackList app.UI
	if len(stack) > 0 {
		stackList = app.Elem("ul").Class("rit-stack").Body(stack...)
	}
	title := i18n.T("rit.window." + v.Window.Kind)
	asked := i18n.T("rit.window.asked", n.Seat(v.Window.Asked))
	return app.Elem("section").Class("rit-window").ID("rit-window").DataSet("kind", v.Window.Kind).
		Aria("label", title).Body(
		app.Elem("h2").Text(title),
		slot(stackList),
		app.P().Body(
			app.Text(asked+" "),
			board.Memo(t.countdown()),
		),
		app.If(len(buttons) > 0, app.Div().Class("rit-wbtns").Body(buttons...)),
		t.windowHint(),
	)
}
