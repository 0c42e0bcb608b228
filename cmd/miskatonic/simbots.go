//go:build !wasm

package main

import (
	"miskatonic/engine/bot"
	"miskatonic/engine/shadows/shadowsbot"
)

// simBots are bots not (yet) registered with engine/bot; newBot looks here first. Ring of
// Shadows' bots move to bot.Register once engine/bot exports it.
var simBots = map[string]map[string]func(seed uint64) bot.Func{
	"shadows": {bot.LevelHeuristic: shadowsbot.Heuristic, bot.LevelSearch: shadowsbot.Search},
}

// newBot makes a bot of level for game.
func newBot(game, level string, seed uint64) (bot.Func, error) {
	if m, ok := simBots[game][bot.Canonical(level)]; ok {
		return m(seed), nil
	}
	return bot.New(game, level, seed)
}
