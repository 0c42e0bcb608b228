package shadowsboard

import (
	"strconv"

	"github.com/maxence-charriere/go-app/v9/pkg/app"

	"miskatonic/app/i18n"
	"miskatonic/app/ui/board"
	"miskatonic/app/ui/doc"
	"miskatonic/engine/shadows"
)

// rulesOnward is the links after the rules: the rules we completed, a solo game.
func rulesOnward() app.UI {
	return app.Div().Class("mk-doc-onward").Body(
		doc.LinkButton("sh-rules-ours", OursPath, "sh.completed"),
		app.Text(" "),
		doc.LinkButton("sh-rules-solo", board.SoloPath(Name), "sh.rules.play_solo"),
	)
}

// rulesSections is the outline, in reading order, of the "How to play Ring of Shadows" page (a
// doc.Rules page), in our own words; the characters and their limits come from the engine's
// card data.
func rulesSections() []doc.Section {
	return []doc.Section{
		{ID: "goal", TitleKey: "sh.rules.goal.title", Body: []app.UI{doc.Para("sh.rules.goal.p1"), doc.Para("sh.rules.goal.p2")}},
		{ID: "setup", TitleKey: "sh.rules.setup.title", Body: []app.UI{doc.Para("sh.rules.setup.p1"), charList()}},
		{ID: "turn", TitleKey: "sh.rules.turn.title", Body: []app.UI{
			doc.Steps("sh.rules.turn.s1", "sh.rules.turn.s2", "sh.rules.turn.s3"),
		}},
		{ID: "actions", TitleKey: "sh.rules.actions.title", Body: []app.UI{
			doc.Para("sh.rules.actions.p1"),
			doc.Bullets("sh.rules.actions.move", "sh.rules.actions.heal", "sh.rules.actions.clear",
				"sh.rules.actions.share", "sh.rules.actions.pass", "sh.rules.actions.view"),
			doc.Para("sh.rules.actions.p2"),
			placeList(),
		}},
		{ID: "shadows", TitleKey: "sh.rules.shadows.title", Body: []app.UI{
			doc.Para("sh.rules.shadows.p1"),
			doc.Aside("mk-doc-example", doc.Para("sh.rules.shadows.example")),
		}},
		{ID: "lose", TitleKey: "sh.rules.lose.title", Body: []app.UI{
			doc.Para("sh.rules.lose.p1"), doc.Bullets("sh.rules.lose.l1", "sh.rules.lose.l2", "sh.rules.lose.l3"), doc.Para("sh.rules.lose.win"),
		}},
		{ID: "app", TitleKey: "sh.rules.app.title", Body: []app.UI{doc.Para("sh.rules.app.p1"), doc.Para("sh.rules.app.p2")}},
	}
}

// placeList is the five places, each with its own action.
func placeList() app.UI {
	items := make([]app.UI, 0, len(shadows.Locations))
	for _, l := range shadows.Locations {
		items = append(items, app.Elem("li").Body(app.Elem("strong").Text(LocName(l)), app.Text(" — "+i18n.T("sh.locact."+l))))
	}
	return app.Elem("ul").Class("sh-rules-places").Body(items...)
}

// charList is the five characters with their limits and advantages, from the card data.
func charList() app.UI {
	items := make([]app.UI, 0, len(cur().Characters))
	for _, c := range cur().Characters {
		items = append(items, app.Elem("li").Body(
			app.Elem("strong").Text(c.Name),
			app.Text(" ("+c.Title+") — "+i18n.T("sh.rules.limits", c.Knowledge, c.Muscle)+" "+c.Advantage.Name+": "+c.Advantage.Text),
		))
	}
	return app.Elem("ul").Class("sh-rules-chars").Body(items...)
}

// Ours is the "rules completed by Miskatonic" page: which parts come from the published
// rulebook, which follow from it, and which we designed (the spec's FOUND / INFERRED / DESIGNED).
type Ours struct{ app.Compo }

// OnNav names the browser tab after the page.
func (p *Ours) OnNav(ctx app.Context) { doc.Title(ctx, "sh.ours.title") }

// Render draws the page.
func (p *Ours) Render() app.UI {
	return doc.Page("sh-ours-page", "sh.ours.title", "sh.ours.lead", []doc.Section{
		{ID: "found", TitleKey: "sh.ours.found.title", Body: []app.UI{doc.Para("sh.ours.found.p1"),
			doc.Bullets("sh.ours.found.l1", "sh.ours.found.l2", "sh.ours.found.l3", "sh.ours.found.l4")}},
		{ID: "inferred", TitleKey: "sh.ours.inferred.title", Body: []app.UI{doc.Para("sh.ours.inferred.p1"),
			doc.Bullets("sh.ours.inferred.l1", "sh.ours.inferred.l2", "sh.ours.inferred.l3", "sh.ours.inferred.l4")}},
		{ID: "designed", TitleKey: "sh.ours.designed.title", Body: []app.UI{doc.Para("sh.ours.designed.p1"),
			doc.Bullets("sh.ours.designed.l1", "sh.ours.designed.l2", "sh.ours.designed.l3", "sh.ours.designed.l4",
				"sh.ours.designed.l5", "sh.ours.designed.l6"), counts()}},
		{ID: "rulings", TitleKey: "sh.ours.rulings.title", Body: []app.UI{doc.Para("sh.ours.rulings.p1"),
			doc.Bullets("sh.ours.rulings.l1", "sh.ours.rulings.l2", "sh.ours.rulings.l3", "sh.ours.rulings.l4",
				"sh.ours.rulings.l5", "sh.ours.rulings.l6")}},
	}, app.Elem("a").ID("sh-ours-rules").Class("mk-btn").Attr("href", board.RulesPath(Name)).Text(i18n.T("pages.how_to_play")))
}

// counts says how much designed content the engine plays with, from the data itself.
func counts() app.UI {
	return app.P().Class("sh-ours-counts").Text(i18n.T("sh.ours.counts",
		strconv.Itoa(len(cur().Characters)), strconv.Itoa(len(cur().Elders)), strconv.Itoa(len(cur().Threats)),
		strconv.Itoa(len(cur().Assets))))
}

// rulesPage is the game's "how to play" page (board.Game.Rules).
func rulesPage() app.Composer {
	return doc.Rules("sh.", rulesSections, rulesOnward)
}
