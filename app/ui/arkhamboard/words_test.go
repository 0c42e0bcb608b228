package arkhamboard

import (
	"strings"
	"testing"

	"miskatonic/app/i18n"
	"miskatonic/engine"
	"miskatonic/engine/arkham"
)

// Every word of the engine's view vocabulary has a message: a kind, cause or fate the engine
// adds (or renames) fails here, not as a raw word or a ⟨key⟩ on the table.
func TestEveryWordHasAMessage(t *testing.T) {
	events, causes, fates, _, _ := arkham.Vocabulary()
	name := func(s engine.Seat) string { return "Ann" }
	to := engine.Seat(1)
	for _, k := range events {
		for _, n := range []int{1, -1} {
			e := arkham.Event{Kind: k, Seat: 0, To: &to, Card: arkham.Cthulhu, N: n, Cause: arkham.EndAllPassed}
			got := eventText(e, name)
			if got == string(k) || strings.Contains(got, "⟨") {
				t.Errorf("event %q has no words: %q", k, got)
			}
		}
	}
	for _, c := range causes {
		if !i18n.Has(causeKey(c)) {
			t.Errorf("cause %q has no message %s", c, causeKey(c))
		}
	}
	for _, f := range fates {
		if !i18n.Has(fateKey(f)) {
			t.Errorf("fate %q has no message %s", f, fateKey(f))
		}
	}
}
