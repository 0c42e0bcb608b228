package ui

import (
	"html"
	"strings"
	"testing"

	"github.com/maxence-charriere/go-app/v9/pkg/app"

	"miskatonic/app/i18n"
	"miskatonic/app/ui/board"
	"miskatonic/app/ui/ritualsboard"
	"miskatonic/engine"
	"miskatonic/engine/rituals"
	"miskatonic/engine/rng"
)

// TestHistoryShowsRoundClosingEvents: a page that notes the view after every move of a Rituals
// game has, in its history, every event of every round — the draws of phase 3, which come in the
// round's last move, included, each under its own round. Under rules version 1 (old records) the
// round's last move emptied the log, so those lines reached no page: the case shows the defect.
func TestHistoryShowsRoundClosingEvents(t *testing.T) {
	i18n.SetLang("en")
	for _, tc := range []struct {
		name    string
		version int
		missing bool // closing events absent from the history
	}{
		{"version 2 keeps them", 2, false},
		{"version 1 (old records) lost them", 1, true},
	} {
		t.Run(tc.name, func(t *testing.T) {
			rules, err := engine.RulesAt(rituals.Rules{}, tc.version)
			if err != nil {
				t.Fatal(err)
			}
			eg, _ := rules.New(engine.Config{Seats: 3})
			g := eg.(*rituals.Game)
			seats := []board.Seat{{Name: "Ann"}, {Name: "Bo"}, {Name: "Cy"}}
			var h History
			rnd := rng.FromInt(5)
			closing := map[int][]string{} // round → lines of the events its last move made
			prevRound := 0
			for !g.Status().Over {
				s := g.Status().Active[0]
				if s == engine.Dealer {
					g.ApplyDeal(rnd.Seed())
					continue
				}
				legal := g.Legal(s)
				before := g.ViewOf(engine.Observer)
				if err := g.Apply(legal[rnd.Intn(len(legal))]); err != nil {
					t.Fatal(err)
				}
				v := g.ViewOf(engine.Observer)
				if v.Round > prevRound && prevRound > 0 && v.Outcome == nil && before.LogRound == 0 {
					closing[prevRound] = nil // a round closed in a move of its own
				}
				prevRound = v.Round
				h.note(ritualsboard.Game, board.Props{View: v, Seats: seats, Table: "t"})
			}
			// The closing events are the draws of phase 3: every round that ended with one has
			// a "drew" line in the history, under its own label.
			rounds := map[string]string{}
			for _, r := range h.rounds {
				rounds[r.label] += strings.Join(r.lines, "\n") + "\n"
			}
			withDraw := 0
			for r := range closing {
				if strings.Contains(rounds[i18n.T("frame.round", r)], " drew ") {
					withDraw++
				}
			}
			if len(closing) < 3 {
				t.Fatalf("only %d rounds closed: the case tests nothing", len(closing))
			}
			if tc.missing && withDraw != 0 {
				t.Fatalf("version 1 showed the draws of %d rounds: the test does not see the defect", withDraw)
			}
			if !tc.missing && withDraw != len(closing) {
				t.Fatalf("the history shows the closing draws of %d of %d rounds:\n%v", withDraw, len(closing), rounds)
			}
			if !tc.missing {
				out := html.UnescapeString(app.HTMLString(h.panel()))
				if !strings.Contains(out, " drew ") {
					t.Fatalf("the history panel shows no draw: %s", out)
				}
			}
		})
	}
}
