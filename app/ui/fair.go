package ui

import (
	"github.com/maxence-charriere/go-app/v9/pkg/app"

	"miskatonic/app/i18n"
	"miskatonic/app/ui/board"
	"miskatonic/app/ui/doc"
)

// Fair is the "Fair play" page: the trust model told honestly (design §1 and §5), including
// what a host can still do and what a failed check looks like on screen. It is a doc.Article
// like the rules pages rather than a component type of its own (each costs the wasm ~18
// generated methods, issue 26); the Article names the browser tab after it.
func Fair() *doc.Article {
	return &doc.Article{ID: "fair", TitleKey: "fair.title", LeadKey: "fair.lead", Sections: fairSections,
		Onward: func() app.UI {
			return app.Elem("a").ID("fair-rules").Class("mk-btn").Attr("href", board.RulesPath(board.Default())).Text(i18n.T("pages.see_rules"))
		}}
}

// fairSections is the page's outline, in reading order.
func fairSections() []doc.Section {
	return []doc.Section{
		{ID: "trust", TitleKey: "fair.who.title", Body: []app.UI{
			app.Div().Class("mk-doc-trust").Body(
				party("relay", "fair.relay", 2, 2),
				party("guest", "fair.guest", 1, 3),
				party("host", "fair.host", 3, 1),
			),
		}},
		{ID: "dealing", TitleKey: "fair.deal.title", Body: []app.UI{
			doc.Para("fair.deal.p1"),
			doc.Steps("fair.deal.s1", "fair.deal.s2", "fair.deal.s3", "fair.deal.s4"),
		}},
		{ID: "sealed", TitleKey: "fair.sealed.title", Body: []app.UI{
			doc.Para("fair.sealed.p1"),
			doc.Para("fair.sealed.p2"),
		}},
		{ID: "checking", TitleKey: "fair.check.title", Body: []app.UI{
			doc.Para("fair.check.p1"),
			// The very words the table shows, from the screens' own catalog.
			app.P().Class("mk-doc-verdict mk-doc-verdict-ok").Text(i18n.T("deal.verified")),
			doc.Para("fair.check.p2"),
			doc.Aside("", doc.Para("fair.check.note")),
		}},
		{ID: "failure", TitleKey: "fair.fail.title", Body: []app.UI{
			doc.Para("fair.fail.p1"),
			app.P().Class("mk-doc-verdict mk-doc-verdict-bad").Text(i18n.T("deal.verify_failed", i18n.T("fair.fail.example"))),
			doc.Para("fair.fail.l0"),
			doc.Bullets("fair.fail.l1", "fair.fail.l2", "fair.fail.l3", "fair.fail.l4"),
			doc.Para("fair.fail.p2"),
		}},
		{ID: "limits", TitleKey: "fair.limits.title", Body: []app.UI{
			doc.Terms("fair.limits.see", "fair.limits.abort", "fair.limits.relay"),
			doc.Para("fair.limits.solo"),
			doc.Para("fair.limits.away"),
		}},
		{ID: "links", TitleKey: "fair.link.title", Body: []app.UI{
			doc.Para("fair.link.p1"), doc.Para("fair.link.p2"), doc.Para("fair.link.p3"),
			app.Elem("h3").Text(i18n.T("fair.code.t")),
			doc.Para("fair.code.p1"),
		}},
	}
}

// party is one row of the trust model: who, what they can and what they cannot do. Keys are
// prefix+".t", prefix+".can1".. and prefix+".cannot1"..
func party(id, prefix string, can, cannot int) app.UI {
	list := func(kind string, n int) []string {
		keys := make([]string, n)
		for i := range keys {
			keys[i] = prefix + "." + kind + string(rune('1'+i))
		}
		return keys
	}
	return app.Elem("article").ID("trust-"+id).Class("mk-doc-party").Body(
		app.Elem("h3").Text(i18n.T(prefix+".t")),
		app.Div().Class("mk-doc-party-cols").Body(
			app.Div().Class("mk-doc-can").Body(
				app.Elem("h4").Text(i18n.T("fair.can")),
				doc.Bullets(list("can", can)...),
			),
			app.Div().Class("mk-doc-cannot").Body(
				app.Elem("h4").Text(i18n.T("fair.cannot")),
				doc.Bullets(list("cannot", cannot)...),
			),
		),
	)
}
