package ui

import (
	"runtime"

	"github.com/maxence-charriere/go-app/v9/pkg/app"

	"miskatonic/app/ui/board"
	"miskatonic/app/ui/uiloop"
)

// The lobby is the page's idle time before a game: what the game's first moves would otherwise
// pay the first time is done here instead (the three-browser test's per-page traces showed it).

// warmed are the pictures the lobby has had the browser fetch and decode, by path. Each Image
// is kept: the decoded copy stays in the page's memory cache while something refers to it, so
// the game's first moves draw their cards without fetching, parsing and decoding each picture
// the first time it shows.
var warmed = map[string]app.Value{}

// ignore swallows a failed decode (a picture the page could not fetch, offline with nothing
// cached): the board still names every card in words, and the picture is fetched again when shown.
var ignore app.Func

// collected says the lobby has run the page's first garbage collection.
var collected bool

// warmUp, once the lobby is on screen, has the browser fetch and decode, off the main thread,
// every picture game's board may show (board.Game.Pictures: public files, the same whatever was
// dealt), and runs the page's first garbage collection. Go's collector had not run by the
// game's start on a guest's page, so its code (~110 functions, compiled by the browser on
// first use) and its first cycle fell in the player's first moves. Outside a browser it does
// nothing.
func warmUp(ctx app.Context, src app.UI, game string) {
	if !app.IsClient {
		return
	}
	uiloop.AfterPaint(ctx, src, func() {
		warmPictures(game)
		if !collected {
			collected = true
			runtime.GC()
		}
	})
}

func warmPictures(game string) {
	g, ok := board.Lookup(game)
	if !ok {
		return
	}
	if ignore == nil && len(g.Pictures) > 0 {
		ignore = app.FuncOf(func(app.Value, []app.Value) any { return nil })
	}
	for _, p := range g.Pictures {
		if _, done := warmed[p]; done {
			continue
		}
		img := app.Window().Get("Image").New()
		img.Set("decoding", "async")
		img.Set("src", p)
		img.Call("decode").Call("catch", ignore)
		warmed[p] = img
	}
}
