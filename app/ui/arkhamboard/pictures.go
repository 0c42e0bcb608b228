package arkhamboard

import (
	"sort"

	"miskatonic/engine/arkham"
)

// pictures are every picture the board may show: each card type's face (the deck list is public,
// in the rulebook), the card back, the cursed mark and the doom icon. Every page fetches the same
// set whatever was dealt, so warming them tells no page anything about a hidden card.
func pictures() []string {
	seen := map[string]bool{
		"/web/cards/back.svg": true, "/web/cards/cursed.svg": true, "/web/cards/doom.svg": true,
	}
	for id := arkham.CardID(1); id.Valid(); id++ {
		seen[cardOf(id).Art()] = true
	}
	out := make([]string, 0, len(seen))
	for p := range seen {
		out = append(out, p)
	}
	sort.Strings(out)
	return out
}
