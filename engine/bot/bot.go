// Package bot plays Miskatonic games. A bot is a function of exactly what its seat may know —
// the seat's view and the legal moves — so it cannot see a hidden card even by accident: the
// game itself is never handed to it. Bots are deterministic: the same seed and the same inputs
// give the same moves, natively and under wasm.
//
// Three levels exist for every game that has them: "random" (any game), "heuristic" (a rule of
// thumb per game; alias "easy") and "search" (determinized Monte Carlo over the heuristic; alias
// "hard"). The pause a human-like bot takes before acting belongs to the table, not to the bot.
package bot

import (
	"sort"
	"strings"

	"miskatonic/engine"
	"miskatonic/engine/rng"
)

// Func is a bot: given its seat's view and the moves it may make now, it picks one of them.
// It must return an element of legal (or an error); legal is never empty when a table calls it.
// A bot keeps scratch state between calls: call one bot from one goroutine at a time.
type Func func(view engine.View, legal []engine.Move) (engine.Move, error)

// Level names a bot's strength.
const (
	LevelRandom    = "random"
	LevelHeuristic = "heuristic"
	LevelSearch    = "search"
)

// aliases lets the lobby offer friendlier names for the same bots.
var aliases = map[string]string{
	"easy":   LevelHeuristic,
	"medium": LevelHeuristic,
	"hard":   LevelSearch,
}

// Maker builds one game's bot of one level from a seed.
type Maker func(seed uint64) Func

// makers maps game name → level → constructor. Games without a heuristic get only "random".
var makers = map[string]map[string]Maker{}

// Register makes game's bot of a canonical level available to New. Each game's bot package
// (engine/<game>/<game>bot) calls it from init; the game registry (engine/games) imports that
// package, so every caller of New sees every game's bots. It panics on an unknown level: that is
// a programming error found by the first test that imports the package.
func Register(game, level string, m Maker) {
	if Canonical(level) != level {
		panic("bot: register " + game + ": unknown level " + level)
	}
	if makers[game] == nil {
		makers[game] = map[string]Maker{}
	}
	makers[game][level] = m
}

// Canonical maps a level name or alias to its canonical name ("" if unknown).
func Canonical(level string) string {
	l := strings.ToLower(strings.TrimSpace(level))
	if a, ok := aliases[l]; ok {
		return a
	}
	switch l {
	case LevelRandom, LevelHeuristic, LevelSearch:
		return l
	}
	return ""
}

// Levels lists the canonical levels available for game, weakest first. Every game has "random".
func Levels(game string) []string {
	out := []string{LevelRandom}
	order := map[string]int{LevelRandom: 0, LevelHeuristic: 1, LevelSearch: 2}
	for l := range makers[game] {
		if l != LevelRandom {
			out = append(out, l)
		}
	}
	sort.Slice(out, func(i, j int) bool { return order[out[i]] < order[out[j]] })
	return out
}

// New returns a bot for game at level (a canonical name or alias), seeded with seed. The random
// level works for any game; the others need a game that provides them.
func New(game, level string, seed uint64) (Func, error) {
	l := Canonical(level)
	if l == "" {
		return nil, engine.Errorf(engine.KindBadConfig, "bot: new", "unknown level %q", level)
	}
	if m, ok := makers[game][l]; ok {
		return m(seed), nil
	}
	if l == LevelRandom {
		return Random(seed), nil
	}
	return nil, engine.Errorf(engine.KindBadConfig, "bot: new", "no %s bot for game %q", l, game)
}

// Random is a bot that picks uniformly among the legal moves. It works for every game.
func Random(seed uint64) Func {
	r := rng.FromInt(seed)
	return func(_ engine.View, legal []engine.Move) (engine.Move, error) {
		if len(legal) == 0 {
			return engine.Move{}, engine.Errorf(engine.KindNotYourTurn, "bot: random", "no legal move")
		}
		return legal[r.Intn(len(legal))], nil
	}
}

// SeedRand turns a seed into a generator whose stream is distinct from Random's for the same seed
// (so a heuristic bot and a random bot seeded alike do not share their choices). label names the
// bot ("arkham/search"), so two bots seeded alike draw apart too.
func SeedRand(seed uint64, label string) *rng.Rand {
	return rng.New(rng.Derive(rng.FromInt(seed).Seed(), "miskatonic/v1/bot/"+label))
}
