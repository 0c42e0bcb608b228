package ui

import (
	"strings"

	"github.com/maxence-charriere/go-app/v9/pkg/app"

	"miskatonic/app/i18n"
	"miskatonic/engine/table"
	"miskatonic/engine/wire"
)

// chatName marks a chat line with its seat, so two players cannot pass for each other even
// with look-alike names; a line from no seat (a watcher) says so.
func chatName(c wire.Chat) string {
	if c.From < 0 {
		return i18n.T("fair.chat.watcher", c.Name)
	}
	return i18n.T("fair.chat.seat", c.Name, int(c.From)+1)
}

// withTableCode adds the table code (engine/table GuestState.Code) to a verdict, so players
// can compare across the table that the host told them all the same story.
func withTableCode(verdict, code string) string {
	if verdict == "" || code == "" {
		return verdict
	}
	return verdict + " " + i18n.T("fair.table_code", code)
}

// dealDetails words what a verdict rests on: how many views were compared, how often the deal
// was restarted, which move a pending check waits for ("" when there is nothing to add).
func dealDetails(d table.DealStatus) string {
	var parts []string
	if d.Missing > 0 && d.State == table.DealPending {
		parts = append(parts, i18n.T("fair.verdict.missing", d.Missing))
	}
	if d.Checked > 0 {
		parts = append(parts, i18n.T("fair.verdict.checked", d.Checked))
	}
	if d.Restarts > 0 {
		parts = append(parts, i18n.T("fair.verdict.restarts", d.Restarts))
	}
	if len(parts) == 0 {
		return ""
	}
	return " (" + strings.Join(parts, ", ") + ")"
}

// Fair is the "Fair play" page: the trust model told honestly (design §1 and §5), including
// what a host can still do and what a failed check looks like on screen.
type Fair struct {
	app.Compo
}

// OnNav names the browser tab after the page.
func (p *Fair) OnNav(ctx app.Context) {
	ctx.Page().SetTitle(i18n.T("fair.title") + " · " + i18n.T("app.name"))
}

// Render draws the page.
func (p *Fair) Render() app.UI {
	return docPage("fair", "fair.title", "fair.lead", fairSections(),
		app.A().ID("fair-rules").Class("mk-btn").Href(HrefRulesArkham).Text(i18n.T("pages.see_rules")))
}

// fairSections is the page's outline, in reading order.
func fairSections() []docSection {
	return []docSection{
		{id: "trust", titleKey: "fair.who.title", body: []app.UI{
			app.Div().Class("mk-doc-trust").Body(
				party("relay", "fair.relay", 2, 2),
				party("guest", "fair.guest", 1, 3),
				party("host", "fair.host", 3, 1),
			),
		}},
		{id: "dealing", titleKey: "fair.deal.title", body: []app.UI{
			para("fair.deal.p1"),
			steps("fair.deal.s1", "fair.deal.s2", "fair.deal.s3", "fair.deal.s4"),
		}},
		{id: "checking", titleKey: "fair.check.title", body: []app.UI{
			para("fair.check.p1"),
			// The very words the table shows, from the screens' own catalog.
			app.P().Class("mk-doc-verdict mk-doc-verdict-ok").Text(i18n.T("ark.verified")),
			para("fair.check.p2"),
			aside("", para("fair.check.note")),
		}},
		{id: "failure", titleKey: "fair.fail.title", body: []app.UI{
			para("fair.fail.p1"),
			app.P().Class("mk-doc-verdict mk-doc-verdict-bad").Text(i18n.T("ark.verify_failed", i18n.T("fair.fail.example"))),
			para("fair.fail.l0"),
			bullets("fair.fail.l1", "fair.fail.l2", "fair.fail.l3", "fair.fail.l4"),
			para("fair.fail.p2"),
		}},
		{id: "limits", titleKey: "fair.limits.title", body: []app.UI{
			terms("fair.limits.see", "fair.limits.abort", "fair.limits.relay"),
			para("fair.limits.solo"),
		}},
		{id: "links", titleKey: "fair.link.title", body: []app.UI{
			para("fair.link.p1"), para("fair.link.p2"), para("fair.link.p3"),
			app.H3().Text(i18n.T("fair.code.t")),
			para("fair.code.p1"),
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
	return app.Article().ID("trust-"+id).Class("mk-doc-party").Body(
		app.H3().Text(i18n.T(prefix+".t")),
		app.Div().Class("mk-doc-party-cols").Body(
			app.Div().Class("mk-doc-can").Body(
				app.H4().Text(i18n.T("fair.can")),
				bullets(list("can", can)...),
			),
			app.Div().Class("mk-doc-cannot").Body(
				app.H4().Text(i18n.T("fair.cannot")),
				bullets(list("cannot", cannot)...),
			),
		),
	)
}
