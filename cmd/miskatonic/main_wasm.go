//go:build wasm

// The browser build: register the pages and run the app. It links nothing of the server (the
// CLI, app.Handler, the relay): the native files carry the !wasm tag, which keeps app.wasm
// about a third of the size it would be.
package main

import (
	"github.com/maxence-charriere/go-app/v9/pkg/app"

	mapp "miskatonic/app"
)

func main() {
	mapp.RegisterRoutes()
	app.RunWhenOnBrowser()
}
