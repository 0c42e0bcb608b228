package ui

import (
	"github.com/maxence-charriere/go-app/v9/pkg/app"

	"miskatonic/app/i18n"
)

// RulesArkham is the "How to play Arkham Ritual" page: the whole game in our own words, with
// every card beside its art, and the calls the app makes where the rulebook leaves room.
type RulesArkham struct {
	app.Compo
}

// OnNav names the browser tab after the page.
func (p *RulesArkham) OnNav(ctx app.Context) {
	ctx.Page().SetTitle(i18n.T("rules.title") + " · " + i18n.T("app.name"))
}

// Render draws the page.
func (p *RulesArkham) Render() app.UI {
	return docPage("rules", "rules.title", "rules.lead", rulesSections(),
		app.A().ID("rules-fair").Class("mk-btn").Href(HrefFair).Text(i18n.T("pages.see_fair")))
}

// rulesSections is the page's outline, in reading order.
func rulesSections() []docSection {
	return []docSection{
		{id: "goal", titleKey: "rules.goal.title", body: []app.UI{
			para("rules.goal.p1"), para("rules.goal.p2"),
		}},
		{id: "setup", titleKey: "rules.setup.title", body: []app.UI{
			para("rules.setup.p1"), para("rules.setup.p2"), para("rules.setup.first"),
			app.H3().Text(i18n.T("rules.setup.dummy.title")),
			para("rules.setup.dummy.p1"),
			bullets("rules.setup.dummy.l1", "rules.setup.dummy.l2", "rules.setup.dummy.l3", "rules.setup.dummy.l4"),
		}},
		{id: "turn", titleKey: "rules.turn.title", body: []app.UI{
			para("rules.turn.p1"),
			steps("rules.turn.s1", "rules.turn.s2", "rules.turn.s3"),
			terms("rules.turn.take", "rules.turn.pass", "rules.turn.drop"),
			para("rules.turn.next"),
		}},
		{id: "round-end", titleKey: "rules.end.title", body: []app.UI{
			para("rules.end.p1"),
			bullets("rules.end.l1", "rules.end.l2", "rules.end.l3", "rules.end.l4", "rules.end.l5"),
		}},
		{id: "survive", titleKey: "rules.survive.title", body: []app.UI{
			para("rules.survive.p1"),
			aside("mk-doc-example", para("rules.survive.example")),
			para("rules.survive.gates"),
			twist("cultist", "rules.survive.cultist"),
			twist("professor", "rules.survive.professor"),
		}},
		{id: "sanity", titleKey: "rules.sanity.title", body: []app.UI{
			para("rules.sanity.p1"), para("rules.sanity.p2"),
			aside("mk-doc-example", para("rules.sanity.example")),
		}},
		{id: "cards", titleKey: "rules.cards.title", body: cardsSection()},
		{id: "doom", titleKey: "rules.doom.title", body: []app.UI{
			app.Div().Class("mk-doc-aside-art").Body(
				app.Img().Class("mk-doc-icon").Src("/web/cards/doom.svg").Alt(""),
				para("rules.doom.p1"),
			),
		}},
		{id: "variant", titleKey: "rules.variant.title", body: []app.UI{
			para("rules.variant.p1"), para("rules.variant.p2"),
		}},
		{id: "talk", titleKey: "rules.talk.title", body: []app.UI{
			para("rules.talk.p1"), bullets("rules.talk.l1", "rules.talk.l2"),
		}},
		{id: "app-rulings", titleKey: "rules.app.title", body: []app.UI{
			para("rules.app.p1"),
			bullets("rules.app.l1", "rules.app.l2", "rules.app.l3", "rules.app.l4",
				"rules.app.l5", "rules.app.l6", "rules.app.l7", "rules.app.l8"),
			app.P().Body(app.A().Href(HrefFair).Text(i18n.T("pages.see_fair"))),
		}},
	}
}

// twist is one of the two characters that change who survives, shown with its card.
func twist(card, key string) app.UI {
	return app.Div().Class("mk-doc-twist").Body(
		cardTile(card, false, "s"),
		app.Div().Body(
			app.H3().Text(i18n.T(key+".t")),
			para(key),
		),
	)
}

// ruleCard is one card's entry: its art (arts, as the two Gates differ), whether it is in
// every deck, and the catalog key of its effect.
type ruleCard struct {
	arts   []string
	cursed bool
	deck   string // rules.cards.always | .default | .choice
	text   string
}

// cardsSection describes every card, group by group, each beside its art.
func cardsSection() []app.UI {
	always, def, choice := "rules.cards.always", "rules.cards.default", "rules.cards.choice"
	out := []app.UI{para("rules.cards.p1")}

	// Artifacts have no text of their own: one gallery shows all five and a cursed copy.
	gallery := []app.UI{}
	for _, a := range []string{"candelabra", "dagger", "chalice", "grimoire", "idol"} {
		gallery = append(gallery, labelledTile(a, false))
	}
	gallery = append(gallery, labelledTile("candelabra", true))
	out = append(out,
		app.H3().ID("cards-artifacts").Text(i18n.T("rules.cards.artifacts.t")),
		para("rules.cards.artifacts"),
		app.Div().Class("mk-doc-gallery").Body(gallery...),
	)

	groups := []struct {
		id, title, intro string
		cards            []ruleCard
	}{
		{"cards-events", "rules.cards.events.t", "rules.cards.events", []ruleCard{
			{arts: []string{"elder-sign"}, deck: always, text: "rules.card.elder-sign"},
			{arts: []string{"gate-a", "gate-b"}, deck: always, text: "rules.card.gate"},
			{arts: []string{"orb"}, deck: def, text: "rules.card.orb"},
			{arts: []string{"trapezohedron"}, deck: choice, text: "rules.card.trapezohedron"},
		}},
		{"cards-characters", "rules.cards.characters.t", "rules.cards.characters", []ruleCard{
			{arts: []string{"investigator"}, deck: def, text: "rules.card.investigator"},
			{arts: []string{"student"}, deck: choice, text: "rules.card.student"},
			{arts: []string{"cultist"}, deck: def, text: "rules.card.cultist"},
			{arts: []string{"professor"}, deck: choice, text: "rules.card.professor"},
		}},
		{"cards-oldones", "rules.cards.oldones.t", "rules.cards.oldones", []ruleCard{
			{arts: []string{"cthulhu"}, cursed: true, deck: def, text: "rules.card.cthulhu"},
			{arts: []string{"nyarlathotep"}, cursed: true, deck: choice, text: "rules.card.nyarlathotep"},
			{arts: []string{"yogsothoth"}, cursed: true, deck: choice, text: "rules.card.yogsothoth"},
			{arts: []string{"hastur"}, cursed: true, deck: choice, text: "rules.card.hastur"},
			{arts: []string{"mystery"}, cursed: true, deck: choice, text: "rules.card.mystery"},
		}},
	}
	for _, g := range groups {
		entries := make([]app.UI, len(g.cards))
		for i, c := range g.cards {
			entries[i] = cardEntry(c)
		}
		out = append(out,
			app.H3().ID(g.id).Text(i18n.T(g.title)),
			para(g.intro),
			app.Div().Class("mk-doc-cards").Body(entries...),
		)
	}
	return out
}

// cardEntry is a card's art beside its name, colour, place in the deck and effect.
func cardEntry(c ruleCard) app.UI {
	tiles := make([]app.UI, len(c.arts))
	for i, a := range c.arts {
		tiles[i] = cardTile(a, c.cursed, "m")
	}
	colour := "sane"
	if c.cursed {
		colour = "cursed"
	}
	return app.Article().Class("mk-doc-card").DataSet("card", c.arts[0]).Body(
		app.Div().Class("mk-doc-card-art").Body(tiles...),
		app.Div().Class("mk-doc-card-text").Body(
			app.H4().Text(i18n.T("card."+c.arts[0])),
			app.P().Class("mk-doc-card-meta").Body(
				app.Span().Class("mk-doc-chip mk-doc-chip-"+colour).Text(i18n.T("rules.cards."+colour)),
				app.Span().Class("mk-doc-chip").Text(i18n.T(c.deck)),
			),
			para(c.text),
		),
	)
}

// cardTile draws a card's art on its colour, with the curse mark on cursed cards, so colour is
// never the only cue. size is "s" or "m".
func cardTile(art string, cursed bool, size string) app.UI {
	class := "mk-doc-tile mk-doc-tile-" + size
	if cursed {
		class += " mk-doc-tile-cursed"
	}
	return app.Div().Class(class).Body(
		app.Img().Class("mk-doc-tile-art").Src("/web/cards/"+art+".svg").Alt("").Attr("draggable", "false"),
		app.If(cursed, app.Img().Class("mk-doc-tile-mark").Src("/web/cards/cursed.svg").Alt("")),
	)
}

// labelledTile is a tile with its card's name under it, for the artifact gallery.
func labelledTile(art string, cursed bool) app.UI {
	name := i18n.T("card." + art)
	if cursed {
		name = i18n.T("card.cursed_named", name)
	}
	return app.Figure().Class("mk-doc-figure").DataSet("card", art).Body(
		cardTile(art, cursed, "m"),
		app.FigCaption().Text(name),
	)
}
