package arkhamboard

import (
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"miskatonic/engine/arkham"
)

// TestPicturesAreEveryCardsFaceAndServed: the lobby warms Game.Pictures, so every picture a card
// may show must be in it (else its first showing pays the fetch and decode), each must be a file
// the app serves, and the list must not depend on anything dealt (it is built from the public
// deck list alone, the same on every page).
func TestPicturesAreEveryCardsFaceAndServed(t *testing.T) {
	ps := Game.Pictures
	for id := arkham.CardID(1); id.Valid(); id++ {
		if art := cardOf(id).Art(); !slices.Contains(ps, art) {
			t.Errorf("card %d's picture %s is not warmed", id, art)
		}
	}
	for _, p := range []string{"/web/cards/back.svg", "/web/cards/cursed.svg", "/web/cards/doom.svg"} {
		if !slices.Contains(ps, p) {
			t.Errorf("%s is not warmed", p)
		}
	}
	for _, p := range ps {
		if !strings.HasPrefix(p, "/web/") {
			t.Errorf("%s is not a served file", p)
			continue
		}
		if _, err := os.Stat(filepath.Join("..", "..", "..", p)); err != nil {
			t.Errorf("%s: %v", p, err)
		}
	}
	if !slices.Equal(ps, pictures()) {
		t.Error("the pictures differ from one call to the next")
	}
}
