//go:build !wasm

package main

import (
	"encoding/json"
	"flag"
	"fmt"
	"io"
	"os"
	"sort"
	"strings"
	"syscall"
	"time"

	"miskatonic/engine"
	"miskatonic/engine/bot"
	"miskatonic/engine/games"
	"miskatonic/engine/rng"
)

func init() {
	commands["sim"] = command{summary: "play random games: games/s, rounds, turns, how rounds end", run: runSim}
}

// chooser picks a move for seat from its legal moves. Random play is the default; bots plug in
// here (one chooser per seat).
type chooser func(g engine.Game, seat engine.Seat, legal []engine.Move, rnd *rng.Rand) engine.Move

func randomChooser(_ engine.Game, _ engine.Seat, legal []engine.Move, rnd *rng.Rand) engine.Move {
	return legal[rnd.Intn(len(legal))]
}

// simSpec is one simulation run.
type simSpec struct {
	rules   engine.Rules
	n       int
	players int // 0: cycle through every allowed table size
	seed    uint64
	options map[string]string
	seats   []chooser // per seat; nil or short: random
	// bot, if set, makes the bots for one game (one per seat), seeded per game; it overrides seats.
	bot    func(game int, seats int) ([]bot.Func, error)
	record io.Writer // if set, the first game's record is written here
}

// simStats is what a run measured.
type simStats struct {
	Game       string         `json:"game"`
	Games      int            `json:"games"`
	Seconds    float64        `json:"seconds"`
	CPUSeconds float64        `json:"cpuSeconds"`
	GamesPerS  float64        `json:"gamesPerSecond"`
	PerCPUS    float64        `json:"gamesPerCpuSecond"`
	AvgRounds  float64        `json:"avgRounds"`
	AvgTurns   float64        `json:"avgTurns"`
	RoundEnds  map[string]int `json:"roundEnds,omitempty"`
	Wins       []int          `json:"winsBySeat"`
	Moves      int            `json:"moves"`
	// Co-operative games: how many games the table won, and every game's end reason.
	Coop     bool           `json:"coop,omitempty"`
	CoopWins int            `json:"coopWins,omitempty"`
	Reasons  map[string]int `json:"reasons,omitempty"`
}

func simulate(sp simSpec) (simStats, error) {
	st := simStats{Game: sp.rules.Name(), RoundEnds: map[string]int{}, Reasons: map[string]int{}}
	lo, hi := sp.rules.Seats()
	if sp.players != 0 && (sp.players < lo || sp.players > hi) {
		return st, fmt.Errorf("-players %d: %s takes %d to %d (0 mixes them)", sp.players, sp.rules.Name(), lo, hi)
	}
	st.Wins = make([]int, hi)
	rnd := rng.FromInt(sp.seed)
	var buf []engine.Move
	cpu0 := cpuTime()
	t0 := time.Now()
	rounds, turns := 0, 0
	for i := 0; i < sp.n; i++ {
		seats := sp.players
		if seats == 0 {
			seats = lo + i%(hi-lo+1)
		}
		g, err := sp.rules.New(engine.Config{Seats: seats, Options: sp.options})
		if err != nil {
			return st, err
		}
		var rec *engine.Record
		if i == 0 && sp.record != nil {
			rec = &engine.Record{Game: sp.rules.Name(), Config: engine.Config{Seats: seats, Options: sp.options}}
		}
		fast, _ := g.(engine.FastMover)
		seatChoosers := sp.seats
		var botErr error
		if sp.bot != nil {
			bots, err := sp.bot(i, seats)
			if err != nil {
				return st, err
			}
			fast = nil // bots read views: take the contract's path
			seatChoosers = make([]chooser, seats)
			for s := range bots {
				b := bots[s]
				seatChoosers[s] = func(g engine.Game, seat engine.Seat, legal []engine.Move, _ *rng.Rand) engine.Move {
					m, err := b(g.View(seat), legal)
					if err != nil && botErr == nil {
						botErr = err
					}
					if err != nil {
						return legal[0]
					}
					return m
				}
			}
		}
		// A random seat draws an index and builds only that move where the game can count its
		// moves (engine.LegalIndexer); the draw is the same as from the listed moves.
		idx, _ := g.(engine.LegalIndexer)
		if sp.bot != nil {
			idx = nil
		}
		prog, _ := g.(engine.Progresser)
		ender, _ := g.(engine.RoundEnder)
		lastRound, lastTurn, counted := 0, 0, 0
		for step := 0; ; step++ {
			if step > 1_000_000 {
				return st, fmt.Errorf("game %d does not end", i)
			}
			var m engine.Move
			var seat engine.Seat
			var ok bool
			if fast != nil {
				seat, ok = fast.Mover()
			} else {
				s := g.Status()
				ok = !s.Over
				if ok {
					seat = s.Active[rnd.Intn(len(s.Active))]
				}
			}
			if !ok {
				break
			}
			if seat == engine.Dealer {
				key := rnd.Seed()
				if fast != nil && rec == nil {
					err = fast.ApplyDeal(key)
				} else {
					m = engine.DealMove(key)
					err = g.Apply(m)
				}
			} else {
				var choose chooser
				if int(seat) < len(seatChoosers) && seatChoosers[seat] != nil {
					choose = seatChoosers[seat]
				}
				switch {
				case choose == nil && idx != nil:
					n := idx.NumLegal(seat)
					if n == 0 {
						return st, fmt.Errorf("game %d: seat %d must move but has no legal move", i, seat)
					}
					m = idx.LegalAt(seat, rnd.Intn(n))
				default:
					if fast != nil {
						buf = fast.AppendLegal(buf[:0], seat)
					} else {
						buf = g.Legal(seat)
					}
					if choose == nil {
						choose = randomChooser
					}
					m = choose(g, seat, buf, rnd)
				}
				err = g.Apply(m)
			}
			if err == nil && botErr != nil {
				err = botErr
			}
			if err != nil {
				return st, fmt.Errorf("game %d: %v refused: %v", i, m, err)
			}
			st.Moves++
			if rec != nil {
				rec.Moves = append(rec.Moves, m)
			}
			if prog != nil {
				if r, t := prog.Progress(); r != lastRound || t != lastTurn {
					if t > 0 {
						turns++
					}
					lastRound, lastTurn = r, t
				}
			}
			if ender != nil {
				if r, c := ender.LastRoundEnd(); r > counted {
					st.RoundEnds[c]++
					counted = r
				}
			}
		}
		final := g.Status()
		rounds += final.Round
		if prog == nil {
			turns += final.Turn
		}
		if final.Result != nil {
			st.Reasons[final.Result.Reason]++
			if final.Result.Coop {
				st.Coop = true
				if len(final.Result.Winners) > 0 {
					st.CoopWins++
				}
			}
			for _, w := range final.Result.Winners {
				if int(w) < len(st.Wins) {
					st.Wins[w]++
				}
			}
		}
		if rec != nil {
			b, _ := json.MarshalIndent(rec, "", " ")
			if _, err := sp.record.Write(append(b, '\n')); err != nil {
				return st, err
			}
		}
	}
	st.Games = sp.n
	st.Seconds = time.Since(t0).Seconds()
	st.CPUSeconds = (cpuTime() - cpu0).Seconds()
	if st.Seconds > 0 {
		st.GamesPerS = float64(sp.n) / st.Seconds
	}
	if st.CPUSeconds > 0 {
		st.PerCPUS = float64(sp.n) / st.CPUSeconds
	}
	if sp.n > 0 {
		st.AvgRounds = float64(rounds) / float64(sp.n)
		st.AvgTurns = float64(turns) / float64(sp.n)
	}
	return st, nil
}

// cpuTime is the process's user+system CPU time: on a shared machine games per CPU-second is the
// honest single-core figure.
func cpuTime() time.Duration {
	var ru syscall.Rusage
	if syscall.Getrusage(syscall.RUSAGE_SELF, &ru) != nil {
		return 0
	}
	return time.Duration(ru.Utime.Nano() + ru.Stime.Nano())
}

// parseOptions reads "k=v,k=v".
func parseOptions(s string) (map[string]string, error) {
	m := map[string]string{}
	if s == "" {
		return m, nil
	}
	for _, kv := range strings.Split(s, ",") {
		k, v, ok := strings.Cut(kv, "=")
		if !ok || k == "" {
			return nil, fmt.Errorf("-options: %q is not key=value", kv)
		}
		m[strings.TrimSpace(k)] = strings.TrimSpace(v)
	}
	return m, nil
}

func runSim(args []string) error { return simMain(args, os.Stdout) }

func simMain(args []string, out io.Writer) error {
	fs := flag.NewFlagSet("sim", flag.ContinueOnError)
	game := fs.String("game", games.All()[0].Name(), "game to simulate: "+gameNames())
	n := fs.Int("n", 10000, "number of games")
	players := fs.Int("players", 0, "players per game (0 = cycle through every table size)")
	seed := fs.Uint64("seed", 1, "random seed (deals and moves)")
	opts := fs.String("options", "", "game options as key=value,key=value")
	asJSON := fs.Bool("json", false, "print the figures as JSON")
	recPath := fs.String("record", "", "write the first game's record to this file (for replay)")
	level := fs.String("bot", "", "play every seat with this bot level (random, heuristic, search); default: random moves")
	if err := fs.Parse(args); err != nil {
		return err
	}
	if fs.NArg() > 0 {
		return fmt.Errorf("unexpected argument %q", fs.Arg(0))
	}
	if *n < 1 {
		return fmt.Errorf("-n must be at least 1")
	}
	r, ok := games.Lookup(*game)
	if !ok {
		return fmt.Errorf("unknown game %q", *game)
	}
	o, err := parseOptions(*opts)
	if err != nil {
		return err
	}
	sp := simSpec{rules: r, n: *n, players: *players, seed: *seed, options: o}
	if *level != "" {
		if _, err := bot.New(r.Name(), *level, 0); err != nil {
			return err
		}
		game, lv, base := r.Name(), *level, *seed
		sp.bot = func(i, seats int) ([]bot.Func, error) {
			br := rng.New(rng.Derive(rng.FromInt(base).Seed(), fmt.Sprintf("miskatonic/v1/sim/bots/%d", i)))
			out := make([]bot.Func, seats)
			for s := range out {
				b, err := bot.New(game, lv, br.Uint64())
				if err != nil {
					return nil, err
				}
				out[s] = b
			}
			return out, nil
		}
	}
	if *recPath != "" {
		f, err := os.Create(*recPath)
		if err != nil {
			return err
		}
		defer f.Close()
		sp.record = f
	}
	st, err := simulate(sp)
	if err != nil {
		return err
	}
	if *asJSON {
		b, _ := json.MarshalIndent(st, "", "  ")
		_, err := fmt.Fprintf(out, "%s\n", b)
		return err
	}
	fmt.Fprintf(out, "game %s: %d games in %.3fs (%.4g games/s; %.4g games per CPU-second)\n",
		st.Game, st.Games, st.Seconds, st.GamesPerS, st.PerCPUS)
	fmt.Fprintf(out, "average rounds %.2f, average turns %.2f, moves %d\n", st.AvgRounds, st.AvgTurns, st.Moves)
	if st.Coop {
		lo, hi := bot.Wilson(st.CoopWins, st.Games, 1.959963984540054)
		fmt.Fprintf(out, "co-op: the table won %d of %d games (%.1f%%, 95%% interval %.1f-%.1f%%)\n",
			st.CoopWins, st.Games, 100*float64(st.CoopWins)/float64(st.Games), 100*lo, 100*hi)
		reasons := make([]string, 0, len(st.Reasons))
		for k := range st.Reasons {
			reasons = append(reasons, k)
		}
		sort.Strings(reasons)
		for _, k := range reasons {
			fmt.Fprintf(out, "games ended by %-24s %7d (%.1f%%)\n", k, st.Reasons[k], 100*float64(st.Reasons[k])/float64(st.Games))
		}
	}
	causes := make([]string, 0, len(st.RoundEnds))
	total := 0
	for c, k := range st.RoundEnds {
		causes = append(causes, c)
		total += k
	}
	sort.Strings(causes)
	for _, c := range causes {
		fmt.Fprintf(out, "rounds ended by %-14s %7d (%.1f%%)\n", c, st.RoundEnds[c], 100*float64(st.RoundEnds[c])/float64(total))
	}
	return nil
}
