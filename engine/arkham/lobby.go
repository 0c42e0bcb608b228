package arkham

import "miskatonic/engine"

var _ engine.LobbyNoter = Rules{}

// LobbyNote tells a table of three or four players that dummy hands fill it up to MinPositions.
func (Rules) LobbyNote(seats int) (string, []any) {
	if seats < MinPlayers || seats >= MinPositions {
		return "", nil
	}
	return "lobby.dummies", []any{seats, MinPositions - seats}
}
