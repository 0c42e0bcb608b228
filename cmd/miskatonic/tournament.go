//go:build !wasm

package main

import (
	"flag"
	"fmt"
	"io"
	"os"
	"runtime"
	"sort"
	"strings"
	"time"

	"miskatonic/engine/bot"
	"miskatonic/engine/games"
)

// The -bots mode of sim: a tournament between bot levels with the seats rotated. It hooks into
// sim by wrapping whatever sim command is registered (sim.go's init runs before this file's, as
// Go initialises a package's files in name order), so sim.go needs no edit: with -bots the
// tournament runs, otherwise sim's own command does.
func init() {
	prev, hadSim := commands["sim"]
	summary := "simulate games; -bots LEVEL,... runs a bot tournament"
	if hadSim {
		summary = prev.summary + " (-bots L1,L2,...: bot tournament)"
	}
	commands["sim"] = command{summary: summary, run: func(args []string) error {
		if hasBotsFlag(args) || !hadSim {
			return runTournament(args, os.Stdout)
		}
		return prev.run(args)
	}}
}

func hasBotsFlag(args []string) bool {
	for _, a := range args {
		if a == "--" {
			return false
		}
		name := strings.TrimLeft(a, "-")
		if strings.HasPrefix(a, "-") && (name == "bots" || strings.HasPrefix(name, "bots=")) {
			return true
		}
	}
	return false
}

func runTournament(args []string, out io.Writer) error {
	fs := flag.NewFlagSet("sim", flag.ContinueOnError)
	bots := fs.String("bots", "", "comma-separated bot levels, one per seat: random, heuristic (easy), search (hard)")
	n := fs.Int("n", 1000, "number of games")
	game := fs.String("game", games.All()[0].Name(), "game to play: "+gameNames())
	opts := fs.String("options", "variant=competitive", "game options as key=value,key=value")
	seed := fs.Uint64("seed", 1, "tournament seed (same seed, same games)")
	workers := fs.Int("workers", runtime.NumCPU(), "games played at once")
	if err := fs.Parse(args); err != nil {
		return err
	}
	if *bots == "" {
		return fmt.Errorf("-bots is required, e.g. -bots search,heuristic,heuristic,random,random")
	}
	rules, ok := games.Lookup(*game)
	if !ok {
		return fmt.Errorf("unknown game %q", *game)
	}
	set := false
	fs.Visit(func(f *flag.Flag) { set = set || f.Name == "options" })
	if !set && rules.Name() != "arkham" {
		*opts = "" // the default names an Arkham variant; other games take their own
	}
	options := map[string]string{}
	if *opts != "" {
		for _, kv := range strings.Split(*opts, ",") {
			k, v, ok := strings.Cut(strings.TrimSpace(kv), "=")
			if !ok {
				return fmt.Errorf("-options: %q is not key=value", kv)
			}
			options[k] = v
		}
	}
	levels := strings.Split(*bots, ",")
	for i := range levels {
		levels[i] = strings.TrimSpace(levels[i])
	}
	t := bot.Tournament{Rules: rules, Options: options, Levels: levels, Games: *n, Seed: *seed, Workers: *workers}
	rep, err := t.Run()
	if err != nil {
		return err
	}
	keys := make([]string, 0, len(options))
	for k := range options {
		keys = append(keys, k+"="+options[k])
	}
	sort.Strings(keys)
	fmt.Fprintf(out, "%s: %d games, %d seats (%s), seats rotated, options %s, seed %d\n",
		rules.Name(), rep.Games, len(levels), strings.Join(levels, ","), strings.Join(keys, ","), *seed)
	fmt.Fprintf(out, "a win is a seat among the game's winners; a shared win counts for each tied seat\n\n")
	fmt.Fprintf(out, "%-10s %7s %7s %9s  %-17s %10s %14s\n", "bot", "seats", "wins", "win rate", "95% CI (Wilson)", "decisions", "mean decision")
	for _, s := range rep.Standings {
		fmt.Fprintf(out, "%-10s %7d %7d %8.1f%%  [%5.1f%%, %5.1f%%]  %10d %14s\n", s.Level, s.Seats, s.Wins,
			100*s.Rate, 100*s.Lo, 100*s.Hi, s.Decisions, s.MeanDecision().Round(time.Microsecond))
	}
	fmt.Fprintf(out, "\n%d moves in %s (%.1f games/s)\n", rep.Moves, rep.Elapsed.Round(time.Millisecond),
		float64(rep.Games)/rep.Elapsed.Seconds())
	return nil
}
