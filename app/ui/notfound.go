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
		app.Img().Class("mk-logo mk-logo-small").Src("/web/icon.svg").Alt(""),
		app.H1().Class("mk-title").Text(i18n.T("notfound.title")),
		app.P().Text(i18n.T("notfound.text")),
		app.A().ID("notfound-home").Class("mk-btn mk-btn-primary").Href("/").Text(i18n.T("app.back_home")),
	)
}
