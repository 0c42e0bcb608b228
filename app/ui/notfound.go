package ui

import (
	"github.com/maxence-charriere/go-app/v9/pkg/app"

	"miskatonic/app/i18n"
	"miskatonic/app/ui/lang"
)

// NotFound is shown for any path that is not a page, with a way back home.
type NotFound struct {
	app.Compo
}

// Render draws the not-found page.
func (n *NotFound) Render() app.UI {
	return app.Main().ID("notfound").Class("mk-page mk-notfound").Body(
		&lang.Switch{},
		app.ElemSelfClosing("img").Class("mk-logo mk-logo-small").Attr("src", "/web/icon.svg").Attr("alt", ""),
		app.H1().Class("mk-title").Text(i18n.T("notfound.title")),
		app.P().Text(i18n.T("notfound.text")),
		app.Elem("a").ID("notfound-home").Class("mk-btn mk-btn-primary").Attr("href", "/").Text(i18n.T("app.back_home")),
	)
}
