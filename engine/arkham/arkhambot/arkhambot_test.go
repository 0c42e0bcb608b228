package arkhambot

import (
	"bytes"
	"encoding/json"
	"fmt"
	"testing"

	"miskatonic/engine"
	"miskatonic/engine/arkham"
	"miskatonic/engine/bot"
	"miskatonic/engine/enginetest"
	"miskatonic/engine/rng"
)

// arkhamConfigs is a spread of table sizes and options the bots must handle.
var arkhamConfigs = []engine.Config{
	{Seats: 3, Options: map[string]string{"variant": "competitive"}},
	{Seats: 4, Options: map[string]string{"event": "trapezohedron", "character1": "student", "doom": "on"}},
	{Seats: 5, Options: map[string]string{"variant": "competitive", "oldone": "mystery", "character2": "professor"}},
	{Seats: 6, Options: map[string]string{"oldone": "hastur", "variant": "competitive"}},
	{Seats: 7, Options: map[string]string{"oldone": "nyarlathotep", "event": "orb"}},
	{Seats: 5, Options: map[string]string{"oldone": "yogsothoth", "doom": "on", "variant": "competitive"}},
}

// playArkham plays one game with the given levels (seat i gets levels[i%len]) and returns the
// moves the bots made.
func playArkham(t *testing.T, cfg engine.Config, levels []string, seed uint64, observe func(g *arkham.Game, d bot.Decision)) []engine.Move {
	t.Helper()
	g, err := arkham.New(cfg)
	if err != nil {
		t.Fatal(err)
	}
	return enginetest.PlayLevels(t, "arkham", cfgName(cfg), g, cfg.Seats, levels, seed, observe)
}

func cfgName(cfg engine.Config) string { return fmt.Sprintf("%dp %v", cfg.Seats, cfg.Options) }

// TestArkhamBotsFinishGames: every level finishes games at every table size and option mix,
// always with legal moves (bot.Play refuses anything else), and plays the same moves again from the
// same seeds.
func TestArkhamBotsFinishGames(t *testing.T) {
	levels := []string{bot.LevelSearch, bot.LevelHeuristic, bot.LevelRandom, "hard", "easy", "random", "heuristic"}
	games := 2
	if testing.Short() {
		games = 1
	}
	for _, cfg := range arkhamConfigs {
		t.Run(cfgName(cfg), func(t *testing.T) {
			for i := 0; i < games; i++ {
				seed := uint64(100 + i)
				a := playArkham(t, cfg, levels, seed, nil)
				if i == 0 {
					b := playArkham(t, cfg, levels, seed, nil)
					if fmt.Sprint(a) != fmt.Sprint(b) {
						t.Fatalf("same seeds, different games:\n%v\n%v", a, b)
					}
				}
			}
		})
	}
}

// liveJSON is a view's JSON without the fully revealed previous round and the options (whose
// values share names with cards).
func liveJSON(t *testing.T, v engine.View) []byte {
	t.Helper()
	av, err := arkhamView(v)
	if err != nil {
		t.Fatal(err)
	}
	c := *av
	c.LastRound, c.Options = nil, arkham.Options{}
	b, err := json.Marshal(&c)
	if err != nil {
		t.Fatal(err)
	}
	return b
}

// TestBotsSeeOnlyTheirOwnView proves a bot is handed exactly its seat's view — equal, byte for
// byte, to what the engine shows that seat — and that this view names neither the card the seat
// holds nor the card in transit unless the seat saw it itself; and that a bot leaves the view it
// was given untouched. The API gives a bot nothing else: bot.Func takes a view and legal moves only.
func TestBotsSeeOnlyTheirOwnView(t *testing.T) {
	checked := 0
	for _, cfg := range arkhamConfigs {
		levels := []string{bot.LevelSearch, bot.LevelHeuristic, bot.LevelRandom}
		playArkham(t, cfg, levels, 7, func(g *arkham.Game, d bot.Decision) {
			// What the bot got is exactly what the engine shows the seat now.
			given, err := json.Marshal(d.View)
			if err != nil {
				t.Fatal(err)
			}
			want, _ := json.Marshal(g.View(d.Seat))
			if !bytes.Equal(given, want) {
				t.Fatalf("seat %d was given\n%s\nbut its view is\n%s", d.Seat, given, want)
			}
			// Its own card and the card in transit, read from seats that can see them.
			other := (d.Seat + 1) % engine.Seat(cfg.Seats)
			own := g.ViewOf(other).Positions[d.Seat].Card
			live := liveJSON(t, d.View)
			sv, _ := arkhamView(d.View)
			knows := map[arkham.CardID]bool{}
			for _, s := range sv.Seen {
				knows[s.Card] = true
			}
			secrets := []arkham.CardID{own}
			if p := g.ViewOf(d.Seat).Passing; p != nil && len(p.Chain) > 0 {
				secrets = append(secrets, g.ViewOf(p.Chain[0]).Passing.Card)
			}
			for _, c := range secrets {
				if c == 0 || knows[c] {
					continue
				}
				q, _ := json.Marshal(c)
				if bytes.Contains(live, q) {
					t.Fatalf("seat %d's view names %s, which it may not know: %s", d.Seat, q, live)
				}
			}
			checked++
		})
	}
	if checked < 100 {
		t.Fatalf("only %d decisions checked", checked)
	}
}

// TestBotsDoNotChangeTheirView: a bot's decision leaves the view it was handed as it was.
func TestBotsDoNotChangeTheirView(t *testing.T) {
	g, _ := arkham.New(engine.Config{Seats: 5, Options: map[string]string{"variant": "competitive"}})
	r := rng.FromInt(5)
	bots := map[string]bot.Func{}
	for _, l := range []string{bot.LevelSearch, bot.LevelHeuristic, bot.LevelRandom} {
		bots[l], _ = bot.New("arkham", l, 9)
	}
	for n := 0; n < 400 && !g.Status().Over; n++ {
		st := g.Status()
		if st.Deal != nil {
			_ = g.Apply(engine.DealMove(r.Seed()))
			continue
		}
		s := st.Active[0]
		v, legal := g.View(s), g.Legal(s)
		before, _ := json.Marshal(v)
		var m engine.Move
		for _, l := range []string{bot.LevelSearch, bot.LevelHeuristic, bot.LevelRandom} {
			var err error
			if m, err = bots[l](v, legal); err != nil {
				t.Fatal(err)
			}
			if after, _ := json.Marshal(v); !bytes.Equal(before, after) {
				t.Fatalf("%s bot changed its view", l)
			}
		}
		if err := g.Apply(m); err != nil {
			t.Fatal(err)
		}
	}
}

func TestArkhamBotsRefuseBadInput(t *testing.T) {
	g, _ := arkham.New(engine.Config{Seats: 5})
	_ = g.Apply(engine.DealMove(rng.FromInt(1).Seed()))
	s := g.Status().Active[0]
	cases := []struct {
		name  string
		view  engine.View
		legal []engine.Move
	}{
		{"wrong view type", "not a view", g.Legal(s)},
		{"nil view", (*arkham.View)(nil), g.Legal(s)},
		{"no legal moves", g.View(s), nil},
	}
	for _, level := range []string{bot.LevelHeuristic, bot.LevelSearch} {
		b, _ := bot.New("arkham", level, 1)
		for _, c := range cases {
			t.Run(level+"/"+c.name, func(t *testing.T) {
				if _, err := b(c.view, c.legal); err == nil {
					t.Fatal("no error")
				}
			})
		}
	}
}

// TestScoringModelMatchesEngine checks the bots' model of round scoring against the engine on
// every round of seeded random games: given the sanity before and the cards held at the end, it
// must predict each player's change exactly (the Mystery Card as resolved).
func TestScoringModelMatchesEngine(t *testing.T) {
	rounds := 0
	for ci, cfg := range arkhamConfigs {
		for i := 0; i < 40; i++ {
			g, _ := arkham.New(cfg)
			r := rng.FromInt(uint64(ci*1000 + i))
			var sanity [arkham.MaxPositions]int
			for n := 0; n < 5000 && !g.Status().Over; n++ {
				st := g.Status()
				if st.Deal != nil {
					v := g.ViewOf(engine.Observer)
					if lr := v.LastRound; lr != nil && lr.Cause != arkham.EndTrapezohedron {
						checkRound(t, cfg, v, lr, sanity)
						rounds++
					}
					_ = g.Apply(engine.DealMove(r.Seed()))
					for p, pos := range g.ViewOf(engine.Observer).Positions {
						sanity[p] = pos.Sanity
					}
					continue
				}
				legal := g.Legal(st.Active[0])
				m := legal[r.Intn(len(legal))]
				if m.Kind == arkham.MoveTake || m.Kind == arkham.MoveDrop {
					// Sanity can change mid-round (Trapezohedron): take it just before the end.
					for p, pos := range g.ViewOf(engine.Observer).Positions {
						sanity[p] = pos.Sanity
					}
				}
				if err := g.Apply(m); err != nil {
					t.Fatal(err)
				}
			}
		}
	}
	if rounds < 200 {
		t.Fatalf("only %d rounds checked", rounds)
	}
}

func checkRound(t *testing.T, cfg engine.Config, v *arkham.View, lr *arkham.RoundResult, before [arkham.MaxPositions]int) {
	t.Helper()
	var ts tableState
	ts.fromView(v)
	ts.doom = lr.Doom
	ts.sanity = before
	for p, rp := range lr.Positions {
		ts.held[p] = rp.Card
	}
	var got [arkham.MaxPositions]int
	if lr.Cause == arkham.EndOldOne {
		got = ts.oldOneDeltas(int(lr.OldOneHolder), lr.OldOne)
	} else {
		got = ts.endDeltas()
	}
	for p := 0; p < ts.players; p++ {
		if got[p] != lr.Positions[p].Delta {
			t.Fatalf("%s round %d (%s): model says %v, engine %+v", cfgName(cfg), lr.Round, lr.Cause, got[:ts.players], lr.Positions)
		}
	}
}

// TestReadingTheTable: against heuristic players, the belief drawn from their moves puts on
// average well over twice the uniform chance on the card the seat really holds.
func TestReadingTheTable(t *testing.T) {
	var pTrue, pUniform float64
	n := 0
	var in inference
	in.sub = *newArkhamHeuristic()
	cfg := engine.Config{Seats: 5, Options: map[string]string{"variant": "competitive"}}
	for i := 0; i < 12; i++ {
		playArkham(t, cfg, []string{bot.LevelHeuristic}, uint64(i), func(g *arkham.Game, d bot.Decision) {
			v := g.ViewOf(d.Seat)
			var s situation
			s.fromView(v)
			if s.mine != 0 || len(s.pool) == 0 {
				return
			}
			truth := g.ViewOf((d.Seat + 1) % 5).Positions[d.Seat].Card
			u := 1 / float64(len(s.pool))
			pUniform += u
			n++
			w := in.ownCardBelief(v, &s)
			if w == nil {
				pTrue += u
				return
			}
			tot, wt := 0.0, 0.0
			for i, c := range s.pool {
				tot += w[i]
				if c == truth {
					wt = w[i]
				}
			}
			pTrue += wt / tot
		})
	}
	if n < 100 || pTrue < 2*pUniform {
		t.Fatalf("%d decisions: mean belief in the true card %.3f, uniform %.3f", n, pTrue/float64(n), pUniform/float64(n))
	}
}

// TestArkhamStrength is a quick tournament (the big one is `miskatonic sim -bots`): with seats
// rotated, heuristic beats random and search beats heuristic.
func TestArkhamStrength(t *testing.T) {
	if testing.Short() {
		t.Skip("tournament")
	}
	opts := map[string]string{"variant": "competitive"}
	rep, err := bot.Tournament{Rules: arkham.Rules{}, Options: opts, Levels: []string{"heuristic", "heuristic", "random", "random", "random"},
		Games: 600, Seed: 1, Workers: 2}.Run()
	if err != nil {
		t.Fatal(err)
	}
	h, r := rep.Standings[0], rep.Standings[1]
	if h.Rate <= r.Rate {
		t.Fatalf("heuristic %.3f not above random %.3f", h.Rate, r.Rate)
	}
	rep, err = bot.Tournament{Rules: arkham.Rules{}, Options: opts, Levels: []string{"search", "heuristic", "heuristic", "random", "random"},
		Games: 60, Seed: 1, Workers: 2}.Run()
	if err != nil {
		t.Fatal(err)
	}
	s, h := rep.Standings[0], rep.Standings[1]
	if s.Rate <= h.Rate {
		t.Fatalf("search %.3f not above heuristic %.3f", s.Rate, h.Rate)
	}
	t.Logf("search %.3f, heuristic %.3f", s.Rate, h.Rate)
}

// TestCalibrationTellsPlayersApart: after some revealed rounds, the search bot's model of the
// table treats a random player's moves as saying (nearly) nothing, and a heuristic player's as
// telling.
func TestCalibrationTellsPlayersApart(t *testing.T) {
	cfg := engine.Config{Seats: 5, Options: map[string]string{"variant": "competitive"}}
	var fits [][arkham.MaxPlayers]seatFit
	var noise [][arkham.MaxPlayers]float64
	for i := 0; i < 6; i++ {
		g, _ := arkham.New(cfg)
		rd := newArkhamReader()
		bots := []bot.Func{func(v engine.View, legal []engine.Move) (engine.Move, error) {
			av, _ := arkhamView(v)
			return rd.decide(av, legal), nil
		}, bot.Random(uint64(i)), bot.Random(uint64(i + 50))}
		for _, s := range []int{3, 4} {
			bots = append(bots, func() bot.Func { b, _ := bot.New("arkham", bot.LevelHeuristic, uint64(s)); return b }())
		}
		if _, err := bot.Play(g, bots, rng.FromInt(uint64(i)), nil); err != nil {
			t.Fatal(err)
		}
		fits = append(fits, rd.in.fit)
		var n [arkham.MaxPlayers]float64
		for p := range n {
			n[p] = rd.in.noiseFor(p)
		}
		noise = append(noise, n)
	}
	var rnd, heu float64
	var counted int
	for i := range fits {
		if fits[i][1].total < 4 || fits[i][3].total < 4 {
			continue
		}
		counted++
		rnd += noise[i][1] + noise[i][2]
		heu += noise[i][3] + noise[i][4]
	}
	if counted == 0 {
		t.Fatalf("no game long enough to calibrate: %v", fits)
	}
	rnd, heu = rnd/float64(2*counted), heu/float64(2*counted)
	if rnd < 0.6 || heu > 0.3 {
		t.Fatalf("mean noise: random seats %.2f, heuristic seats %.2f (fits %v)", rnd, heu, fits)
	}
	t.Logf("%d games: mean noise of random seats %.2f, heuristic seats %.2f", counted, rnd, heu)
}
