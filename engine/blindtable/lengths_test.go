package blindtable

import (
	"encoding/json"
	"strings"
	"testing"

	"miskatonic/engine/mask"
)

// TestLengthsSayNoCard backs the Fair play page's "lengths are made to say nothing about anyone's cards" on
// the host-blind path, whose frames are not padded: the host sends every page the same log
// entry by entry (Submit, hello), so nothing differs between pages' traffic; and in a whole
// game's log a sealed token's size is fixed by what its envelope shows in the clear (its label
// names the card's place in the deck and the rule event, both public), every sealed key share
// has one size, so no card changes an entry's length. (Public tokens and moves are everyone's
// to read anyway.)
func TestLengthsSayNoCard(t *testing.T) {
	_, log := recordedGame(t)
	sizes := map[string]map[int]int{} // kind of sealed thing -> box length less its label's -> count
	note := func(env mask.Envelope) {
		kind := env.Label
		if strings.HasPrefix(kind, "token/") {
			kind = "token"
		}
		if sizes[kind] == nil {
			sizes[kind] = map[int]int{}
		}
		sizes[kind][len(env.Box)-len(env.Label)]++
	}
	for _, e := range log {
		switch e.In.Kind {
		case KindTokens:
			var b Tokens
			if err := json.Unmarshal(e.In.Body, &b); err != nil {
				t.Fatal(err)
			}
			for _, env := range b.Out.Sealed {
				note(env)
			}
		case KindShuffle:
			var b Shuffle
			if err := json.Unmarshal(e.In.Body, &b); err != nil {
				t.Fatal(err)
			}
			for _, env := range b.Shares {
				note(env)
			}
		}
	}
	if len(sizes["token"]) == 0 || len(sizes[mask.EscrowLabel]) == 0 {
		t.Fatalf("no sealed tokens or shares in the game: the test checks nothing (%v)", sizes)
	}
	for kind, by := range sizes {
		if len(by) != 1 {
			t.Errorf("sealed %s boxes come in %d sizes beyond what their labels show: %v", kind, len(by), by)
		}
	}
	t.Logf("sealed sizes over %d entries: %v", len(log), sizes)
}
