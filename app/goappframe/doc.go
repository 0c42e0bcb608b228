// Package goappframe holds the app's one patch to go-app v9 (issue 26): when a page draws.
//
// go-app v9.8.0 draws component updates on a ticker of its own (120 a second) whose period
// doubles on every tick with nothing queued and is reset on the first dispatch after a pause.
// So a change dispatched after a pause waits one period before go-app writes it to the page,
// then for the browser's next frame; and after every burst of dispatches an idle page wakes Go
// again and again (8, 17, 33, 67 … ms later: a browser timer task each) with nothing to draw.
//
// engine.go.txt is go-app's pkg/app/engine.go of v9.8.0 (MIT, LICENSE.go-app) with two blocks
// added between "BEGIN miskatonic patch" and "END miskatonic patch" lines: in the browser the
// engine's loop asks for the page's next animation frame (requestAnimationFrame) when a run of
// dispatches leaves something to draw, once for the run, and draws it and runs the deferred
// dispatches in that frame's callback; nothing wakes Go while nothing is pending. A hidden page
// runs no animation frames, so there the frame is taken at once (and a page that hides while
// it waits for one takes it then): a move reaching a background tab still changes its title.
// The cleanup once a minute, and everything off the browser (server-side rendering, the
// testers, native tests), is go-app's own code unchanged.
//
// The Makefile's wasm build uses it: it copies go-app from the module cache to bin/goapp, puts
// engine.go.txt in place of engine.go there and builds with a go.mod of its own that replaces
// go-app with that copy (bin/goapp.mod). It refuses to when go-app's engine.go is not the file
// the patch was made from (engine.go.sha256); patch_test.go fails then too, and when the
// patched copy is anything but that file plus the marked blocks.
//
// The app's moves do not wait for go-app's frame either way: uiloop.Now draws a new table
// state in the task that brought it. The patch is for every other change (a click that opens
// a panel, a lobby option, talk typed) and for the idle wakes after each move.
package goappframe
