package shadowsboard

import (
	"fmt"
	"strconv"

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
	P board.Props
}

func moveKey(m engine.Move) string {
	return fmt.Sprintf("%d|%s|%d|%s|%d|%d", m.Seat, m.Kind, m.Card, m.Option, m.To, m.N)
}

func (t *Table) names() Names {
	n := Names{}
	for _, s := range t.P.Seats {
		n.Players = append(n.Players, s.Name)
	}
	for _, c := range t.V.Characters {
		n.Chars = append(n.Chars, c.Character)
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

// Render draws the table: what is asked first (so a phone shows it without scrolling), then the
// threat, the map, the characters, the asset row and the log.
func (t *Table) Render() app.UI {
	v, n := t.V, t.names()
	return app.Div().Class("sh").ID("sh").DataSet("seq", t.P.Seq).DataSet("phase", v.Phase).
		DataSet("over", v.Outcome != nil).DataSet("active", int(v.Active)).DataSet("tomove", int(v.ToMove)).Body(
		app.Header().Class("sh-head").Body(
			app.H1().Text(i18n.T("game."+Name)),
			app.A().Class("sh-ours").ID("sh-ours").Href(OursPath).Target("_blank").Text(i18n.T("sh.completed")),
			app.A().Class("sh-howto").Href(board.RulesPath(Name)).Target("_blank").Text(i18n.T("pages.how_to_play")),
		),
		t.status(n),
		t.result(n),
		// Two columns on a laptop (the table left, moves and news right); on a phone the
		// wrappers dissolve (display: contents) and each part takes its place in one column.
		app.Div().Class("sh-main").Body(t.deck(), t.city(n), t.chars(n)),
		app.Div().Class("sh-side").Body(t.threatPanel(n), t.actions(n), t.assets(), t.log(n)),
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
			app.Strong().Text(strconv.Itoa(v.ActionsLeft)),
			app.Span().Text(" "+i18n.T("sh.actions_left")),
		)
	}
	meta := i18n.T("sh.round_turn", v.Round, v.Turn)
	return app.Section().Class("sh-status").Aria("label", i18n.T("sh.status")).Body(
		app.P().Class("sh-prompt").ID("sh-prompt").Aria("live", "polite").Text(line),
		counter,
		app.P().Class("sh-meta", "muted", "small").Text(meta),
	)
}

// actions offers the legal moves as buttons, grouped by kind; each names its cost.
func (t *Table) actions(n Names) app.UI {
	legal := t.P.Legal
	if len(legal) == 0 {
		return nil
	}
	groups := map[string][]app.UI{}
	for i, m := range legal {
		g := group(m.Kind)
		cls := "sh-move"
		if m.Kind == shadows.MoveEnd || m.Kind == shadows.MoveLeave {
			cls = "sh-end"
		}
		if m.Kind == shadows.MoveBanish {
			cls = "sh-banish"
		}
		groups[g] = append(groups[g], app.Button().Type("button").Class("btn", cls).ID("sh-move-"+strconv.Itoa(i)).
			DataSet("kind", m.Kind).Text(n.MoveLabel(m, t.V)).OnClick(t.act(m), moveKey(m)))
	}
	parts := []app.UI{app.H2().Text(i18n.T("sh.your_move", n.Char(t.V.ToMove)))}
	for _, g := range groupOrder {
		if len(groups[g]) == 0 {
			continue
		}
		parts = append(parts, app.Div().Class("sh-group").DataSet("group", g).Body(
			app.H3().Text(i18n.T("sh.group."+g)),
			app.Div().Class("sh-btns").Body(groups[g]...),
		))
	}
	return app.Section().Class("sh-actions", "panel").ID("sh-actions").Aria("label", i18n.T("sh.your_move", n.Char(t.V.ToMove))).Body(parts...)
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

// threatPanel tells what the threat did lately: the events since the current turn began that
// the threat itself caused, with the Arkham face's text.
func (t *Table) threatPanel(n Names) app.UI {
	v := t.V
	from := 0
	for i, e := range v.Log {
		if e.Kind == "turn" || e.Kind == "setup" {
			from = i
		}
	}
	// The threat acts at the start of a turn: show from the turn before the latest if this turn
	// has not yet brought anything (the marker holder's start phase is what matters).
	var items []app.UI
	for _, e := range v.Log[from:] {
		if threatKinds[e.Kind] {
			items = append(items, app.Li().DataSet("kind", e.Kind).Text(n.LogLine(e, v)))
		}
	}
	if len(items) == 0 {
		items = append(items, app.Li().Class("muted").Text(i18n.T("sh.threat.quiet")))
	}
	return app.Section().Class("sh-threatnews", "panel").ID("sh-threatnews").Aria("label", i18n.T("sh.threat.news")).Body(
		app.H2().Text(i18n.T("sh.threat.news")),
		app.Ul().Aria("live", "polite").Body(items...),
	)
}

// deck is the threat deck: the current Arkham threat on top with its tokens and limit, the
// current shadow at the bottom (face down until viewed), and the elder's tall card.
func (t *Table) deck() app.UI {
	v := t.V
	if v.Threat == nil {
		return nil
	}
	th := v.Threat
	var top app.UI
	if tc := threat(th.Top); tc != nil {
		top = app.Div().Class("sh-card", "sh-arkham").ID("sh-arkham").Body(
			app.Span().Class("sh-face").Text(i18n.T("sh.face.arkham", th.TopLevel)),
			app.H3().Text(tc.Arkham.Name),
			app.P().Class("sh-tokens").ID("sh-tokens").DataSet("tokens", th.Tokens).DataSet("limit", th.Limit).Body(
				app.Span().Class("sh-pips").Text(pips(th.Tokens, th.Limit)),
				app.Text(" "+i18n.T("sh.tokens", th.Tokens, th.Limit)),
			),
			app.P().Class("sh-text").Text(tc.Arkham.Text),
			app.P().Class("sh-otherface", "muted", "small").Text(i18n.T("sh.other_face", tc.Shadow.Name, tc.Shadow.Text)),
		)
	} else if v.Elder != nil {
		top = app.Div().Class("sh-card", "sh-arkham").ID("sh-arkham").Body(
			app.Span().Class("sh-face").Text(i18n.T("sh.face.elder")),
			app.H3().Text(v.Elder.Name),
		)
	}
	var shadow app.UI
	switch {
	case !th.Known:
		shadow = app.Div().Class("sh-card", "sh-shadow", "sh-hidden").ID("sh-shadow").Body(
			app.Span().Class("sh-face").Text(i18n.T("sh.face.shadow", th.Level)),
			app.H3().Text(i18n.T("sh.shadow.unknown")),
			app.P().Class("sh-cost").Text(i18n.T("sh.banish_cost", th.Cost)),
		)
	case th.Shadow < 0 && v.Elder != nil:
		shadow = app.Div().Class("sh-card", "sh-shadow", "sh-final").ID("sh-shadow").Body(
			app.Span().Class("sh-face").Text(i18n.T("sh.face.final")),
			app.H3().Text(th.ShadowNm),
			app.P().Class("sh-text").Text(v.Elder.Final),
			app.P().Class("sh-cost").Text(i18n.T("sh.banish_cost", th.Cost)),
		)
	default:
		text := ""
		if tc := threat(th.Shadow); tc != nil {
			text = tc.Shadow.Text
		}
		shadow = app.Div().Class("sh-card", "sh-shadow").ID("sh-shadow").Body(
			app.Span().Class("sh-face").Text(i18n.T("sh.face.shadow", th.Level)),
			app.H3().Text(th.ShadowNm),
			app.P().Class("sh-text").Text(text),
			app.P().Class("sh-cost").Text(i18n.T("sh.banish_cost", th.Cost)),
		)
	}
	var elder app.UI
	if e := v.Elder; e != nil {
		elder = app.Details().Class("sh-elder").Body(
			app.Summary().Text(i18n.T("sh.elder", e.Name)),
			app.P().Text(e.Rule),
			app.P().Body(app.Strong().Text(i18n.T("sh.awakening")+" "), app.Text(e.Awakening)),
			app.If(e.Stirring != "", app.P().Body(app.Strong().Text(i18n.T("sh.stirring")+" "), app.Text(e.Stirring))),
			app.P().Body(app.Strong().Text(i18n.T("sh.final")+" "), app.Text(e.Final)),
		)
	}
	return app.Section().Class("sh-deck", "panel").ID("sh-deck").Aria("label", i18n.T("sh.deck")).Body(
		app.H2().Text(i18n.T("sh.deck")),
		app.P().Class("sh-deckinfo").Text(i18n.T("sh.deck_info", th.DeckSize, th.Left)),
		app.Div().Class("sh-faces").Body(top, shadow),
		elder,
	)
}

// pips draws count of limit as filled and empty marks.
func pips(count, limit int) string {
	s := ""
	for i := 0; i < limit || i < count; i++ {
		if i < count {
			s += "●"
		} else {
			s += "○"
		}
	}
	return s
}

// city is the Arkham map: five locations, their corruption, their actions, and who is there.
func (t *Table) city(n Names) app.UI {
	v := t.V
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
			who = append(who, app.Li().Class("sh-token").DataSet("seat", int(c.Seat)).DataSet("active", c.Seat == v.Active).
				Text(n.Char(c.Seat)+marks))
		}
		corr := 0
		if l < len(v.Corruption) {
			corr = v.Corruption[l]
		}
		tiles = append(tiles, app.Li().Class("sh-loc").DataSet("loc", key).DataSet("corrupt", corr > 0).Body(
			app.H3().Text(LocName(key)),
			app.P().Class("sh-locact", "small").Text(i18n.T("sh.locact."+key)),
			app.P().Class("sh-corr").DataSet("n", corr).Body(
				app.Span().Class("sh-corrpips").Text(repeat("✹", corr)),
				app.Text(" "+i18n.T("sh.corruption_n", corr)),
			),
			app.Ul().Class("sh-here").Body(who...),
		))
	}
	return app.Section().Class("sh-city", "panel").ID("sh-city").Aria("label", i18n.T("sh.map")).Body(
		app.H2().Text(i18n.T("sh.map")),
		app.P().Class("sh-total").ID("sh-total").DataSet("n", total).Text(i18n.T("sh.corruption_total", total, v.Limits.CorruptionLoss)),
		app.Ul().Class("sh-map").Body(tiles...),
		app.P().Class("small", "muted").Text(i18n.T("sh.legend")),
	)
}

func repeat(s string, n int) string {
	out := ""
	for i := 0; i < n; i++ {
		out += s
	}
	return out
}

// chars is every character card: its clips against their limits, its assets and ability, and
// which human plays it.
func (t *Table) chars(n Names) app.UI {
	v := t.V
	cardsUI := make([]app.UI, 0, len(v.Characters))
	for _, c := range v.Characters {
		ch := character(c.Character)
		title, adv := "", ""
		if ch != nil {
			title = ch.Title
			adv = i18n.T("sh.adv_line", ch.Advantage.Name, ch.Advantage.Text)
		}
		var marks []app.UI
		if c.Seat == v.Ring {
			marks = append(marks, app.Span().Class("sh-badge", "sh-ring").ID(fmt.Sprintf("sh-ring-%d", c.Seat)).Text("◎ "+i18n.T("sh.ring")))
		}
		if c.Seat == v.Marker {
			marks = append(marks, app.Span().Class("sh-badge", "sh-marker").Text("⚑ "+i18n.T("sh.marker")))
		}
		if c.Seat == v.Active && v.Outcome == nil {
			marks = append(marks, app.Span().Class("sh-badge", "sh-acting").Text(i18n.T("sh.acting")))
		}
		var assets []app.UI
		for _, k := range c.Assets {
			if a := asset(k); a != nil {
				assets = append(assets, app.Li().Body(app.Strong().Text(a.Name), app.Text(" — "+a.Text)))
			}
		}
		var abil app.UI
		if a := ability(c.Ability); a != nil {
			abil = app.P().Class("sh-ability", "small").Body(app.Strong().Text(i18n.T("sh.ability_card", a.Name)), app.Text(" "+a.Text))
		}
		clips := app.Dl().Class("sh-clips").Body(
			clip("bills", c.Bills, c.BillsLimit),
			clip("knowledge", c.Knowledge, c.KnowledgeLimit),
			clip("muscle", c.Muscle, c.MuscleLimit),
			clip("madness", c.Madness, v.Limits.MadnessLoss),
			clip("shadow", c.Shadow, v.Limits.ShadowCap),
		)
		cardsUI = append(cardsUI, app.Li().Class("sh-char").ID(fmt.Sprintf("sh-char-%d", c.Seat)).DataSet("seat", int(c.Seat)).
			DataSet("active", c.Seat == v.Active).DataSet("mine", len(t.P.Legal) > 0 && c.Seat == v.ToMove).Body(
			app.Div().Class("sh-chead").Body(
				app.H3().Text(n.Char(c.Seat)),
				app.Span().Class("sh-player", "small").Text(i18n.T("sh.played_by", n.Player(c.Seat))),
			),
			app.If(title != "", app.P().Class("sh-title", "small", "muted").Text(title)),
			app.Div().Class("sh-badges").Body(marks...),
			app.If(c.Location != "", app.P().Class("sh-where", "small").Text(i18n.T("sh.at", LocName(c.Location)))),
			clips,
			app.If(adv != "", app.P().Class("sh-adv", "small").DataSet("lost", c.Madness > 0).Text(advText(adv, c.Madness > 0))),
			abil,
			app.If(len(assets) > 0, app.Ul().Class("sh-carried", "small").Body(assets...)),
		))
	}
	return app.Section().Class("sh-chars").ID("sh-chars").Aria("label", i18n.T("sh.characters")).Body(
		app.H2().Text(i18n.T("sh.characters")),
		app.Ul().Class("sh-charlist").Body(cardsUI...),
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
		app.Dt().Text(i18n.T("sh.res."+kind)),
		app.Dd().Body(
			app.Span().Class("sh-val").Text(i18n.T("sh.of", val, limit)),
			app.Span().Class("sh-bar").Body(app.Span().Style("width", strconv.Itoa(pct)+"%")),
		),
	)
}

// assets is the face-up asset row.
func (t *Table) assets() app.UI {
	v := t.V
	if len(v.AssetRow) == 0 {
		return nil
	}
	items := make([]app.UI, 0, len(v.AssetRow))
	for _, k := range v.AssetRow {
		a := asset(k)
		if a == nil {
			items = append(items, app.Li().Class("sh-asset", "sh-empty").Text(i18n.T("sh.empty_space")))
			continue
		}
		items = append(items, app.Li().Class("sh-asset").DataSet("asset", a.Key).Body(
			app.H3().Text(a.Name),
			app.P().Class("small").Text(i18n.T("sh.asset_where", LocName(a.Location), a.Cost)),
			app.P().Class("sh-text", "small").Text(a.Text),
		))
	}
	return app.Section().Class("sh-assets", "panel").ID("sh-assets").Aria("label", i18n.T("sh.asset_row")).Body(
		app.H2().Text(i18n.T("sh.asset_row")),
		app.P().Class("small", "muted").Text(i18n.T("sh.decks", v.AssetDeck, v.Rando.Deck)),
		app.Ul().Class("sh-row").Body(items...),
	)
}

// log tells the latest public events, newest first.
func (t *Table) log(n Names) app.UI {
	v := t.V
	items := make([]app.UI, 0, len(v.Log))
	for i := len(v.Log) - 1; i >= 0; i-- {
		e := v.Log[i]
		items = append(items, app.Li().Class("sh-logline").DataSet("kind", e.Kind).Text(n.LogLine(e, v)))
	}
	return app.Section().Class("sh-log", "panel").ID("sh-log").Aria("label", i18n.T("sh.log")).Body(
		app.H2().Text(i18n.T("sh.log")),
		// Newest first, numbered as they happened: a reversed list counts down from the latest.
		app.Ol().Attr("reversed", true).Body(items...),
	)
}

// result is the shared ending: everyone won, or everyone lost and why.
func (t *Table) result(n Names) app.UI {
	v := t.V
	if v.Outcome == nil {
		return nil
	}
	won := len(v.Outcome.Winners) > 0
	title := i18n.T("sh.lost")
	if won {
		title = i18n.T("sh.won")
	}
	if v.Seat < 0 { // a watcher did not play: the players won or lost
		title = i18n.T("sh.watch_lost")
		if won {
			title = i18n.T("sh.watch_won")
		}
	}
	return app.Section().Class("sh-result", "panel").ID("sh-result").DataSet("won", won).Aria("label", title).Body(
		app.H2().Text(title),
		app.P().ID("sh-reason").Text(i18n.T(v.Outcome.Reason)),
		app.If(t.P.OnAgain != nil, app.Button().Type("button").Class("btn", "primary").ID("play-again").
			Text(i18n.T("sh.again")).OnClick(func(ctx app.Context, e app.Event) {
			if t.P.OnAgain != nil {
				t.P.OnAgain(ctx)
			}
		})),
		app.A().Class("btn").ID("back-home").Href("/").Text(i18n.T("app.back_home")),
	)
}
