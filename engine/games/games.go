// Package games is the registry of every game Miskatonic can host, for the CLI, the lobby and
// the table. Games register here rather than each caller listing them.
//
// Adding a game is adding its packages plus one registry line per layer (High Card, a test game,
// shows the whole set):
//
//   - engine/<game>: the rules behind engine.Rules (optionally engine.LobbyNoter), with the
//     conformance suite (engine/enginetest) and a table test over table.Pipe in its tests;
//   - engine/<game>/<game>bot: its bots, calling bot.Register from init;
//   - app/ui/<game>board: its board.Game (board, rules page, its own words, words/<lang>/*.txt via i18n.AddCatalog);
//   - one line here (its Rules in all or dev, its bot package imported) and one in app/routes.go.
package games

import (
	"miskatonic/engine"
	"miskatonic/engine/arkham"
	_ "miskatonic/engine/arkham/arkhambot" // Arkham's bots register themselves with engine/bot
	"miskatonic/engine/highcard"
	_ "miskatonic/engine/highcard/highcardbot"
	"miskatonic/engine/rituals"
	_ "miskatonic/engine/rituals/ritualsbot"
	"miskatonic/engine/shadows"
	_ "miskatonic/engine/shadows/shadowsbot"
)

// all is the engine layer's registry: one line a game (its rules; its bot package above).
var all = []engine.Rules{arkham.Rules{}, rituals.Rules{}, shadows.Rules{}}

// dev are test games: hosted, joined and replayed like the others (Lookup finds them, so a guest
// can join a test table), but left out of All, the list players are offered.
var dev = []engine.Rules{highcard.Rules{}}

// All returns every game's rules, in menu order (test games excluded).
func All() []engine.Rules { return append([]engine.Rules(nil), all...) }

// Lookup finds a game, test games included, by its stable name ("arkham").
func Lookup(name string) (engine.Rules, bool) {
	for _, r := range append(All(), dev...) {
		if r.Name() == name {
			return r, true
		}
	}
	return nil, false
}
