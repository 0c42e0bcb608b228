package arkhamboard

import (
	"github.com/maxence-charriere/go-app/v9/pkg/app"

	"miskatonic/app/i18n"
	"miskatonic/app/ui/board"
	"miskatonic/app/ui/doc"
)

// rulesSections is the outline, in reading order, of the "How to play Arkham Ritual" page (a
// doc.Rules page): the whole game in our own words, with every card beside its art, and the
// calls the app makes where the rulebook leaves room.
func rulesSections() []doc.Section {
	return []doc.Section{
		{ID: "goal", TitleKey: "rules.goal.title", Body: []app.UI{
			doc.Para("rules.goal.p1"), doc.Para("rules.goal.p2"),
		}},
		{ID: "setup", TitleKey: "rules.setup.title", Body: []app.UI{
			doc.Para("rules.setup.p1"), doc.Para("rules.setup.p2"), doc.Para("rules.setup.first"),
			app.Elem("h3").Text(i18n.T("rules.setup.dummy.title")),
			doc.Para("rules.setup.dummy.p1"),
			doc.Bullets("rules.setup.dummy.l1", "rules.setup.dummy.l2", "rules.setup.dummy.l3", "rules.setup.dummy.l4"),
		}},
		{ID: "turn", TitleKey: "rules.turn.title", Body: []app.UI{
			doc.Para("rules.turn.p1"),
			doc.Steps("rules.turn.s1", "rules.turn.s2", "rules.turn.s3"),
			doc.Terms("rules.turn.take", "rules.turn.pass", "rules.turn.drop"),
			doc.Para("rules.turn.next"),
		}},
		{ID: "round-end", TitleKey: "rules.end.title", Body: []app.UI{
			doc.Para("rules.end.p1"),
			doc.Bullets("rules.end.l1", "rules.end.l2", "rules.end.l3", "rules.end.l4", "rules.end.l5"),
		}},
		{ID: "survive", TitleKey: "rules.survive.title", Body: []app.UI{
			doc.Para("rules.survive.p1"),
			doc.Aside("mk-doc-example", doc.Para("rules.survive.example")),
			doc.Para("rules.survive.gates"),
			twist("cultist", "rules.survive.cultist"),
			twist("professor", "rules.survive.professor"),
		}},
		{ID: "sanity", TitleKey: "rules.sanity.title", Body: []app.UI{
			doc.Para("rules.sanity.p1"), doc.Para("rules.sanity.p2"),
			doc.Aside("mk-doc-example", doc.Para("rules.sanity.example")),
		}},
		{ID: "cards", TitleKey: "rules.cards.title", Body: cardsSection()},
		{ID: "doom", TitleKey: "rules.doom.title", Body: []app.UI{
			app.Div().Class("mk-doc-aside-art").Body(
				app.ElemSelfClosing("img").Class("mk-doc-icon").Attr("src", "/web/cards/doom.svg").Attr("alt", ""),
				doc.Para("rules.doom.p1"),
			),
		}},
		{ID: "variant", TitleKey: "rules.variant.title", Body: []app.UI{
			doc.Para("rules.variant.p1"), doc.Para("rules.variant.p2"),
		}},
		{ID: "talk", TitleKey: "rules.talk.title", Body: []app.UI{
			doc.Para("rules.talk.p1"), doc.Bullets("rules.talk.l1", "rules.talk.l2"),
		}},
		{ID: "app-rulings", TitleKey: "rules.app.title", Body: []app.UI{
			doc.Para("rules.app.p1"),
			doc.Bullets("rules.app.l1", "rules.app.l2", "rules.app.l3", "rules.app.l4",
				"rules.app.l5", "rules.app.l6", "rules.app.l7", "rules.app.l8"),
			app.P().Body(app.Elem("a").Attr("href", board.HrefFair).Text(i18n.T("pages.see_fair"))),
		}},
	}
}

// twist is one of the two characters that change who survives, shown with its card.
func twist(card, key string) app.UI {
	return app.Div().Class("mk-doc-twist").Body(
		cardTile(card, false, "s"),
		app.Div().Body(
			app.Elem("h3").Text(i18n.T(key+".t")),
			doc.Para(key),
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
	out := []app.UI{doc.Para("rules.cards.p1")}

	// Artifacts have no text of their own: one gallery shows all five and a cursed copy.
	gallery := []app.UI{}
	for _, a := range []string{"candelabra", "dagger", "chalice", "grimoire", "idol"} {
		gallery = append(gallery, labelledTile(a, false))
	}
	gallery = append(gallery, labelledTile("candelabra", true))
	out = append(out,
		app.Elem("h3").ID("cards-artifacts").Text(i18n.T("rules.cards.artifacts.t")),
		doc.Para("rules.cards.artifacts"),
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
			app.Elem("h3").ID(g.id).Text(i18n.T(g.title)),
			doc.Para(g.intro),
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
	return app.Elem("article").Class("mk-doc-card").DataSet("card", c.arts[0]).Body(
		app.Div().Class("mk-doc-card-art").Body(tiles...),
		app.Div().Class("mk-doc-card-text").Body(
			app.Elem("h4").Text(i18n.T("card."+c.arts[0])),
			app.P().Class("mk-doc-card-meta").Body(
				app.Elem("span").Class("mk-doc-chip mk-doc-chip-"+colour).Text(i18n.T("rules.cards."+colour)),
				app.Elem("span").Class("mk-doc-chip").Text(i18n.T(c.deck)),
			),
			doc.Para(c.text),
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
		app.ElemSelfClosing("img").Class("mk-doc-tile-art").Attr("src", "/web/cards/"+art+".svg").Attr("alt", "").Attr("draggable", "false"),
		app.If(cursed, app.ElemSelfClosing("img").Class("mk-doc-tile-mark").Attr("src", "/web/cards/cursed.svg").Attr("alt", "")),
	)
}

// labelledTile is a tile with its card's name under it, for the artifact gallery.
func labelledTile(art string, cursed bool) app.UI {
	name := i18n.T("card." + art)
	if cursed {
		name = i18n.T("card.cursed_named", name)
	}
	return app.Elem("figure").Class("mk-doc-figure").DataSet("card", art).Body(
		cardTile(art, cursed, "m"),
		app.Elem("figcaption").Text(name),
	)
}

// rulesPage is the game's "how to play" page (board.Game.Rules).
func rulesPage() app.Composer {
	return doc.Rules("", rulesSections, func() app.UI { return doc.LinkButton("rules-fair", board.HrefFair, "pages.see_fair") })
}
