package rituals

import (
	"strconv"
	"strings"

	"miskatonic/engine"
)

var _ engine.LobbyNoter = Rules{}

// LobbyNote tells a table of two or three what the rules change for them: the cultists with the
// "2-3" icon leave the deck (named by insanity, read from the card data), and with two players
// an invocation's #1 cultist goes to the other player without a choice (ruling 4).
func (Rules) LobbyNote(seats int) (string, []any) {
	if seats < MinPlayers || seats > 3 {
		return "", nil
	}
	var removed []string
	for _, c := range Cards {
		if c.TwoThree {
			removed = append(removed, strconv.Itoa(c.Insanity))
		}
	}
	key := "rit.lobby.three"
	if seats == 2 {
		key = "rit.lobby.two"
	}
	return key, []any{seats, len(removed), strings.Join(removed, ", "), len(fullDeck) - len(removed)}
}
