//go:build !wasm

package app

import "github.com/maxence-charriere/go-app/v9/pkg/app"

// routeNotFound routes every path that is not a page to our not-found page, for the server's
// pre-rendering (and its 404 status). go-app v9.8.0 ignores its app.NotFound variable and shows
// its own "404" for an unrouted path, so ours is routed explicitly, last.
func routeNotFound() {
	app.RouteWithRegexpFunc(".*", pages[PathNotFound])
}
