package shadowsboard

import (
	"fmt"
	"strconv"
	"strings"

	"github.com/maxence-charriere/go-app/v9/pkg/app"

	"miskatonic/app/i18n"
	"miskatonic/app/ui/board"
	"miskatonic/engine"
	"miskatonic/engine/shadows"
)

// Table is the whole Ring of Shadows table for one viewer. It keeps no state of its own.
type Table struct {
	app.Compo

	V *shadows.View
	P board.Props // its OnAct nil: onAct plays the moves
	// onAct is unexported so go-app leaves it out of its comparison (a func never compares
	// equal: every drawing of the screen drew the whole board again, even when only the frame
	// around it changed); the first one stays, as go-app keeps the first handler bound to a
	// button anyway, and the screen's reads its current state.
	onAct func(ctx app.Context, m engine.Move)
}

func moveKey(m engine.Move) string {
	return fmt.Sprintf("%d|%s|%d|%s|%d|%d", m.Seat, m.Kind, m.Card, m.Option, m.To, m.N)
}

func (t *Table) names() Names {
	n := Names{Players: t.P.SeatNames()}
	for _, c := range t.V.Characters {
		n.Chars = append(n.Chars, c.Character)
	}
	return n
}

// act plays m; then the next decision starts afresh: the choices folded under a character's
// name close again, and if the page had scrolled past the turn's status (a choice opened low on
// a phone scrolls it) the status comes back into view with its prompt.
func (t *Table) act(m engine.Move) app.EventHandler {
	p := t.P
	p.OnAct = t.onAct
	play := p.Act(m)
	return func(ctx app.Context, e app.Event) {
		play(ctx, e)
		doc := app.Window().Get("document")
		open := doc.Call("querySelectorAll", "#sh-actions details[open]")
		for i := 0; i < open.Length(); i++ {
			open.Index(i).Call("removeAttribute", "open")
		}
		if st := app.Window().GetElementByID("sh-status"); st.Truthy() && st.Call("getBoundingClientRect").Get("top").Float() < 0 {
			st.Call("scrollIntoView", map[string]any{"block": "start"})
		}
	}
}

// Render draws the table: what is asked first (so a phone or a laptop shows it without
// scrolling), then the threat, the map, the characters, the asset row and the log.
func (t *Table) Render() app.UI {
	v, n := t.V, t.names()
	return app.Div().Class("sh").ID("sh").DataSet("seq", t.P.Seq).DataSet("phase", v.Phase).
		DataSet("over", v.Outcome != nil).DataSet("active", int(v.Active)).DataSet("tomove", int(v.ToMove)).Body(
		app.Elem("header").Class("sh-head").Body(
			app.H1().Text(i18n.T("game."+Name)),
			app.Elem("a").Class("sh-ours").ID("sh-ours").Attr("href", OursPath).Attr("target", "_blank").Text(i18n.T("sh.completed")),
			app.Elem("a").Class("sh-howto").Attr("href", board.RulesPath(Name)).Attr("target", "_blank").Text(i18n.T("pages.how_to_play")),
		),
		t.status(n),
		t.resultPart(),
		// The moves right under the prompt, the whole width on a laptop too: a 768-px-high
		// screen shows them all without scrolling (issue 24).
		slot(t.actions(n)),
		// Two columns on a laptop (the table left, news right); on a phone the wrappers
		// dissolve (display: contents) and each part takes its place in one column. What
		// comes and goes keeps its place (a part's placeholder, slot), so the parts after it
		// are not rebuilt.
		app.Div().Class("sh-main").Body(board.Memo(deckView{Threat: v.Threat, Elder: v.Elder}), t.cityPart(n), t.chars(n)),
		app.Div().Class("sh-side").Body(t.threatPart(n),
			board.Memo(assetsView{Row: v.AssetRow, Deck: v.AssetDeck, Rando: v.Rando.Deck}),
			board.Memo(logView{Log: v.Log, Elder: v.Elder, N: n})),
	)
}

// status says whose character acts, who plays it, and how many actions are left.
func (t *Table) status(n Names) app.UI {
	v := t.V
	var line string
	switch {
	case v.Outcome != nil:
		line = i18n.T("sh.prompt.over")
	case v.Phase == shadows.PhaseDeal:
		line = i18n.T("sh.prompt.dealing")
	case v.ToMove >= 0 && len(t.P.Legal) > 0:
		line = i18n.T("sh.prompt.you", n.Char(v.ToMove))
	case v.ToMove >= 0:
		line = i18n.T("sh.prompt.wait", n.Char(v.ToMove), n.Player(v.ToMove))
	}
	var counter app.UI
	if v.Phase == shadows.PhaseAction && v.Active >= 0 {
		counter = app.P().Class("sh-actions-left").ID("sh-actions-left").DataSet("n", v.ActionsLeft).Body(
			app.Elem("strong").Text(strconv.Itoa(v.ActionsLeft)),
			app.Elem("span").Text(" "+i18n.T("sh.actions_left")),
		)
	}
	meta := i18n.T("sh.round_turn", v.Round, v.Turn)
	if v.Round == 0 { // choosing characters and the Ring: no round has begun
		meta = i18n.T("sh.meta_setup")
	}
	return app.Elem("section").Class("sh-status").ID("sh-status").Aria("label", i18n.T("sh.status")).Body(
		// The prompt is the board's focus home (board.ReleaseFocus): a pressed move whose
		// button goes away (the Ring given, the deck viewed, the turn ended) hands its focus
		// here, beside the next choices, not to the page's <body>.
		app.P().Class("sh-prompt").ID("sh-prompt").Aria("live", "polite").Attr("tabindex", "-1").DataSet(board.FocusHome, "prompt").Text(line),
		counter,
		app.P().Class("sh-meta", "muted", "small").Text(meta),
	)
}

// actions offers the legal moves, grouped by kind (groupChoices lays out each group).
func (t *Table) actions(n Names) app.UI {
	legal := t.P.Legal
	if len(legal) == 0 {
		return nil
	}
	groups := map[string][]choice{}
	for i, m := range legal {
		groups[group(m.Kind)] = append(groups[group(m.Kind)], choice{i, m})
	}
	parts := []app.UI{app.Elem("h2").Text(i18n.T("sh.your_move", n.Char(t.V.ToMove)))}
	if t.V.Phase == shadows.PhaseAction {
		parts = append(parts, app.P().Class("sh-costnote", "small", "muted").Text(i18n.T("sh.choose.note")))
	}
	for _, g := range groupOrder {
		if len(groups[g]) == 0 {
			continue
		}
		var head app.UI
		if g != "end" { // ending the turn says what it is
			head = app.Elem("h3").Text(i18n.T("sh.group." + g))
		}
		parts = append(parts, app.Div().Class("sh-group").DataSet("group", g).Body(
			head,
			app.Div().Class("sh-btns").Body(t.groupChoices(groups[g], n)...),
		))
	}
	return app.Elem("section").Class("sh-actions", "panel").ID("sh-actions").Aria("label", i18n.T("sh.your_move", n.Char(t.V.ToMove))).Body(parts...)
}

// groupOrder puts what matters most first and ending the turn last.
var groupOrder = []string{"setup", "shadow", "place", "other", "move", "share", "end"}

// group sorts a move kind into a button group, so a long list stays scannable on a phone.
func group(kind string) string {
	switch kind {
	case shadows.MoveCharacter, shadows.MoveRing:
		return "setup"
	case shadows.MoveMove, shadows.MoveDrive:
		return "move"
	case shadows.MoveResearch, shadows.MoveHire, shadows.MoveBuySell, shadows.MoveReport, shadows.MoveWithdraw, shadows.MoveAcquire:
		return "place"
	case shadows.MoveShare, shadows.MoveRetainer, shadows.MovePassRing:
		return "share"
	case shadows.MoveView, shadows.MoveAbility, shadows.MoveBanish, shadows.MoveLeave:
		return "shadow"
	case shadows.MoveEnd:
		return "end"
	}
	return "other"
}

// threatNews is the events since the current turn began that the threat itself caused.
func threatNews(log []shadows.Event) []shadows.Event {
	from := 0
	for i, e := range log {
		if e.Kind == shadows.EventTurn || e.Kind == shadows.EventSetup {
			from = i
		}
	}
	var out []shadows.Event
	for _, e := range log[from:] {
		if threatKinds[e.Kind] {
			out = append(out, e)
		}
	}
	return out
}

// threatPanel tells what the threat did lately (news, from threatNews), with the Arkham face's
// text; v gives the elder's words.
func threatPanel(news []shadows.Event, v *shadows.View, n Names) app.UI {
	var items []app.UI
	for _, e := range news {
		items = append(items, app.Elem("li").DataSet("kind", e.Kind).Text(n.LogLine(e, v)))
	}
	if len(items) == 0 {
		items = append(items, app.Elem("li").Class("muted").Text(i18n.T("sh.threat.quiet")))
	}
	return app.Elem("section").Class("sh-threatnews", "panel").ID("sh-threatnews").Aria("label", i18n.T("sh.threat.news")).Body(
		app.Elem("h2").Text(i18n.T("sh.threat.news")),
		app.Elem("ul").Aria("live", "polite").Body(items...),
	)
}

// deckPanel is the threat deck: the current Arkham threat on top with its tokens and limit, the
// current shadow at the bottom (face down until viewed), and the elder's tall card.
func deckPanel(v *shadows.View) app.UI {
	if v.Threat == nil {
		return nil
	}
	th := v.Threat
	var top app.UI
	if tc := threat(th.Top); tc != nil {
		top = app.Div().Class("sh-card", "sh-arkham").ID("sh-arkham").Body(
			app.Elem("span").Class("sh-face").Text(i18n.T("sh.face.arkham", th.TopLevel)),
			app.Elem("h3").Text(tc.Arkham.Name),
			app.P().Class("sh-tokens").ID("sh-tokens").DataSet("tokens", th.Tokens).DataSet("limit", th.Limit).Body(
				app.Elem("span").Class("sh-pips").Text(pips(th.Tokens, th.Limit)),
				app.Text(" "+i18n.T("sh.tokens", th.Tokens, th.Limit)),
			),
			app.P().Class("sh-text").Text(tc.Arkham.Text),
			app.P().Class("sh-otherface", "muted", "small").Text(i18n.T("sh.other_face", tc.Shadow.Name, tc.Shadow.Text)),
		)
	} else if v.Elder != nil {
		top = app.Div().Class("sh-card", "sh-arkham").ID("sh-arkham").Body(
			app.Elem("span").Class("sh-face").Text(i18n.T("sh.face.elder")),
			app.Elem("h3").Text(v.Elder.Name),
		)
	}
	var shadow app.UI
	switch {
	case !th.Known:
		shadow = app.Div().Class("sh-card", "sh-shadow", "sh-hidden").ID("sh-shadow").Body(
			app.Elem("span").Class("sh-face").Text(i18n.T("sh.face.shadow", th.Level)),
			app.Elem("h3").Text(i18n.T("sh.shadow.unknown")),
			app.P().Class("sh-cost").Text(i18n.T("sh.banish_cost", th.Cost)),
		)
	case th.Shadow < 0 && v.Elder != nil:
		shadow = app.Div().Class("sh-card", "sh-shadow", "sh-final").ID("sh-shadow").Body(
			app.Elem("span").Class("sh-face").Text(i18n.T("sh.face.final")),
			app.Elem("h3").Text(th.ShadowNm),
			app.P().Class("sh-text").Text(v.Elder.Final),
			app.P().Class("sh-cost").Text(i18n.T("sh.banish_cost", th.Cost)),
		)
	default:
		text := ""
		if tc := threat(th.Shadow); tc != nil {
			text = tc.Shadow.Text
		}
		shadow = app.Div().Class("sh-card", "sh-shadow").ID("sh-shadow").Body(
			app.Elem("span").Class("sh-face").Text(i18n.T("sh.face.shadow", th.Level)),
			app.Elem("h3").Text(th.ShadowNm),
			app.P().Class("sh-text").Text(text),
			app.P().Class("sh-cost").Text(i18n.T("sh.banish_cost", th.Cost)),
		)
	}
	var elder app.UI
	if e := v.Elder; e != nil {
		elder = app.Elem("details").Class("sh-elder").Body(
			app.Elem("summary").Text(i18n.T("sh.elder", e.Name)),
			app.P().Text(e.Rule),
			app.P().Body(app.Elem("strong").Text(i18n.T("sh.awakening")+" "), app.Text(e.Awakening)),
			app.If(e.Stirring != "", app.P().Body(app.Elem("strong").Text(i18n.T("sh.stirring")+" "), app.Text(e.Stirring))),
			app.P().Body(app.Elem("strong").Text(i18n.T("sh.final")+" "), app.Text(e.Final)),
		)
	}
	return app.Elem("section").Class("sh-deck", "panel").ID("sh-deck").Aria("label", i18n.T("sh.deck")).Body(
		app.Elem("h2").Text(i18n.T("sh.deck")),
		app.P().Class("sh-deckinfo").Text(i18n.T("sh.deck_info", th.DeckSize, th.Left)),
		app.Div().Class("sh-faces").Body(top, shadow),
		elder,
	)
}

// pips draws count of limit as filled and empty marks.
func pips(count, limit int) string {
	count, limit = clampPips(count), clampPips(limit)
	return strings.Repeat("●", count) + strings.Repeat("○", max(0, limit-count))
}

// maxPips bounds a row of pips. The rules never count past a handful; a view from a host may
// say anything, and a row a million long would freeze the page (the number is still shown).
const maxPips = 30

func clampPips(n int) int { return min(max(n, 0), maxPips) }

// cityPanel is the Arkham map: five locations, their corruption, their actions, and who is
// there (v's characters need only their seat and location).
func cityPanel(v *shadows.View, n Names) app.UI {
	total := 0
	for _, c := range v.Corruption {
		total += c
	}
	tiles := make([]app.UI, 0, shadows.NumLocations)
	for l, key := range shadows.Locations {
		var who []app.UI
		for _, c := range v.Characters {
			if c.Location != key {
				continue
			}
			marks := ""
			if c.Seat == v.Ring {
				marks += " ◎"
			}
			if c.Seat == v.Marker {
				marks += " ⚑"
			}
			who = append(who, app.Elem("li").Class("sh-token").DataSet("seat", int(c.Seat)).DataSet("active", c.Seat == v.Active).
				Text(n.Char(c.Seat)+marks))
		}
		corr := 0
		if l < len(v.Corruption) {
			corr = v.Corruption[l]
		}
		tiles = append(tiles, app.Elem("li").Class("sh-loc").DataSet("loc", key).DataSet("corrupt", corr > 0).Body(
			app.Elem("h3").Text(LocName(key)),
			app.P().Class("sh-locact", "small").Text(i18n.T("sh.locact."+key)),
			app.P().Class("sh-corr").DataSet("n", corr).Body(
				app.Elem("span").Class("sh-corrpips").Text(repeat("✹", corr)),
				app.Text(" "+i18n.T("sh.corruption_n", corr)),
			),
			app.Elem("ul").Class("sh-here").Body(who...),
		))
	}
	return app.Elem("section").Class("sh-city", "panel").ID("sh-city").Aria("label", i18n.T("sh.map")).Body(
		app.Elem("h2").Text(i18n.T("sh.map")),
		app.P().Class("sh-total").ID("sh-total").DataSet("n", total).Text(i18n.T("sh.corruption_total", total, v.Limits.CorruptionLoss)),
		app.Elem("ul").Class("sh-map").Body(tiles...),
		app.P().Class("small", "muted").Text(i18n.T("sh.legend")),
	)
}

func repeat(s string, n int) string { return strings.Repeat(s, clampPips(n)) }

// chars is every character card (a part each, charView): its clips against their limits, its
// assets and ability, and which human plays it.
func (t *Table) chars(n Names) app.UI {
	v := t.V
	cardsUI := make([]app.UI, 0, len(v.Characters))
	for _, c := range v.Characters {
		cardsUI = append(cardsUI, board.Memo(charView{C: c, Ring: c.Seat == v.Ring, Marker: c.Seat == v.Marker,
			Acting: c.Seat == v.Active, Over: v.Outcome != nil, Mine: len(t.P.Legal) > 0 && c.Seat == v.ToMove,
			MadnessLoss: v.Limits.MadnessLoss, ShadowCap: v.Limits.ShadowCap, Name: n.Char(c.Seat), Player: n.Player(c.Seat)}))
	}
	return app.Elem("section").Class("sh-chars").ID("sh-chars").Aria("label", i18n.T("sh.characters")).Body(
		app.Elem("h2").Text(i18n.T("sh.characters")),
		app.Elem("ul").Class("sh-charlist").Body(cardsUI...),
	)
}

// charCard is one character card; p says what the table around it holds.
func charCard(p *charView) app.UI {
	c := p.C
	ch := character(c.Character)
	title, adv := "", ""
	if ch != nil {
		title = ch.Title
		adv = i18n.T("sh.adv_line", ch.Advantage.Name, ch.Advantage.Text)
	}
	var marks []app.UI
	if p.Ring {
		marks = append(marks, app.Elem("span").Class("sh-badge", "sh-ring").ID(fmt.Sprintf("sh-ring-%d", c.Seat)).Text("◎ "+i18n.T("sh.ring")))
	}
	if p.Marker {
		marks = append(marks, app.Elem("span").Class("sh-badge", "sh-marker").Text("⚑ "+i18n.T("sh.marker")))
	}
	if p.Acting && !p.Over {
		marks = append(marks, app.Elem("span").Class("sh-badge", "sh-acting").Text(i18n.T("sh.acting")))
	}
	var assets []app.UI
	for _, k := range c.Assets {
		if a := asset(k); a != nil {
			assets = append(assets, app.Elem("li").Body(app.Elem("strong").Text(a.Name), app.Text(" — "+a.Text)))
		}
	}
	var abil app.UI
	if a := ability(c.Ability); a != nil {
		abil = app.P().Class("sh-ability", "small").Body(app.Elem("strong").Text(i18n.T("sh.ability_card", a.Name)), app.Text(" "+a.Text))
	}
	clips := app.Elem("dl").Class("sh-clips").Body(
		clip("bills", c.Bills, c.BillsLimit),
		clip("knowledge", c.Knowledge, c.KnowledgeLimit),
		clip("muscle", c.Muscle, c.MuscleLimit),
		clip("madness", c.Madness, p.MadnessLoss),
		clip("shadow", c.Shadow, p.ShadowCap),
	)
	return app.Elem("li").Class("sh-char").ID(fmt.Sprintf("sh-char-%d", c.Seat)).DataSet("seat", int(c.Seat)).
		DataSet("active", p.Acting).DataSet("mine", p.Mine).Body(
		app.Div().Class("sh-chead").Body(
			app.Elem("h3").Text(p.Name),
			app.Elem("span").Class("sh-player", "small").Text(i18n.T("sh.played_by", p.Player)),
		),
		app.If(title != "", app.P().Class("sh-title", "small", "muted").Text(title)),
		app.Div().Class("sh-badges").Body(marks...),
		app.If(c.Location != "", app.P().Class("sh-where", "small").Text(i18n.T("sh.at", LocName(c.Location)))),
		clips,
		app.If(adv != "", app.P().Class("sh-adv", "small").DataSet("lost", c.Madness > 0).Text(advText(adv, c.Madness > 0))),
		abil,
		app.If(len(assets) > 0, app.Elem("ul").Class("sh-carried", "small").Body(assets...)),
	)
}

func advText(adv string, lost bool) string {
	if lost {
		return i18n.T("sh.adv_lost", adv)
	}
	return adv
}

// clip is one track of a character card: value of limit, as a number and a bar.
func clip(kind string, val, limit int) app.UI {
	pct := 0
	if limit > 0 {
		pct = min(100, val*100/limit)
	}
	return app.Div().Class("sh-clip").DataSet("clip", kind).DataSet("n", val).Body(
		app.Elem("dt").Text(i18n.T("sh.res."+kind)),
		app.Elem("dd").Body(
			app.Elem("span").Class("sh-val").Text(i18n.T("sh.of", val, limit)),
			app.Elem("span").Class("sh-bar").Body(app.Elem("span").Style("width", strconv.Itoa(pct)+"%")),
		),
	)
}

// assetsPanel is the face-up asset row (row), with how many assets and Randonomicon cards are
// left in their decks.
func assetsPanel(row []string, deck, rando int) app.UI {
	items := make([]app.UI, 0, len(row))
	for _, k := range row {
		a := asset(k)
		if a == nil {
			items = append(items, app.Elem("li").Class("sh-asset", "sh-empty").Text(i18n.T("sh.empty_space")))
			continue
		}
		items = append(items, app.Elem("li").Class("sh-asset").DataSet("asset", a.Key).Body(
			app.Elem("h3").Text(a.Name),
			app.P().Class("small").Text(i18n.T("sh.asset_where", LocName(a.Location), a.Cost)),
			app.P().Class("sh-text", "small").Text(a.Text),
		))
	}
	return app.Elem("section").Class("sh-assets", "panel").ID("sh-assets").Aria("label", i18n.T("sh.asset_row")).Body(
		app.Elem("h2").Text(i18n.T("sh.asset_row")),
		app.P().Class("small", "muted").Text(i18n.T("sh.decks", deck, rando)),
		app.Elem("ul").Class("sh-row").Body(items...),
	)
}

// logPanel tells the latest public events, newest first; v gives the elder's words.
func logPanel(log []shadows.Event, v *shadows.View, n Names) app.UI {
	items := make([]app.UI, 0, len(log))
	for i := len(log) - 1; i >= 0; i-- {
		e := log[i]
		items = append(items, app.Elem("li").Class("sh-logline").DataSet("kind", e.Kind).Text(n.LogLine(e, v)))
	}
	return app.Elem("section").Class("sh-log", "panel").ID("sh-log").Aria("label", i18n.T("sh.log")).Body(
		app.Elem("h2").Text(i18n.T("sh.log")),
		// Newest first, numbered as they happened: a reversed list counts down from the latest.
		app.Elem("ol").Attr("reversed", true).Body(items...),
	)
}

// resultPanel is the shared ending (o): everyone won, or everyone lost and why; watcher is a
// page that did not play. The way on is the frame's.
func resultPanel(o *engine.Outcome, watcher bool) app.UI {
	won := len(o.Winners) > 0
	title := i18n.T("sh.lost")
	if won {
		title = i18n.T("sh.won")
	}
	if watcher { // a watcher did not play: the players won or lost
		title = i18n.T("sh.watch_lost")
		if won {
			title = i18n.T("sh.watch_won")
		}
	}
	return app.Elem("section").Class("sh-result", "panel").ID("sh-result").DataSet("won", won).Aria("label", title).Body(
		app.Elem("h2").Text(title),
		app.P().ID("sh-reason").Text(i18n.T(o.Reason)),
	)
}
