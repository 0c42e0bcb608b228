package ritualsbot

import (
	"encoding/json"
	"errors"
	"fmt"
	"reflect"
	"testing"

	"miskatonic/engine"
	"miskatonic/engine/bot"
	"miskatonic/engine/enginetest"
	"miskatonic/engine/rituals"
)

// playRituals plays one game with the given levels (seat i gets levels[i%len]) and returns the
// moves the bots made.
func playRituals(t testing.TB, seats int, levels []string, seed uint64, observe func(g *rituals.Game, d bot.Decision)) []engine.Move {
	t.Helper()
	g, err := rituals.New(engine.Config{Seats: seats})
	if err != nil {
		t.Fatal(err)
	}
	return enginetest.PlayLevels(t, "rituals", fmt.Sprintf("%d players", seats), g, seats, levels, seed, observe)
}

// TestRitualsBotsFinishGames: every level finishes games at every table size, with legal moves
// only (bot.Play refuses anything else), and plays the same moves again from the same seeds.
func TestRitualsBotsFinishGames(t *testing.T) {
	levels := []string{bot.LevelSearch, bot.LevelHeuristic, bot.LevelRandom, "hard", "easy"}
	for seats := rituals.MinPlayers; seats <= rituals.MaxPlayers; seats++ {
		t.Run(fmt.Sprintf("%dp", seats), func(t *testing.T) {
			a := playRituals(t, seats, levels, uint64(7+seats), nil)
			b := playRituals(t, seats, levels, uint64(7+seats), nil)
			if !reflect.DeepEqual(a, b) {
				t.Fatalf("same seeds, different games")
			}
		})
	}
}

// TestRitualsBotInputIsSeatView: what a bot is handed is exactly View(seat) of the real game,
// and it decides the same from that view read back off the wire (so it uses nothing else).
func TestRitualsBotInputIsSeatView(t *testing.T) {
	checked := 0
	playRituals(t, 4, []string{bot.LevelSearch}, 3, func(g *rituals.Game, d bot.Decision) {
		if checked > 40 || len(d.Legal) < 2 {
			return
		}
		checked++
		got, _ := json.Marshal(d.View)
		// g has already applied d.Move: compare with the view as it was by rebuilding it.
		raw, err := rituals.Rules{}.DecodeView(got)
		if err != nil {
			t.Fatal(err)
		}
		back, _ := json.Marshal(raw)
		if string(back) != string(got) {
			t.Fatalf("view does not survive the wire:\n%s\n%s", got, back)
		}
		b, err := NewSearch(99, DefaultSamples)(raw, d.Legal)
		if err != nil {
			t.Fatal(err)
		}
		if v := d.View.(*rituals.View); v.Seat != d.Seat || (len(v.Hand) > 0 && d.Seat == engine.Observer) {
			t.Fatalf("seat %d handed the view of %d", d.Seat, v.Seat)
		}
		if !contains(d.Legal, b) {
			t.Fatalf("move %v not legal", b)
		}
	})
	if checked == 0 {
		t.Fatal("no decision checked")
	}
}

// TestRitualsBotDeterministicFromView: the same seed and view give the same move, whether the
// view comes from the engine or from its JSON.
func TestRitualsBotDeterministicFromView(t *testing.T) {
	n := 0
	playRituals(t, 3, []string{bot.LevelHeuristic}, 11, func(g *rituals.Game, d bot.Decision) {
		if n > 30 || len(d.Legal) < 2 {
			return
		}
		n++
		data, _ := json.Marshal(d.View)
		wire, _ := rituals.Rules{}.DecodeView(data)
		a, _ := NewSearch(5, 8)(d.View, d.Legal)
		b, _ := NewSearch(5, 8)(wire, d.Legal)
		if a != b {
			t.Fatalf("engine view → %v, wire view → %v", a, b)
		}
	})
}

func contains(legal []engine.Move, m engine.Move) bool {
	for _, l := range legal {
		if l == m {
			return true
		}
	}
	return false
}

// TestRitualsBotRefusesMalformedView: a bad view off the wire is an error, not a crash.
func TestRitualsBotRefusesMalformedView(t *testing.T) {
	good := func() *rituals.View {
		g, _ := rituals.New(engine.Config{Seats: 3})
		_ = g.ApplyDeal([32]byte{1})
		return g.ViewOf(0)
	}
	legal := []engine.Move{{Seat: 0, Kind: rituals.MovePass}, {Seat: 0, Kind: rituals.MovePass, Card: 1}}
	cases := []struct {
		name string
		edit func(v *rituals.View)
	}{
		{"players", func(v *rituals.View) { v.Players = 9 }},
		{"seat", func(v *rituals.View) { v.Seat = 7 }},
		{"seats", func(v *rituals.View) { v.Seats = v.Seats[:1] }},
		{"places", func(v *rituals.View) { v.Places = nil }},
		{"owner", func(v *rituals.View) { v.Places[2].Owner = 5 }},
		{"hand", func(v *rituals.View) { v.Hand = make([]rituals.CardID, 20) }},
		{"cultist", func(v *rituals.View) { v.Places[0].Cultists = []rituals.CardID{rituals.RiseUp1} }},
		{"psychotic", func(v *rituals.View) { v.Psycho = &rituals.Psychotic{Owner: 9} }},
	}
	for _, level := range []string{bot.LevelHeuristic, bot.LevelSearch} {
		b, _ := bot.New("rituals", level, 1)
		for _, c := range cases {
			v := good()
			c.edit(v)
			if _, err := b(v, legal); !errors.Is(err, engine.ErrMalformed) {
				t.Errorf("%s %s: err = %v, want malformed", level, c.name, err)
			}
		}
		if _, err := b(good(), nil); err == nil {
			t.Errorf("%s: no legal moves accepted", level)
		}
	}
}

// TestRitualsStrengthOrder: a quick 4-player tournament, seats rotated: search wins clearly
// more often than the heuristic, and the heuristic more than random.
func TestRitualsStrengthOrder(t *testing.T) {
	games := 24
	if testing.Short() {
		games = 12
	}
	run := func(levels ...string) bot.Report {
		rep, err := bot.Tournament{Rules: rituals.Rules{}, Levels: levels, Games: games, Seed: 5, Workers: 1}.Run()
		if err != nil {
			t.Fatal(err)
		}
		return rep
	}
	rep := run(bot.LevelSearch, bot.LevelHeuristic, bot.LevelHeuristic, bot.LevelHeuristic)
	if s, h := rep.Standings[0], rep.Standings[1]; s.Rate < 1.5*h.Rate {
		t.Errorf("search %.2f vs heuristic %.2f: want ≥ 1.5×", s.Rate, h.Rate)
	}
	rep = run(bot.LevelHeuristic, bot.LevelRandom, bot.LevelRandom, bot.LevelRandom)
	if h, r := rep.Standings[0], rep.Standings[1]; h.Rate <= r.Rate {
		t.Errorf("heuristic %.2f vs random %.2f", h.Rate, r.Rate)
	}
}

// TestRitualsHeuristicPlaysEvents: over a few games the heuristic plays each of the events it
// judges (Rise Up, Opponent-Targeted, That Doesn't Work), always as a legal move.
func TestRitualsHeuristicPlaysEvents(t *testing.T) {
	played := map[rituals.EventKey]int{}
	for seed := uint64(1); seed <= 6 && len(played) < 3; seed++ {
		playRituals(t, 4, []string{bot.LevelHeuristic}, seed, func(g *rituals.Game, d bot.Decision) {
			if d.Move.Kind == rituals.MovePlay {
				played[rituals.CardID(d.Move.Card).Card().Event]++
			}
		})
	}
	for _, e := range []rituals.EventKey{rituals.KeyRiseUp, rituals.KeyTargeted, rituals.KeyNoWay} {
		if played[e] == 0 {
			t.Errorf("never played %s (played %v)", e, played)
		}
	}
}
