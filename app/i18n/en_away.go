package i18n

// enAway is the English text of the turn deadline for an absent player (issue 10, finding 9).
// It lives apart from en.go (edited by others); init merges it into en.
var enAway = map[string]string{
	"away.waiting":       "%[1]v is not connected. The table waits for them: %[2]v s left.",
	"away.host_choosing": "%[1]v is still away. The host is choosing: wait longer, let a bot play for them, or end the game.",
	"away.ask_host":      "%[1]v is still away. What should the table do?",
	"away.wait":          "Wait longer",
	"away.standin":       "Let a bot play for %[1]v until they return",
	"away.end":           "End the game",
	"away.standing_in":   "%[1]v (a bot plays until they return)",
	// The Fair play page: what a stand-in changes.
	"fair.limits.away": "If a player's connection is gone when the table waits for them, everyone sees a countdown. When it runs out the host may wait longer, end the game, or let a bot play that seat until the player returns. Everyone sees the bot, and each of its moves is marked as the bot's: it is the host's doing, not the player's, and carries no signature of theirs. While the bot plays, that seat adds nothing to new shuffles, like any bot. A player who returns takes the seat back at once, and a player's page that sees such a move in its own name while it was connected rejects the deal.",
}

// awayKeyClashes lists keys of enAway that en already had; a test insists it stays empty.
var awayKeyClashes []string

func init() {
	for k, v := range enAway {
		if _, ok := en[k]; ok {
			awayKeyClashes = append(awayKeyClashes, k)
			continue
		}
		en[k] = v
	}
}
