package highcardboard

import (
	"strings"
	"testing"

	"github.com/maxence-charriere/go-app/v9/pkg/app"

	"miskatonic/app/ui/board"
	"miskatonic/engine"
	"miskatonic/engine/highcard"
)

func TestDraw(t *testing.T) {
	g, _ := highcard.Rules{}.New(engine.Config{Seats: 2})
	_ = g.Apply(engine.DealMove([32]byte{1}))
	seats := []board.Seat{{Name: "Ann"}, {Name: "Bot", Bot: true}}
	out := app.HTMLString(Draw(board.Props{View: g.View(0), Legal: g.Legal(0), Seats: seats}))
	for _, w := range []string{`id="hc-keep"`, `id="hc-swap"`, "Ann", "Bot"} {
		if !strings.Contains(out, w) {
			t.Errorf("missing %q", w)
		}
	}
	if strings.Contains(out, "⟨") {
		t.Errorf("a catalog key is missing: %s", out)
	}
	// Seat 1, not to move, gets no buttons.
	out = app.HTMLString(Draw(board.Props{View: g.View(1), Legal: g.Legal(1), Seats: seats}))
	if strings.Contains(out, `id="hc-keep"`) {
		t.Errorf("seat 1 may act out of turn: %s", out)
	}
	_ = g.Apply(engine.Move{Seat: 0, Kind: highcard.KindKeep})
	_ = g.Apply(engine.Move{Seat: 1, Kind: highcard.KindKeep})
	out = app.HTMLString(Draw(board.Props{View: g.View(1), Seats: seats}))
	// The way on (play again) is the frame's, not the board's.
	for _, w := range []string{`id="hc-result"`} {
		if !strings.Contains(out, w) {
			t.Errorf("at the end, missing %q", w)
		}
	}
	out = app.HTMLString(rulesPage())
	if strings.Contains(out, "⟨") {
		t.Errorf("rules page misses a key: %s", out)
	}
	// The shared rules page (doc.Rules), as every game's: its id, the play section, the way on
	// to the fair-play page and back home.
	for _, w := range []string{`id="hc-rules"`, `id="play"`, `id="hc-rules-fair"`, `id="hc-rules-back"`} {
		if !strings.Contains(out, w) {
			t.Errorf("rules page: missing %q", w)
		}
	}
}
