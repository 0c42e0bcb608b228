package arkhamboard

import (
	"encoding/json"
	"math/rand/v2"
	"strings"
	"testing"

	"github.com/maxence-charriere/go-app/v9/pkg/app"

	"miskatonic/engine"
	"miskatonic/engine/arkham"
)

// playRandom plays a seeded random game and calls check with every seat's board after every move.
func playRandom(t *testing.T, players int, opts map[string]string, seed uint64, check func(g *arkham.Game, s engine.Seat, v *arkham.View, b Board)) {
	t.Helper()
	g, err := arkham.New(engine.Config{Seats: players, Options: opts})
	if err != nil {
		t.Fatal(err)
	}
	r := rand.New(rand.NewPCG(seed, 7))
	roster := Roster{Names: []string{"Ann", "Bea", "Cy", "Dee", "Eli", "Fay", "Gus"}[:players]}
	for step := 0; step < 2000; step++ {
		st := g.Status()
		for s := engine.Seat(0); int(s) < players; s++ {
			// Round-trip through JSON as a guest would receive it.
			raw, _ := json.Marshal(g.View(s))
			dv, err := arkham.Rules{}.DecodeView(raw)
			if err != nil {
				t.Fatal(err)
			}
			v := dv.(*arkham.View)
			check(g, s, v, FromView(v, g.Legal(s), roster))
		}
		if st.Over {
			return
		}
		var m engine.Move
		if st.Deal != nil {
			var k [32]byte
			for i := range k {
				k[i] = byte(r.Uint32())
			}
			m = engine.DealMove(k)
		} else {
			mover := st.Active[0]
			legal := g.Legal(mover)
			m = legal[r.IntN(len(legal))]
		}
		if err := g.Apply(m); err != nil {
			t.Fatalf("apply %v: %v", m, err)
		}
	}
	t.Fatal("game did not end in 2000 moves")
}

func TestBoardsOverRandomGames(t *testing.T) {
	setups := []struct {
		name    string
		players int
		opts    map[string]string
	}{
		{"3 players base", 3, nil},
		{"5 players trapezohedron doom", 5, map[string]string{"event": "trapezohedron", "doom": "on", "character1": "student"}},
		{"7 players mystery professor competitive", 7, map[string]string{"oldone": "mystery", "character2": "professor", "variant": "competitive"}},
		{"4 players hastur", 4, map[string]string{"oldone": "hastur"}},
	}
	for _, su := range setups {
		for seed := uint64(1); seed <= 6; seed++ {
			t.Run(su.name, func(t *testing.T) {
				sawOver := false
				playRandom(t, su.players, su.opts, seed, func(g *arkham.Game, s engine.Seat, v *arkham.View, b Board) {
					me, ok := b.You()
					if !ok {
						t.Fatalf("seat %d has no You seat", s)
					}
					if !b.Reveal && me.Card != nil {
						t.Fatalf("seat %d sees its own card %v mid-round", s, me.Card)
					}
					if len(b.Seats) < 5 {
						t.Fatalf("%d hands on the table, want at least 5", len(b.Seats))
					}
					legal := g.Legal(s)
					if len(b.Actions) != len(legal) {
						t.Fatalf("seat %d: %d actions for %d legal moves", s, len(b.Actions), len(legal))
					}
					for _, a := range b.Actions {
						if !engine.IsLegal(legal, a.Move) {
							t.Fatalf("action %v is not legal", a.Move)
						}
					}
					html := app.HTMLString(&Table{Board: b})
					if strings.Contains(html, "⟨") {
						i := strings.Index(html, "⟨")
						t.Fatalf("missing catalog key near %q", html[i:min(len(html), i+60)])
					}
					if o := b.Odds; o != nil && (o.Sane+o.Cursed != 100 || o.Unknown < 1) {
						t.Fatalf("odds %+v", *o)
					}
					sawOver = sawOver || b.Over
				})
				if !sawOver {
					t.Fatal("never saw game over")
				}
			})
		}
	}
}

func TestOddsCountsWhatTheViewerSees(t *testing.T) {
	g, _ := arkham.New(engine.Config{Seats: 5})
	if err := g.Apply(engine.DealMove([32]byte{1})); err != nil {
		t.Fatal(err)
	}
	v := g.ViewOf(0)
	o := OddsOf(v)
	// 22 cards; the viewer sees 4 other hands and, if it is the drawer, the drawn card.
	want := 22 - 4
	if v.Passing != nil && v.Passing.Card.Valid() {
		want--
	}
	if o.Unknown != want {
		t.Fatalf("unknown = %d, want %d", o.Unknown, want)
	}
}
