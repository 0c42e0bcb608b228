package engine

// LobbyNoter is optional on Rules: a game whose seat count changes the table in a way players
// should know before they start says so here, and the lobby shows it (Arkham Ritual deals dummy
// hands at three and four players). The lobby thus holds no game's rules of its own.
type LobbyNoter interface {
	// LobbyNote returns a message-catalog key and its arguments for a table of seats players,
	// or "" when there is nothing to say.
	LobbyNote(seats int) (key string, args []any)
}
