package arkhamboard

import "miskatonic/engine/arkham"

// CardName is a card's name as the board writes it (an artifact by its type), "" for none:
// the replay's summary names the cards the way the table did.
func CardName(id arkham.CardID) string {
	if c := cardOf(id); c != nil {
		return c.Name()
	}
	return ""
}
