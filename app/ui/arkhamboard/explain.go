package arkhamboard

import (
	"strings"

	"github.com/maxence-charriere/go-app/v9/pkg/app"

	"miskatonic/app/i18n"
	"miskatonic/app/ui/board"
)

// Explain in place: every card on the table tells what it does (on hover, and on a tap or click
// in a panel), from the How to play page's own text; the reveal says why each loss is what it is;
// a first game shows a few hints until they are dismissed.

// hintsKey remembers in the browser that the first-game hints were dismissed.
const hintsKey = "mk.hints.arkham"

// ruleKey is the How to play text of a card, by its key ("" for a back or an unknown key).
func ruleKey(key string) string {
	switch key {
	case "candelabra", "dagger", "chalice", "grimoire", "idol":
		return "rules.cards.artifacts"
	case "gate-a", "gate-b":
		return "rules.card.gate"
	case "elder-sign", "orb", "trapezohedron", "investigator", "student", "cultist", "professor",
		"cthulhu", "nyarlathotep", "yogsothoth", "hastur", "mystery":
		return "rules.card." + key
	}
	return ""
}

// ruleAnchor is where the card's group is on the How to play page.
func ruleAnchor(kind string) string {
	switch kind {
	case "artifact":
		return "#cards-artifacts"
	case "event":
		return "#cards-events"
	case "character":
		return "#cards-characters"
	case "oldone":
		return "#cards-oldones"
	}
	return "#cards"
}

// listenTaps opens the explanation of the card tapped, wherever it is on the table (one
// listener on the table rather than one per card). A tap on a seat that takes a give or pass,
// or on a button, is left to them.
//
// The browser's own listener (board.Taps), not go-app's OnClick: every click on the table
// bubbles up here, a move's included, and with go-app's handler on the table a tap on a seat
// to give the card, or on the felt, drew the table, the whole screen around it and the page
// again, for nothing: the move's answer draws what changed. Here only an explanation that
// opens draws, and only the table.
func (t *Table) listenTaps(ctx app.Context) {
	t.taps.Listen(t.JSValue(), func(target app.Value) {
		if key, cursed, ok := tappedCard(target); ok {
			ctx.Dispatch(func(app.Context) { t.explain, t.explainCursed = key, cursed })
			board.TakeFocus("#explain-close") // so Escape, or Enter on Close, shuts it from the keyboard
		}
	})
}

// OnDismount stops listenTaps' listener.
func (t *Table) OnDismount() { t.taps.Stop() }

// tappedCard is the card a click on target opens the explanation of, if any.
func tappedCard(target app.Value) (key string, cursed, ok bool) {
	if _, ok := board.Tapped(target, "button, a, .seat.target, input, form, #card-explain"); ok {
		return "", false, false
	}
	card, ok := board.Tapped(target, ".card[data-card]")
	if !ok {
		return "", false, false
	}
	key = card.Get("dataset").Get("card").String()
	if ruleKey(key) == "" {
		return "", false, false
	}
	return key, card.Get("dataset").Get("cursed").String() == "true", true
}

// explainPanel is the open explanation, if any.
func (t *Table) explainPanel() app.UI {
	if t.explain == "" {
		return nil
	}
	c := Card{Key: t.explain, Kind: kindOfKey(t.explain), Cursed: t.explainCursed}
	closePanel := func(ctx app.Context, e app.Event) {
		t.explain = ""
		board.ReleaseFocus() // back beside the moves, not to <body> with the Close button
	}
	return app.Elem("aside").Class("card-explain", "panel").ID("card-explain").Attr("role", "dialog").
		Aria("label", c.Name()).OnKeyDown(func(ctx app.Context, e app.Event) {
		if e.Get("key").String() == "Escape" {
			closePanel(ctx, e)
		}
	}).Body(
		app.Div().Class("explain-head").Body(
			cardFace(c, "s"),
			app.Div().Body(
				app.Elem("h2").Text(c.Name()),
				app.P().Class("muted", "small").Text(c.Label()),
			),
			app.Elem("button").Attr("type", "button").Class("btn", "small").ID("explain-close").
				Text(i18n.T("app.close")).
				OnClick(closePanel),
		),
		app.P().Text(i18n.T(ruleKey(c.Key))),
		docLink("", hrefRules+ruleAnchor(c.Kind), i18n.T("explain.more")),
	)
}

// kindOfKey is a card's kind by its key (the explanation panel knows only the key).
func kindOfKey(key string) string {
	switch key {
	case "candelabra", "dagger", "chalice", "grimoire", "idol":
		return "artifact"
	case "gate-a", "gate-b", "elder-sign", "orb", "trapezohedron":
		return "event"
	case "investigator", "student", "cultist", "professor":
		return "character"
	}
	return "oldone"
}

// cardTitle is the hover text of a face-up card: its name and what it does.
func cardTitle(c Card) string {
	k := ruleKey(c.Key)
	if k == "" {
		return c.Label()
	}
	return c.Label() + " — " + i18n.T(k)
}

// lossWhy says why the failing players lost what they lost, when the round's losses follow the
// usual count ("3 hands failed, so each failing player loses 3") or the Doom Track; "" when the
// round ended otherwise (a Great Old One, or characters bending the count), where each row's
// own reason says it.
func lossWhy(b Board) string {
	r := b.Result
	if r == nil {
		return ""
	}
	failed := 0
	losses := map[int]int{}
	for _, row := range r.Rows {
		if row.Fate.Survived {
			continue
		}
		failed++
		if !row.Dummy && row.Fate.Delta < 0 && !strings.Contains(row.Fate.Why, i18n.T("card.student")) {
			losses[-row.Fate.Delta]++
		}
	}
	if failed == 0 {
		return i18n.T("explain.none_failed")
	}
	common, most := 0, 0
	for l, n := range losses {
		if n > most || n == most && l > common {
			common, most = l, n
		}
	}
	switch {
	case common == 0:
		return ""
	case b.DoomOn && common == b.Doom && common != failed:
		return i18n.T("explain.loss_doom", common)
	case common == failed:
		return i18n.T("explain.loss_count", failed)
	}
	return ""
}

// hints are the first-game tips, until dismissed (remembered in the browser).
func (t *Table) hints() app.UI {
	if t.hintsDone {
		return nil
	}
	return app.Elem("section").Class("panel", "hints").ID("hints").Aria("label", i18n.T("explain.hints_title")).Body(
		app.Div().Class("panel-head").Body(
			app.Elem("h2").Text(i18n.T("explain.hints_title")),
			app.Elem("button").Attr("type", "button").Class("btn", "small").ID("hints-close").Text(i18n.T("explain.hints_done")).
				OnClick(func(ctx app.Context, e app.Event) {
					t.hintsDone = true
					if ls := app.Window().Get("localStorage"); ls.Truthy() {
						ls.Call("setItem", hintsKey, "done")
					}
				}),
		),
		app.Elem("ul").Class("hint-list").Body(
			app.Elem("li").Text(i18n.T("explain.hint_card")),
			app.Elem("li").Text(i18n.T("explain.hint_tap")),
			app.Elem("li").Text(i18n.T("explain.hint_turn")),
		),
	)
}

// OnMount reads whether the hints were dismissed before and listens for taps on cards.
func (t *Table) OnMount(ctx app.Context) {
	t.listenTaps(ctx)
	if ls := app.Window().Get("localStorage"); ls.Truthy() {
		t.hintsDone = ls.Call("getItem", hintsKey).String() == "done"
	}
}
