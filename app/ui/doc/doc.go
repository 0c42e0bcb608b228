// Package doc lays out the app's reading pages (a game's rules, fair play): plain HTML from
// catalog keys, the same on the server and in the browser. Board packages use it for their
// rules pages, so each game's page looks like the others.
package doc

import (
	"github.com/maxence-charriere/go-app/v9/pkg/app"

	"miskatonic/app/i18n"
	"miskatonic/app/ui/lang"
)

// Section is one titled part of a reading page. Its ID is the anchor the contents list links
// to (and what tests look for).
type Section struct {
	ID       string
	TitleKey string
	Body     []app.UI
}

// Title names the browser tab after a reading page (its title's catalog key), then the app.
func Title(ctx app.Context, titleKey string) {
	ctx.Page().SetTitle(i18n.T(titleKey) + " · " + i18n.T("app.name"))
}

// Page lays out a reading page: a way home, title and lead, the contents, the sections,
// and links onwards. Plain HTML, no state: it renders the same on the server and in the browser.
func Page(id, titleKey, leadKey string, sections []Section, onward app.UI) app.UI {
	toc := make([]app.UI, 0, len(sections))
	body := make([]app.UI, 0, len(sections))
	for _, s := range sections {
		toc = append(toc, app.Elem("li").Body(app.Elem("a").Attr("href", "#"+s.ID).Text(i18n.T(s.TitleKey))))
		body = append(body, app.Elem("section").ID(s.ID).Class("mk-doc-section").Body(
			append([]app.UI{app.Elem("h2").Text(i18n.T(s.TitleKey))}, s.Body...)...,
		))
	}
	return app.Main().ID(id).Class("mk-page mk-doc").Body(
		&lang.Switch{},
		app.Elem("nav").Class("mk-doc-crumbs").Body(
			app.Elem("a").ID(id+"-home").Attr("href", "/").Body(
				app.ElemSelfClosing("img").Class("mk-doc-crumb-logo").Attr("src", "/web/icon.svg").Attr("alt", ""),
				app.Text(i18n.T("app.name")),
			),
		),
		app.Elem("header").Class("mk-doc-head").Body(
			app.H1().Class("mk-title").Text(i18n.T(titleKey)),
			app.P().Class("mk-doc-lead").Text(i18n.T(leadKey)),
		),
		app.Elem("nav").Class("mk-doc-toc").Aria("label", i18n.T("pages.contents")).Body(
			app.Elem("h2").Text(i18n.T("pages.contents")),
			app.Elem("ol").Body(toc...),
		),
		app.Div().Class("mk-doc-body").Body(body...),
		app.Elem("footer").Class("mk-doc-foot").Body(
			onward,
			app.Elem("a").ID(id+"-back").Class("mk-btn mk-btn-primary").Attr("href", "/").Text(i18n.T("app.back_home")),
			app.Elem("a").Class("mk-doc-top").Attr("href", "#"+id).Text(i18n.T("pages.top")),
		),
	)
}

// Para is a paragraph of catalog text.
func Para(key string) app.UI { return app.P().Text(i18n.T(key)) }

// Bullets is an unordered list, one catalog key an item.
func Bullets(keys ...string) app.UI {
	items := make([]app.UI, len(keys))
	for i, k := range keys {
		items[i] = app.Elem("li").Text(i18n.T(k))
	}
	return app.Elem("ul").Body(items...)
}

// Steps is a numbered list, one catalog key a step.
func Steps(keys ...string) app.UI {
	items := make([]app.UI, len(keys))
	for i, k := range keys {
		items[i] = app.Elem("li").Text(i18n.T(k))
	}
	return app.Elem("ol").Class("mk-doc-steps").Body(items...)
}

// Terms is a list whose items lead with a bold term: key+".t", then the text under key.
func Terms(keys ...string) app.UI {
	items := make([]app.UI, len(keys))
	for i, k := range keys {
		items[i] = app.Elem("li").Body(app.Elem("strong").Text(i18n.T(k+".t")), app.Text(" "+i18n.T(k)))
	}
	return app.Elem("ul").Class("mk-doc-terms").Body(items...)
}

// Aside is a highlighted note, such as a worked example.
func Aside(class string, content ...app.UI) app.UI {
	return app.Elem("aside").Class("mk-doc-note " + class).Body(content...)
}
