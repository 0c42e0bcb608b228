// Package ui holds the screens of the app. Every sentence shown goes through i18n.T.
package ui

import (
	"github.com/maxence-charriere/go-app/v9/pkg/app"

	"miskatonic/app/i18n"
	"miskatonic/app/session"
	"miskatonic/app/ui/board"
	"miskatonic/app/ui/lang"
)

// Home is the start screen: the product and the games of the registry (app/ui/board), the
// playable ones with their ways in, the others announced.
type Home struct {
	app.Compo

	joinLink    string // set when the page was opened from an invite link (/#/join/…)
	dev         bool   // ?dev=1: list the test games too
	installable bool   // the browser offers installation (beforeinstallprompt)
}

// OnMount and OnAppInstallChange follow whether the browser would install the app now: the
// Install button shows only then (browsers without the prompt install from their own menu).
func (h *Home) OnMount(ctx app.Context)            { h.installable = ctx.IsAppInstallable() }
func (h *Home) OnAppInstallChange(ctx app.Context) { h.installable = ctx.IsAppInstallable() }

func (h *Home) install() app.UI {
	if !h.installable {
		return nil
	}
	return app.Elem("button").Attr("type", "button").ID("install").Class("mk-btn", "mk-install").Text(i18n.T("install.button")).
		Title(i18n.T("install.help")).
		OnClick(func(ctx app.Context, e app.Event) { ctx.ShowAppInstallPrompt() })
}

// OnNav notices an invite link: its secret travels in the fragment (never sent to a server), so
// the join screen is the home page's to show. The secret then leaves the address bar.
func (h *Home) OnNav(ctx app.Context) {
	h.dev = ctx.Page().URL().Query().Get("dev") == "1"
	h.joinLink, _ = session.InviteFromFragment(ctx.Page().URL().Fragment)
}

// Render draws the home screen.
func (h *Home) Render() app.UI {
	if h.joinLink != "" {
		return &Join{Link: h.joinLink}
	}
	return app.Main().ID("home").Class("mk-page mk-home").Body(
		&lang.Switch{},
		app.Elem("header").Class("mk-hero").Body(
			app.ElemSelfClosing("img").Class("mk-logo").Attr("src", "/web/icon.svg").Attr("alt", ""),
			app.H1().Class("mk-title").Text(i18n.T("app.name")),
			app.P().Class("mk-tagline").Text(i18n.T("app.tagline")),
		),
		// Tables this browser hosted and solo games are saved, one per game: the home page
		// offers each back, so a host whose page reloaded or closed finds the way to the
		// guests still waiting, and a player can abandon one (resume.go).
		&Resume{},
		h.install(),
		app.Elem("section").Class("mk-games").Body(h.games()...),
		app.Elem("footer").Class("mk-foot").Body(
			app.Elem("nav").Class("mk-foot-nav").Body(
				app.Elem("a").ID("home-rules").Attr("href", board.RulesPath(board.Default())).Text(i18n.T("pages.how_to_play")),
				app.Elem("a").ID("home-fair").Attr("href", board.HrefFair).Text(i18n.T("pages.fair_play")),
				app.Elem("a").ID("home-code").Attr("href", HrefCodeJoin).Text(i18n.T("code.join_link")),
				app.Elem("a").ID("home-replay").Attr("href", HrefReplay).Text(i18n.T("replay.home_link")),
			),
			app.Elem("span").Text(i18n.T("app.offline_ready")),
			app.Elem("span").Class("mk-version").Text(version()),
		),
	)
}

// games is one card a registered game, in the registry's order.
func (h *Home) games() []app.UI {
	var out []app.UI
	first := true
	for _, g := range board.All(h.dev) {
		if g.Board == nil {
			out = append(out, comingSoon("game-"+g.Name, "game."+g.Name))
			continue
		}
		out = append(out, gameCard(g, first))
		first = false
	}
	return out
}

// gameCard is a playable game's card: new table, solo, rules. The first game's buttons keep the
// plain ids (home-new, home-solo) the page has always had; others' ids carry the game's name.
func gameCard(g board.Game, first bool) app.UI {
	suffix := "-" + g.Name
	if first {
		suffix = ""
	}
	var rules app.UI
	if g.Rules != nil {
		rules = app.Elem("a").ID("home-rules-"+g.Name).Class("mk-game-rules").Attr("href", board.RulesPath(g.Name)).Text(i18n.T("pages.how_to_play"))
	}
	return app.Elem("article").ID("game-"+g.Name).Class("mk-game mk-game-ready").Body(
		app.Elem("h2").Text(i18n.T("game."+g.Name)),
		app.If(i18n.Has("game."+g.Name+".blurb"), app.P().Text(i18n.T("game."+g.Name+".blurb"))),
		app.Div().Class("mk-actions").Body(
			app.Elem("a").ID("home-new"+suffix).Class("mk-btn mk-btn-primary").Attr("href", board.NewPath(g.Name)).Text(i18n.T("home.new_table")),
			app.Elem("a").ID("home-solo"+suffix).Class("mk-btn").Attr("href", board.SoloPath(g.Name)).Text(i18n.T("home.solo")),
			app.Elem("a").ID("home-quick"+suffix).Class("mk-btn").Attr("href", board.SoloPath(g.Name)+"&quick=1").
				Title(i18n.T("quick.help")).Text(i18n.T("quick.game")),
		),
		rules,
	)
}

// comingSoon is the card of a game that is announced but not playable yet.
func comingSoon(id, nameKey string) app.UI {
	return app.Elem("article").ID(id).Class("mk-game mk-game-soon").Body(
		app.Elem("h2").Text(i18n.T(nameKey)),
		app.If(i18n.Has(nameKey+".blurb"), app.P().Text(i18n.T(nameKey+".blurb"))),
		app.Elem("span").Class("mk-badge").Text(i18n.T("game.coming_soon")),
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
