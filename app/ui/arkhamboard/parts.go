package arkhamboard

import (
	"strconv"

	"github.com/maxence-charriere/go-app/v9/pkg/app"

	"miskatonic/app/i18n"
	"miskatonic/app/ui/board"
	"miskatonic/engine"
)

// statusBar shows the round, deck, removed cards and the Doom Track.
func statusBar(b Board) app.UI {
	return app.Div().Class("ark-status").Body(
		app.Elem("span").Class("stat").Text(i18n.T("ark.round", b.Round)),
		app.Elem("span").Class("stat", "stat-deck").DataSet("deck", strconv.Itoa(b.Deck)).
			Aria("label", i18n.T("ark.deck_label", b.Deck)).Text(i18n.T("ark.deck", b.Deck)),
		app.Elem("span").Class("stat").Aria("label", i18n.T("ark.removed_label", b.Removed)).Text(i18n.T("ark.removed", b.Removed)),
		doomTrack(b),
		docLink("rules-link", hrefRules, i18n.T("ark.rules_link")),
	)
}

// hrefRules is the path of the rules page.
var hrefRules = board.RulesPath(Name)

// docLink opens an explanatory page in a new tab, so the table (and its connection) stays put.
func docLink(id, href, text string) app.UI {
	return app.Elem("a").ID(id).Class("doc-link").Attr("href", href).Attr("target", "_blank").Attr("rel", "noopener").Text(text)
}

func doomTrack(b Board) app.UI {
	if !b.DoomOn {
		return nil
	}
	spots := make([]app.UI, 0, 7)
	for i := 1; i <= 7; i++ {
		cls := "doom-spot"
		if i == b.Doom {
			cls += " on"
		}
		spots = append(spots, app.Elem("span").Class(cls).Text(strconv.Itoa(i)))
	}
	return app.Div().Class("doom").Aria("label", i18n.T("ark.doom_label", b.Doom)).Title(i18n.T("rules.doom.p1")).Body(
		app.ElemSelfClosing("img").Attr("src", "/web/cards/doom.svg").Attr("alt", "").Class("doom-icon"),
		app.Elem("span").Class("doom-name").Aria("hidden", "true").Text(i18n.T("explain.doom_track")),
		app.Div().Class("doom-spots").Aria("hidden", "true").Body(spots...),
	)
}

// actionBar renders one button per legal move. The first button gets keyboard focus so a
// keyboard player can act at once; number keys are not bound (screen readers use them).
func actionBar(acts []Action, onAct func(app.Context, engine.Move)) app.UI {
	if len(acts) == 0 {
		return nil
	}
	btns := make([]app.UI, 0, len(acts))
	for i, a := range acts {
		a := a
		cls := "btn"
		if a.Primary {
			cls = "btn primary"
		}
		btn := app.Elem("button").Attr("type", "button").Class(cls).
			DataSet("move", a.Move.Kind).
			DataSet("to", strconv.Itoa(int(a.Move.To))).
			DataSet("option", a.Move.Option).
			Title(a.Help).
			Text(a.Label).
			// The scope names the move: go-app keeps a reused button's old handler when the
			// handler's code and scope are unchanged, and the old closure would send the move
			// this button showed before (say, an Orb choice in place of "Give to Bea").
			OnClick(func(ctx app.Context, e app.Event) {
				if onAct != nil {
					onAct(ctx, a.Move)
				}
			}, a.Move.String())
		if i == 0 {
			btn = btn.Attr("autofocus", true)
		}
		btns = append(btns, btn)
	}
	return app.Div().Class("actions").Attr("role", "group").Body(btns...)
}

// playSheet shows the discards: one spot per artifact, then every other discard.
func playSheet(b Board) app.UI {
	piles := make([]app.UI, 0, len(b.Piles))
	for _, p := range b.Piles {
		cards := make([]app.UI, 0, len(p.Cards))
		for _, c := range p.Cards {
			cards = append(cards, cardFace(c, "s"))
		}
		piles = append(piles, app.Div().Class("pile").DataSet("pile", p.Key).Body(
			app.Elem("span").Class("pile-name").Text(i18n.T("card."+p.Key)+" "+strconv.Itoa(len(p.Cards))+"/3"),
			app.Div().Class("pile-cards").Body(cards...),
		))
	}
	other := make([]app.UI, 0, len(b.Other))
	for _, c := range b.Other {
		other = append(other, cardFace(c, "s"))
	}
	var otherBody app.UI = app.Div().Class("pile-cards").Body(other...)
	if len(other) == 0 {
		otherBody = app.P().Class("muted").Text(i18n.T("ark.no_discards"))
	}
	return app.Elem("section").Class("panel", "sheet").Aria("label", i18n.T("ark.playsheet")).Body(
		app.Elem("h2").Text(i18n.T("ark.playsheet")),
		app.Div().Class("piles").Body(piles...),
		app.Elem("h3").Text(i18n.T("ark.other_discards")),
		otherBody,
	)
}

// gameLog shows the round's public events, newest last, in plain words (the frame's history
// keeps the earlier rounds).
func gameLog(lines []string) app.UI {
	items := make([]app.UI, 0, len(lines))
	for _, l := range lines {
		items = append(items, app.Elem("li").Text(l))
	}
	return app.Elem("section").Class("panel", "log").Body(
		app.Elem("h2").Text(i18n.T("ark.log")),
		app.Elem("ol").Class("log-lines").Aria("live", "polite").Body(items...),
	)
}

// oddsPanel is the deduction helper for the viewer's own card.
func oddsPanel(o *Odds, hidden bool, toggle func(app.Context, app.Event)) app.UI {
	if o == nil {
		return nil
	}
	btnText := i18n.T("app.hide")
	if hidden {
		btnText = i18n.T("app.show")
	}
	var body app.UI
	if !hidden {
		body = app.Div().Class("odds").Body(
			app.P().Text(i18n.T("ark.helper_unknown", o.Unknown)),
			oddsBar("sane", i18n.T("ark.helper_sane", o.Sane), o.Sane),
			oddsBar("cursed", i18n.T("ark.helper_cursed", o.Cursed), o.Cursed),
			oddsBar("dup", i18n.T("ark.helper_dup", o.Dup), o.Dup),
			app.P().Class("muted", "small").Text(i18n.T("ark.helper_note")),
		)
	}
	return app.Elem("section").Class("panel", "helper").Body(
		app.Div().Class("panel-head").Body(
			app.Elem("h2").Text(i18n.T("ark.helper")),
			app.Elem("button").Attr("type", "button").Class("btn", "small").Aria("expanded", strconv.FormatBool(!hidden)).
				Text(btnText).OnClick(toggle),
		),
		body,
	)
}

func oddsBar(kind, label string, pct int) app.UI {
	return app.Div().Class("odds-row").Body(
		app.Elem("span").Text(label),
		app.Div().Class("bar", "bar-"+kind).Aria("hidden", "true").Body(
			app.Div().Style("width", strconv.Itoa(pct)+"%"),
		),
	)
}
