// Package ui holds the screens of the app. Every sentence shown goes through i18n.T.
package ui

import (
	"github.com/maxence-charriere/go-app/v9/pkg/app"

	"miskatonic/app/i18n"
	"miskatonic/app/session"
)

// Routes the home screen links to (the pages themselves live beside this file).
const (
	hrefNewArkham  = "/new?game=arkham"
	hrefSoloArkham = "/solo?game=arkham"
)

// Home is the start screen: the product and its three games, the first playable.
type Home struct {
	app.Compo

	joinLink string // set when the page was opened from an invite link (/#/join/…)
}

// OnNav notices an invite link: its secret travels in the fragment (never sent to a server), so
// the join screen is the home page's to show. The secret then leaves the address bar.
func (h *Home) OnNav(ctx app.Context) {
	h.joinLink, _ = session.InviteFromFragment(ctx.Page().URL().Fragment)
}

// Render draws the home screen.
func (h *Home) Render() app.UI {
	if h.joinLink != "" {
		return &Join{Link: h.joinLink}
	}
	return app.Main().ID("home").Class("mk-page mk-home").Body(
		app.Header().Class("mk-hero").Body(
			app.Img().Class("mk-logo").Src("/web/icon.svg").Alt(""),
			app.H1().Class("mk-title").Text(i18n.T("app.name")),
			app.P().Class("mk-tagline").Text(i18n.T("app.tagline")),
		),
		app.Section().Class("mk-games").Body(
			app.Article().ID("game-arkham").Class("mk-game mk-game-ready").Body(
				app.H2().Text(i18n.T("game.arkham")),
				app.P().Text(i18n.T("game.arkham.blurb")),
				app.Div().Class("mk-actions").Body(
					app.A().ID("home-new").Class("mk-btn mk-btn-primary").Href(hrefNewArkham).Text(i18n.T("home.new_table")),
					app.A().ID("home-solo").Class("mk-btn").Href(hrefSoloArkham).Text(i18n.T("home.solo")),
				),
				app.A().ID("home-rules-arkham").Class("mk-game-rules").Href(HrefRulesArkham).Text(i18n.T("pages.how_to_play")),
			),
			comingSoon("game-rituals", "game.rituals"),
			comingSoon("game-shadows", "game.shadows"),
		),
		app.Footer().Class("mk-foot").Body(
			app.Nav().Class("mk-foot-nav").Body(
				app.A().ID("home-rules").Href(HrefRulesArkham).Text(i18n.T("pages.how_to_play")),
				app.A().ID("home-fair").Href(HrefFair).Text(i18n.T("pages.fair_play")),
				app.A().ID("home-code").Href(HrefCodeJoin).Text(i18n.T("code.join_link")),
			),
			app.Span().Text(i18n.T("app.offline_ready")),
			app.Span().Class("mk-version").Text(version()),
		),
	)
}

// comingSoon is the card of a game that is announced but not playable yet.
func comingSoon(id, nameKey string) app.UI {
	return app.Article().ID(id).Class("mk-game mk-game-soon").Body(
		app.H2().Text(i18n.T(nameKey)),
		app.If(i18n.Has(nameKey+".blurb"), app.P().Text(i18n.T(nameKey+".blurb"))),
		app.Span().Class("mk-badge").Text(i18n.T("game.coming_soon")),
	)
}

// version is the build's commit as the server passed it to the page (go-app's own variable, so
// this package needs nothing from package app).
func version() string {
	v := app.Getenv("GOAPP_VERSION")
	if len(v) > 12 {
		v = v[:12]
	}
	return v
}
