package ui

import (
	"html"
	"strings"
	"testing"

	"github.com/maxence-charriere/go-app/v9/pkg/app"

	"miskatonic/app/i18n"
	_ "miskatonic/app/ui/ritualsboard" // the game's words
	"miskatonic/engine"
	"miskatonic/engine/rituals"
)

// TestReplaySummaryRitualsEnd: the replay summary of a finished Rituals game says in words how
// it ended, never the raw key "⟨rituals.end.deck⟩".
func TestReplaySummaryRitualsEnd(t *testing.T) {
	defer i18n.SetLang(i18n.English)
	r := &Replay{rec: &engine.Record{Config: engine.Config{Seats: 2}, Names: []string{"Ann", "Bea"}}}
	st := engine.Status{Over: true, Result: &engine.Outcome{Winners: []engine.Seat{1}, Reason: rituals.ReasonDeck, Scores: []int{3, 5}}}
	for _, l := range i18n.Languages {
		i18n.SetLang(l)
		out := html.UnescapeString(app.HTMLString(r.outcome(st)))
		if strings.Contains(out, "⟨") || !strings.Contains(out, i18n.T(rituals.ReasonDeck)) {
			t.Errorf("%s: %s", l, out)
		}
	}
}
