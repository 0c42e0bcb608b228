package arkhamboard

import (
	"testing"

	"miskatonic/engine"
	"miskatonic/engine/arkham"
	"miskatonic/engine/bot"
	"miskatonic/engine/rng"
)

// oddsBefore is the helper as it was when it did its own accounting, kept to show the engine's
// accounting (arkham.Account) gives the very same odds.
func oddsBefore(v *arkham.View) Odds {
	me := v.Seat
	known := map[arkham.CardID]bool{}
	heldByOthers := map[string]bool{} // artifact types in other hands
	for _, p := range v.Positions {
		if p.Seat == me || !p.Card.Valid() {
			continue
		}
		known[p.Card] = true
		if a := p.Card.Card().Artifact; a != "" {
			heldByOthers[a] = true
		}
	}
	for _, pile := range v.Discards.Artifacts {
		for _, c := range pile {
			known[c] = true
		}
	}
	for _, c := range v.Discards.Other {
		known[c] = true
	}
	if v.Passing != nil && v.Passing.Card.Valid() {
		known[v.Passing.Card] = true
	}
	for _, s := range v.Seen {
		if s.Where == arkham.PlaceHeld && s.Seat == me {
			// The viewer saw this very card earlier and it came back to it: no doubt left.
			return oddsOver([]arkham.CardID{s.Card}, heldByOthers)
		}
		known[s.Card] = true
	}
	var unknown []arkham.CardID
	for _, c := range v.Options.Deck() {
		if !known[c] {
			unknown = append(unknown, c)
		}
	}
	return oddsOver(unknown, heldByOthers)
}

func TestOddsMatchTheirOwnAccounting(t *testing.T) {
	r := rng.FromInt(7)
	checked := 0
	for game := 0; game < 40; game++ {
		opts := map[string]string{}
		if game%2 == 1 {
			opts = map[string]string{"event": "trapezohedron", "character1": "student"}
		}
		g, err := arkham.New(engine.Config{Seats: 3 + game%5, Options: opts})
		if err != nil {
			t.Fatal(err)
		}
		bots := make([]bot.Func, g.Players())
		for s := range bots {
			bots[s] = bot.Random(uint64(game*10 + s))
		}
		if _, err := bot.Play(g, bots, r, func(bot.Decision) {
			for s := 0; s < g.Players(); s++ {
				v := g.ViewOf(engine.Seat(s))
				if got, want := OddsOf(v), oddsBefore(v); got != want {
					t.Fatalf("game %d seat %d: odds %+v, before %+v", game, s, got, want)
				}
				checked++
			}
		}); err != nil {
			t.Fatal(err)
		}
	}
	if checked < 1000 {
		t.Fatalf("only %d views checked", checked)
	}
}
