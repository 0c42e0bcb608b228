package highcard_test

import (
	"encoding/json"
	"errors"
	"fmt"
	"testing"

	"miskatonic/engine"
	"miskatonic/engine/enginetest"
	"miskatonic/engine/highcard"
	"miskatonic/engine/rng"
)

// deal returns a dealt game of n seats whose hands and deck come from key.
func deal(t *testing.T, n int, key byte) *highcard.Game {
	t.Helper()
	g, err := highcard.Rules{}.New(engine.Config{Seats: n})
	if err != nil {
		t.Fatal(err)
	}
	if err := g.Apply(engine.DealMove([32]byte{key})); err != nil {
		t.Fatal(err)
	}
	return g.(*highcard.Game)
}

func own(g *highcard.Game, s engine.Seat) int { return g.View(s).(*highcard.View).Own }

func TestRules(t *testing.T) {
	t.Run("bad configs are refused", func(t *testing.T) {
		for _, cfg := range []engine.Config{{Seats: 1}, {Seats: 6}, {Seats: 3, Options: map[string]string{"x": "y"}}} {
			if _, err := (highcard.Rules{}).New(cfg); !errors.Is(err, engine.ErrBadConfig) {
				t.Errorf("%+v: err = %v", cfg, err)
			}
		}
	})
	t.Run("a swap discards the card face up and takes the deck's top", func(t *testing.T) {
		g := deal(t, 3, 1)
		before := own(g, 0)
		deck := g.View(0).(*highcard.View).Deck
		if err := g.Apply(engine.Move{Seat: 0, Kind: highcard.KindSwap}); err != nil {
			t.Fatal(err)
		}
		v := g.View(1).(*highcard.View)
		if len(v.Discard) != 1 || v.Discard[0] != before || v.Deck != deck-1 || own(g, 0) == before {
			t.Fatalf("after a swap: %+v, seat 0 holds %d (had %d)", v, own(g, 0), before)
		}
	})
	t.Run("out of turn is refused and changes nothing", func(t *testing.T) {
		g := deal(t, 2, 2)
		b, _ := json.Marshal(g.View(engine.Observer))
		if err := g.Apply(engine.Move{Seat: 1, Kind: highcard.KindKeep}); !errors.Is(err, engine.ErrNotYourTurn) {
			t.Fatalf("err = %v", err)
		}
		if a, _ := json.Marshal(g.View(engine.Observer)); string(a) != string(b) {
			t.Fatal("a refused move changed the game")
		}
	})
	t.Run("the highest card wins and ties are impossible with distinct cards", func(t *testing.T) {
		g := deal(t, 4, 3)
		for s := 0; s < 4; s++ {
			if err := g.Apply(engine.Move{Seat: engine.Seat(s), Kind: highcard.KindKeep}); err != nil {
				t.Fatal(err)
			}
		}
		st := g.Status()
		v := g.View(engine.Observer).(*highcard.View)
		best := 0
		for _, h := range v.Hands {
			best = max(best, h)
		}
		if !st.Over || len(st.Result.Winners) != 1 || v.Hands[st.Result.Winners[0]] != best {
			t.Fatalf("status %+v, hands %v", st, v.Hands)
		}
	})
}

// leaks checks a view shows the seat's own card only, and nobody's before the end.
func leaks(eg engine.Game, s engine.Seat, b []byte) error {
	var v highcard.View
	if err := json.Unmarshal(b, &v); err != nil {
		return err
	}
	g := eg.(*highcard.Game)
	if g.Status().Over {
		return nil
	}
	if len(v.Hands) > 0 {
		return fmt.Errorf("hands shown before the end: %v", v.Hands)
	}
	if s == engine.Observer && v.Own != 0 {
		return fmt.Errorf("the observer sees a card")
	}
	return nil
}

func TestConformance(t *testing.T) {
	var cfgs []engine.Config
	for n := highcard.MinSeats; n <= highcard.MaxSeats; n++ {
		cfgs = append(cfgs, engine.Config{Seats: n})
	}
	enginetest.Run(t, highcard.Rules{}, cfgs, enginetest.Games(20), enginetest.Leaks(leaks))
}

// Determinize keeps what the seat knows and deals the rest.
func TestDeterminizeKeepsTheView(t *testing.T) {
	g := deal(t, 3, 4)
	_ = g.Apply(engine.Move{Seat: 0, Kind: highcard.KindSwap})
	v := g.View(1).(*highcard.View)
	d := highcard.Determinize(v, rng.FromInt(1))
	got, _ := json.Marshal(d.View(1))
	want, _ := json.Marshal(v)
	if string(got) != string(want) {
		t.Fatalf("determinized view %s, want %s", got, want)
	}
}
