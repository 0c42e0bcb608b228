package shadowsbot

import "miskatonic/engine/bot"

// Ring of Shadows' bots join the generic registry, so the table, the lobby and the CLI find them
// by game name like any other game's.
func init() {
	bot.Register("shadows", bot.LevelHeuristic, Heuristic)
	bot.Register("shadows", bot.LevelSearch, Search)
}
