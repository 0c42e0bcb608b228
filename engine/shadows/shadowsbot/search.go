package shadowsbot

import "miskatonic/engine/bot"

// Search returns the search bot.
func Search(seed uint64) bot.Func { return Heuristic(seed) }
