package arkhamboard

import (
	htmlpkg "html"
	"strings"
	"testing"

	"github.com/maxence-charriere/go-app/v9/pkg/app"

	"miskatonic/app/i18n"
	"miskatonic/engine"
	"miskatonic/engine/arkham"
)

func sampleBoard() Board {
	cand := &Card{ID: 3, Key: "candelabra", Kind: "artifact", Cursed: true}
	gate := &Card{ID: 17, Key: "gate-a", Kind: "event"}
	return Board{
		Round: 2, Deck: 12, Removed: 1,
		Seats: []Seat{
			{Pos: 0, Name: "Ann", You: true, Sanity: 5, Active: true},
			{Pos: 1, Name: "Bea", Sanity: 7, Card: cand, HandDown: true},
			{Pos: 2, Name: "Cy", Sanity: 3, Card: gate, Bot: true},
			{Pos: 3, Name: "Dummy", Dummy: true, Card: &Card{ID: 1, Key: "candelabra", Kind: "artifact"}},
		},
		Drawn:   &Card{ID: 25, Key: "cthulhu", Kind: "oldone", Cursed: true},
		Prompt:  "Your turn",
		Actions: []Action{{Label: "Give to Bea", Move: engine.Move{Seat: 0, Kind: "give", To: 1}, Primary: true}},
		Piles:   []Pile{{Key: "dagger", Cards: []Card{{ID: 4, Key: "dagger", Kind: "artifact"}}}},
		Log:     []string{"Round 2 begins."},
		Odds:    &Odds{Unknown: 14, Sane: 60, Cursed: 40, Dup: 20},
	}
}

func TestTableRender(t *testing.T) {
	cases := []struct {
		name    string
		board   func() Board
		want    []string
		notWant []string
	}{
		{
			name:  "own card hidden, others face up",
			board: sampleBoard,
			want: []string{
				`data-seat="0"`, `data-card="hidden"`, i18n.T("card.hidden"),
				`data-card="candelabra"`, `data-card="gate-a"`, `cursed.svg`,
				`data-move="give"`, "Give to Bea", i18n.T("ark.drawn"), "Cthulhu",
				i18n.T("ark.helper_sane", 60),
			},
			notWant: []string{"game-over", "round-end"},
		},
		{
			name: "round end shows fates and the verified deal",
			board: func() Board {
				b := sampleBoard()
				b.Reveal, b.Actions, b.Drawn = true, nil, nil
				b.Seats[0].Card = &Card{ID: 2, Key: "candelabra", Kind: "artifact"}
				b.Seats[0].Fate = &Fate{Why: "same artifact as Bea", Delta: -2}
				b.Result = &Result{Round: 2, Cause: "the deck ran out", Rows: []ResultRow{
					{Pos: 0, Name: "Ann", You: true, Card: b.Seats[0].Card, Fate: *b.Seats[0].Fate, Sanity: 3}}}
				return b
			},
			want:    []string{"round-end", "the deck ran out", `id="continue"`, "same artifact as Bea", "−2", "failed"},
			notWant: []string{`data-card="hidden"`},
		},
		{
			name: "game over names the winners",
			board: func() Board {
				b := sampleBoard()
				b.Over, b.Winners, b.YouWon, b.Actions = true, []string{"Bea", "Cy"}, false, nil
				return b
			},
			want: []string{"game-over", i18n.T("ark.winners", "Bea, Cy"), i18n.T("ark.you_lost"), "placed-outcome"},
		},
		{
			name: "hidden helper collapses",
			board: func() Board {
				b := sampleBoard()
				b.Odds = nil
				return b
			},
			notWant: []string{i18n.T("ark.helper")},
		},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			tb := &Table{Board: c.board(), Outcome: app.Span().ID("placed-outcome")}
			html := app.HTMLString(tb)
			for _, w := range c.want {
				if !strings.Contains(html, w) && !strings.Contains(html, htmlpkg.EscapeString(w)) {
					t.Errorf("missing %q", w)
				}
			}
			for _, w := range c.notWant {
				if strings.Contains(html, w) {
					t.Errorf("unexpected %q", w)
				}
			}
		})
	}
}

// Every card has an image, a written name and, when cursed, the cursed symbol: colour is never
// the only cue.
func TestCardNeverColourOnly(t *testing.T) {
	for _, cursed := range []bool{false, true} {
		html := app.HTMLString(cardFace(Card{Key: "idol", Kind: "artifact", Cursed: cursed}, "m"))
		if !strings.Contains(html, "Obsidian Idol") || !strings.Contains(html, "aria-label") {
			t.Errorf("cursed=%v: no written name or label: %s", cursed, html)
		}
		if strings.Contains(html, "cursed.svg") != cursed {
			t.Errorf("cursed=%v: cursed symbol shown=%v", cursed, !cursed)
		}
	}
}

func TestRingStartsLeftOfViewer(t *testing.T) {
	b := Board{Seats: []Seat{{Pos: 0, Name: "A"}, {Pos: 1, Name: "B", You: true}, {Pos: 2, Name: "C"}, {Pos: 3, Name: "D"}}}
	got := ""
	for _, u := range (&Table{}).ringSeats(b) {
		h := app.HTMLString(u)
		i := strings.Index(h, `data-seat="`)
		got += h[i+11 : i+12]
	}
	if got != "230" {
		t.Fatalf("ring order = %q, want 230", got)
	}
}

// A dismissed reveal stays dismissed within its game, but the next game at the table (the host
// played again) shows its own first reveal even though its round number was dismissed before.
func TestRevealDismissedPerGame(t *testing.T) {
	board := sampleBoard()
	board.Result = &Result{Round: 1, Cause: "the deck ran out"}
	cases := []struct {
		name     string
		game     string
		seenGame string
		seen     int
		shown    bool
	}{
		{"not yet dismissed", "g1", "", 0, true},
		{"dismissed in this game", "g1", "g1", 1, false},
		{"a later round of this game", "g1", "g1", 0, true},
		{"same round number, new game", "g2", "g1", 1, true},
	}
	for _, c := range cases {
		tb := &Table{Board: board, Game: c.game, seenResult: c.seen, seenGame: c.seenGame}
		out := app.HTMLString(tb)
		if got := strings.Contains(out, `id="round-end"`); got != c.shown {
			t.Errorf("%s: reveal shown=%v, want %v", c.name, got, c.shown)
		}
	}
}

// A seat takes a tap only when the viewer may give or pass the card to it; the buttons stay.
func TestTapTargets(t *testing.T) {
	b := Board{
		Seats: []Seat{{Pos: 0, Name: "A", You: true}, {Pos: 1, Name: "B"}, {Pos: 2, Name: "C"}},
		Actions: []Action{
			{Label: "Give to B", Move: engine.Move{Seat: 0, Kind: arkham.MoveGive, To: 1}},
			{Label: "Take it", Move: engine.Move{Seat: 0, Kind: arkham.MoveTake, To: 2}},
		},
	}
	var html []string
	for _, u := range (&Table{onAct: func(app.Context, engine.Move) {}}).ringSeats(b) {
		html = append(html, app.HTMLString(u))
	}
	if !strings.Contains(html[0], "target") || !strings.Contains(html[0], `title="Give to B"`) {
		t.Errorf("B is not a tap target: %s", html[0])
	}
	if strings.Contains(html[1], "target") {
		t.Errorf("C takes a tap for a move that is not a give or pass: %s", html[1])
	}
	if got := app.HTMLString(actionBar(b.Actions, nil)); strings.Count(got, "<button") != 2 {
		t.Errorf("buttons must stay beside the taps: %s", got)
	}
}
