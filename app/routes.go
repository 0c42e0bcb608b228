package app

import (
	"sort"
	"sync"

	"github.com/maxence-charriere/go-app/v9/pkg/app"

	"miskatonic/app/ui"
	"miskatonic/app/ui/arkhamboard"
	"miskatonic/app/ui/board"
	"miskatonic/app/ui/highcardboard"
	"miskatonic/app/ui/ritualsboard"
	"miskatonic/app/ui/shadowsboard"
)

// boards is the UI's registry of games: one line a game (its board package's description). The
// home page, the setup pages, the game screen and the rules routes all read it.
var boards = []board.Game{
	arkhamboard.Game,
	ritualsboard.Game,
	shadowsboard.Game,
	highcardboard.Game, // a test game: listed with ?dev=1 only
}

// init registers the boards and routes each game's rules page (board.RulesPath).
func init() {
	for _, g := range boards {
		board.Register(g)
		if g.Rules != nil {
			pages[board.RulesPath(g.Name)] = g.Rules
		}
	}
}

// Paths of the pages. Query strings select the game: /new?game=<name>.
const (
	PathHome     = "/"
	PathNew      = "/new"  // create a table (lobby as host)
	PathSolo     = "/solo" // play against bots
	PathNotFound = "/not-found"
	PathFair     = board.HrefFair  // the trust model
	PathCode     = ui.HrefCodeJoin // join a table by pass and code (no relay, no internet)
	PathReplay   = ui.HrefReplay   // replay and verify a game record (file or link)
)

// pages maps every routed path to its component. Adding a screen means adding a line here; the
// server, the static build (one HTML file per page) and the not-found handling all read this table.
var pages = map[string]func() app.Composer{
	PathHome:     func() app.Composer { return &ui.Home{} },
	PathNotFound: func() app.Composer { return &ui.NotFound{} },
	PathSolo:     func() app.Composer { return &ui.Solo{} },
	PathNew:      func() app.Composer { return &ui.NewTable{} },
	PathFair:     func() app.Composer { return ui.Fair() },
	PathCode:     func() app.Composer { return &ui.CodeJoin{} },
	PathReplay:   func() app.Composer { return &ui.Replay{} },
	// Ring of Shadows' "rules completed by Miskatonic" page, linked from its board and rules.
	shadowsboard.OursPath: func() app.Composer { return &shadowsboard.Ours{} },
}

var registerOnce sync.Once

// RegisterRoutes tells go-app about every page. Both builds call it: the browser to route, the
// server to pre-render. It is idempotent because go-app's router is global. Every page has an
// exact path; routeNotFound (one per build) gives every other path our not-found page.
func RegisterRoutes() {
	registerOnce.Do(func() {
		for p, newPage := range pages {
			app.RouteFunc(p, newPage)
		}
		routeNotFound()
	})
}

// IsPage reports whether path is a routed page (the not-found catch-all aside).
func IsPage(path string) bool {
	_, ok := pages[path]
	return ok
}

// Pages lists the routed paths in order.
func Pages() []string {
	ps := make([]string, 0, len(pages))
	for p := range pages {
		ps = append(ps, p)
	}
	sort.Strings(ps)
	return ps
}
