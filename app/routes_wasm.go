//go:build wasm

package app

import "github.com/maxence-charriere/go-app/v9/pkg/app"

// routeNotFound routes the path the page was opened at to our not-found page when it is not a
// page (a mistyped link, or the offline worker answering an unknown path with the shell). The
// browser build routes no pattern: a catch-all regexp route linked Go's regexp compiler and the
// Unicode tables it builds at init, ~0.5 MB of app.wasm and tens of ms of every start (issue 11).
// In-app links only lead to pages, and a back or forward step only to a path the app has shown,
// so the path the app was opened at is the only one that can be unknown.
func routeNotFound() {
	if p := app.Window().URL().Path; !IsPage(p) {
		app.RouteFunc(p, pages[PathNotFound])
	}
}
