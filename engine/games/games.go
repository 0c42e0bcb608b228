// Package games is the registry of every game Miskatonic can host, for the CLI, the lobby and
// the table. Games register here rather than each caller listing them.
package games

import (
	"miskatonic/engine"
	"miskatonic/engine/arkham"
	"miskatonic/engine/rituals"
)

var all = []engine.Rules{arkham.Rules{}, rituals.Rules{}}

// All returns every game's rules, in menu order.
func All() []engine.Rules { return append([]engine.Rules(nil), all...) }

// Lookup finds a game by its stable name ("arkham").
func Lookup(name string) (engine.Rules, bool) {
	for _, r := range all {
		if r.Name() == name {
			return r, true
		}
	}
	return nil, false
}
