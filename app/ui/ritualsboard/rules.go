package ritualsboard

import (
	"strconv"

	"github.com/maxence-charriere/go-app/v9/pkg/app"

	"miskatonic/app/i18n"
	"miskatonic/app/ui/board"
	"miskatonic/app/ui/doc"
	"miskatonic/engine/rituals"
)

// rulesSections is the outline, in reading order, of the "How to play Rituals of Madness" page
// (a doc.Rules page), in our own words, with worked examples, every card type (ranks from the
// engine's card data, German printed names beside) and how the app runs the secret steps and
// event windows.
func rulesSections() []doc.Section {
	return []doc.Section{
		{ID: "goal", TitleKey: "rit.rules.goal.title", Body: []app.UI{doc.Para("rit.rules.goal.p1")}},
		{ID: "setup", TitleKey: "rit.rules.setup.title", Body: []app.UI{doc.Para("rit.rules.setup.p1"), doc.Para("rit.rules.setup.p2")}},
		{ID: "round", TitleKey: "rit.rules.round.title", Body: []app.UI{
			doc.Steps("rit.rules.round.s1", "rit.rules.round.s2", "rit.rules.round.s3"),
		}},
		{ID: "visit", TitleKey: "rit.rules.visit.title", Body: []app.UI{
			doc.Para("rit.rules.visit.p1"),
			doc.Bullets("rit.rules.visit.l1", "rit.rules.visit.l2"),
			doc.Aside("mk-doc-example", doc.Para("rit.rules.visit.example")),
		}},
		{ID: "invoke", TitleKey: "rit.rules.pos.title", Body: []app.UI{
			doc.Para("rit.rules.pos.p1"),
			doc.Bullets("rit.rules.pos.l1", "rit.rules.pos.l2", "rit.rules.pos.l3", "rit.rules.pos.l4"),
			doc.Aside("mk-doc-example", doc.Para("rit.rules.pos.example")),
		}},
		{ID: "cards", TitleKey: "rit.rules.cards.title", Body: []app.UI{doc.Para("rit.rules.cards.p1"), rankList(), placeList()}},
		{ID: "events", TitleKey: "rit.rules.events.title", Body: []app.UI{
			doc.Para("rit.rules.events.p1"), eventList(), doc.Para("rit.rules.events.app"),
		}},
		{ID: "end", TitleKey: "rit.rules.end.title", Body: []app.UI{
			doc.Para("rit.rules.end.p1"),
			doc.Aside("mk-doc-example", doc.Para("rit.rules.end.example")),
		}},
		{ID: "app", TitleKey: "rit.rules.app.title", Body: []app.UI{doc.Para("rit.rules.app.p1")}},
	}
}

// rankList counts the cultists of each rank from the engine's card data.
func rankList() app.UI {
	var count, signs [5]int
	for _, c := range rituals.Cards {
		if c.Insanity > 0 {
			count[c.Rank]++
			signs[c.Rank] = c.Signs
		}
	}
	items := make([]app.UI, 0, 5)
	for r := range count {
		items = append(items, app.Elem("li").Text(i18n.T("rit.rules.rank_line",
			i18n.T("rit.rank."+strconv.Itoa(r)), rituals.RankNamesDE[r], signs[r], count[r])))
	}
	return app.Elem("ul").Class("rit-ranks").Body(items...)
}

// placeList names the twelve places by symbol and Great Old One.
func placeList() app.UI {
	items := make([]app.UI, 0, len(rituals.Places))
	for i, p := range rituals.Places {
		items = append(items, app.Elem("li").Text(p.Letter+" · "+GodName(i)))
	}
	return app.Elem("ul").Class("rit-placelist").Body(items...)
}

// eventList is every event type: names (ours and the German printed one), copies, and when.
func eventList() app.UI {
	copies := map[rituals.EventKey]int{}
	for _, c := range rituals.Cards {
		if c.Event != "" {
			copies[c.Event]++
		}
	}
	items := make([]app.UI, 0, len(rituals.EventTypes))
	for _, t := range rituals.EventTypes {
		items = append(items, app.Elem("li").DataSet("event", t.Key).Body(
			app.Elem("strong").Text(strconv.Itoa(copies[t.Key])+" × "+i18n.T("rit.ev."+string(t.Key))+" · "+t.NameDE),
			app.Text(" — "+i18n.T("rit.when."+string(t.Key))),
		))
	}
	return app.Elem("ul").Class("rit-events").Body(items...)
}

// rulesPage is the game's "how to play" page (board.Game.Rules).
func rulesPage() app.Composer {
	return doc.Rules("rit.", rulesSections, func() app.UI { return doc.LinkButton("rit-rules-fair", board.HrefFair, "pages.see_fair") })
}
