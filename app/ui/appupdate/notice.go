// Package appupdate tells a person whose page runs an older build that a newer one is ready.
package appupdate

import (
	"github.com/maxence-charriere/go-app/v9/pkg/app"

	"miskatonic/app/i18n"
)

// ReadyFlag is the window property app.js sets once a newer service worker has installed
// (app/appjs.go): go-app's own signal reaches only a running wasm, and the new worker often
// finishes installing before the page's wasm has started.
const ReadyFlag = "mkUpdateReady"

// Notice is a line with a reload button, shown once a new version has been fetched. The service
// worker answers a page from the cache of the version it holds and fetches a newer one only
// while that page loads, so without a word a person (or an installed app) keeps the old version
// for one more visit, and "reload to get the newest app" (conn.version) would not work the first
// time. Reloading is safe mid-game: tables resume from browser storage.
type Notice struct {
	app.Compo
	ready bool
}

// OnMount picks up an update found before this page was drawn.
func (n *Notice) OnMount(ctx app.Context) {
	n.ready = ctx.AppUpdateAvailable() || app.Window().Get(ReadyFlag).Truthy()
}

// OnAppUpdate is go-app's call once the new version is installed.
func (n *Notice) OnAppUpdate(ctx app.Context) { n.ready = true }

// Render draws nothing until a new version is ready.
func (n *Notice) Render() app.UI {
	if !n.ready {
		return app.Span()
	}
	return app.Span().ID("app-update").Class("mk-update").Attr("role", "status").Body(
		app.Span().Text(i18n.T("app.update_ready")),
		app.Button().ID("app-update-reload").Class("mk-update-reload").Text(i18n.T("app.update_reload")).
			OnClick(func(ctx app.Context, e app.Event) { ctx.Reload() }),
	)
}
