package arkham

import (
	"encoding/json"
	"errors"
	"reflect"
	"testing"

	"miskatonic/engine"
	"miskatonic/engine/enginetest"
	"miskatonic/engine/rng"
)

// viewForCompare is a view's JSON without the previous round's result, which Determinize does
// not rebuild (it belongs to a finished, fully public round).
func viewForCompare(t *testing.T, v *View) string {
	t.Helper()
	c := *v
	c.LastRound = nil
	b, err := json.Marshal(&c)
	if err != nil {
		t.Fatal(err)
	}
	return string(b)
}

// TestDeterminizeMatchesView plays seeded random games over many configs and, at every move of
// a round, rebuilds the game from each player's view: the rebuilt game must show that seat
// exactly the same view, allow the same moves, hold every state invariant and play on to an end.
func TestDeterminizeMatchesView(t *testing.T) {
	cfgs := allConfigs()
	games := enginetest.Scaled(120, 30)
	r := rng.FromInt(77)
	checked := 0
	for i := 0; i < games; i++ {
		cfg := cfgs[(i*37)%len(cfgs)]
		g, err := New(cfg)
		if err != nil {
			t.Fatal(err)
		}
		for steps := 0; steps < 2000 && g.phase != phOver; steps++ {
			if g.phase == phDeal {
				if err := g.ApplyDeal(r.Seed()); err != nil {
					t.Fatal(err)
				}
				continue
			}
			for s := engine.Seat(0); s < engine.Seat(g.players); s++ {
				v := g.ViewOf(s)
				d, err := Determinize(v, r)
				if err != nil {
					t.Fatalf("game %d step %d seat %d: %v", i, steps, s, err)
				}
				if got, want := viewForCompare(t, d.ViewOf(s)), viewForCompare(t, v); got != want {
					t.Fatalf("game %d step %d seat %d: view differs\n got %s\nwant %s", i, steps, s, got, want)
				}
				mover, _ := g.Mover()
				if !reflect.DeepEqual(d.Legal(mover), g.Legal(mover)) {
					t.Fatalf("game %d step %d seat %d: legal moves differ", i, steps, s)
				}
				if err := checkInvariants(d); err != nil {
					t.Fatalf("game %d step %d seat %d: %v", i, steps, s, err)
				}
				if s == mover && steps%7 == 0 {
					playToEnd(t, d, r)
				}
				checked++
			}
			legal := g.Legal(mustMover(g))
			if err := g.Apply(legal[r.Intn(len(legal))]); err != nil {
				t.Fatal(err)
			}
		}
	}
	if checked < games*10 {
		t.Fatalf("only %d views checked", checked)
	}
}

func mustMover(g *Game) engine.Seat { s, _ := g.Mover(); return s }

func playToEnd(t *testing.T, g *Game, r *rng.Rand) {
	t.Helper()
	for n := 0; g.phase != phOver; n++ {
		if n > 5000 {
			t.Fatal("determinized game does not end")
		}
		if g.phase == phDeal {
			if err := g.ApplyDeal(r.Seed()); err != nil {
				t.Fatal(err)
			}
			continue
		}
		legal := g.Legal(mustMover(g))
		if err := g.Apply(legal[r.Intn(len(legal))]); err != nil {
			t.Fatal(err)
		}
		if err := checkInvariants(g); err != nil {
			t.Fatal(err)
		}
	}
}

// TestDeterminizeSamplesOnlyUnseen checks the seat's own card is drawn from exactly the cards it
// has not seen, each of them turning up, and never from one it saw.
func TestDeterminizeSamplesOnlyUnseen(t *testing.T) {
	g := spot{players: 5, held: []CardID{candelabra1, dagger1, chalice1, grimoire1, idol1},
		deck: []CardID{ElderSign, GateA, GateB, Orb, Investigator, Cultist, Cthulhu, candelabra2, dagger2,
			chalice2, grimoire2, idol2, candelabraX, daggerX, chaliceX, grimoireX, idolX}}.game(t)
	v := g.ViewOf(1) // seat 1 sees everyone but itself; the active seat 0 drew the Elder Sign
	r := rng.FromInt(3)
	counts := map[CardID]int{}
	for i := 0; i < 3000; i++ {
		d, err := Determinize(v, r)
		if err != nil {
			t.Fatal(err)
		}
		counts[d.held[1].open()]++
	}
	for _, c := range []CardID{candelabra1, chalice1, grimoire1, idol1} {
		if counts[c] != 0 {
			t.Fatalf("seat 1 was dealt %v, which it can see elsewhere", c)
		}
	}
	// 22 − 4 visible hands = 18 unseen (the Elder Sign in transit included, since seat 1 did not draw it).
	if len(counts) != 18 {
		t.Fatalf("own card took %d values, want 18: %v", len(counts), counts)
	}
	for c, n := range counts {
		if n < 3000/18/2 {
			t.Fatalf("card %v drawn %d times of 3000: not uniform", c, n)
		}
	}
	// The active seat knows the card it drew: it is never re-dealt.
	va := g.ViewOf(0)
	for i := 0; i < 200; i++ {
		d, err := Determinize(va, r)
		if err != nil {
			t.Fatal(err)
		}
		if d.passing.open() != ElderSign || d.held[0].open() == ElderSign {
			t.Fatalf("drawn card moved: passing %v, own %v", d.passing.open(), d.held[0].open())
		}
	}
}

func TestDeterminizeRefuses(t *testing.T) {
	g, _ := New(engine.Config{Seats: 5})
	_ = g.ApplyDeal(rng.FromInt(1).Seed())
	good := g.ViewOf(1)
	between, _ := New(engine.Config{Seats: 5})
	cases := []struct {
		name string
		v    func() *View
		kind engine.Kind
	}{
		{"nil view", func() *View { return nil }, engine.KindIllegal},
		{"observer", func() *View { return g.ViewOf(engine.Observer) }, engine.KindIllegal},
		{"between rounds", func() *View { return between.ViewOf(0) }, engine.KindIllegal},
		{"deck too big", func() *View { c := *good; c.DeckSize += 3; return &c }, engine.KindMalformed},
		{"hidden card of another seat", func() *View {
			c := *good
			c.Positions = append([]Position(nil), good.Positions...)
			c.Positions[2].Card = 0
			return &c
		}, engine.KindMalformed},
		{"card shown twice", func() *View {
			c := *good
			c.Positions = append([]Position(nil), good.Positions...)
			c.Positions[2].Card = c.Positions[3].Card
			return &c
		}, engine.KindMalformed},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			_, err := Determinize(c.v(), rng.FromInt(1))
			if engine.KindOf(err) != c.kind || !errors.Is(err, &engine.Error{Kind: c.kind}) {
				t.Fatalf("err = %v, want %s", err, c.kind)
			}
		})
	}
}
