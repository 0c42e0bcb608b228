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
// first use) and its first cycle fell in the player's first moves. Then, in the page's idle
// time, it plays the lobby's rehearsal of the game (warmgame.go). Outside a browser it does
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
		rehearse(game)
	})
}

// rehearsing is the rehearsal playing now, if any, and rehearsed the games this page has
// rehearsed (or begun to): once a page is enough, the browser keeps what it compiled. Both on
// the UI goroutine.
var (
	rehearsing *rehearsal
	rehearsed  = map[string]bool{}
)

// rehearse plays a throwaway game of game in the page's idle time, a step at a time, unless
// this page has already.
func rehearse(game string) {
	g, ok := board.Lookup(game)
	if !ok || rehearsed[game] || rehearsing != nil {
		return
	}
	r := newRehearsal(game)
	if r == nil {
		return
	}
	rehearsed[game], rehearsing = true, r
	r.gate = waitIdle
	d := &rehearsalDraw{game: g}
	go func() {
		began := pageClock()
		moves, err := r.play(func() bool {
			waitIdle()
			return !r.stopped()
		}, d.show)
		d.close()
		if err == nil {
			// What the rehearsal left is garbage: collected now, in the lobby, rather than by
			// the collection it would otherwise bring on in the first moves.
			waitIdle()
			runtime.GC()
		}
		noteRehearsal(moves, began, err)
	}()
}

// stopRehearsal ends the rehearsal at its next step: the lobby is gone (the game began). On
// the UI goroutine.
func stopRehearsal() {
	if rehearsing != nil {
		rehearsing.stop()
		rehearsing = nil
	}
}

// waitIdle waits for the page's next idle period (requestIdleCallback, within a second; a
// short timer where the browser has none). It waits for the callback whatever happens
// meanwhile: the callback's function is released after it ran, never before (a call to a
// released function is an error in the page).
func waitIdle() {
	done := make(chan struct{}, 1)
	fn := app.FuncOf(func(app.Value, []app.Value) any {
		done <- struct{}{}
		return nil
	})
	w := app.Window()
	if w.Get("requestIdleCallback").Truthy() {
		w.Call("requestIdleCallback", fn, map[string]any{"timeout": 1000})
	} else {
		w.Call("setTimeout", fn, 50)
	}
	<-done
	fn.Release()
}

// tracing says whether the page asked for the app's trace (window.__mkTrace set before the app
// started, as the browser tests do).
func tracing() bool { return app.Window().Get("__mkTrace").Type() == app.TypeObject }

// pageClock is performance.now() on a tracing page, else 0 (no call into the page).
func pageClock() float64 {
	if !tracing() {
		return 0
	}
	return app.Window().Get("performance").Call("now").Float()
}

// noteRehearsal tells a tracing page what its rehearsal did: window.__mkRehearsal = {moves,
// done, problem, start, end}: done whether it played all it meant to, start and end on the
// page's performance.now() clock.
func noteRehearsal(moves int, began float64, err error) {
	if !tracing() {
		return
	}
	problem := ""
	if err != nil {
		problem = err.Error()
	}
	app.Window().Set("__mkRehearsal", map[string]any{"moves": moves, "done": err == nil, "problem": problem,
		"start": began, "end": pageClock()})
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
