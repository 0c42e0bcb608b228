package bot

import (
	"fmt"
	"os"
	"strconv"
	"strings"
	"testing"

	"miskatonic/engine"
	"miskatonic/engine/arkham"
)

// Temporary tuning harness (not for commit).
func heurVariant(mf, ml float64, mode string) func(seed uint64) Func {
	return func(seed uint64) Func {
		h := newArkhamHeuristic()
		h.marginFirst, h.marginLater = mf, ml
		return func(v engine.View, legal []engine.Move) (engine.Move, error) {
			av, _ := arkhamView(v)
			return h.decide(av, legal), nil
		}
	}
}

func TestZZTune(t *testing.T) {
	spec := os.Getenv("TUNE")
	if spec == "" {
		t.Skip()
	}
	n, _ := strconv.Atoi(os.Getenv("N"))
	var ents []Entrant
	for _, s := range strings.Split(spec, ",") {
		switch {
		case s == "random":
			ents = append(ents, Entrant{Label: "random", New: Random})
		case strings.HasPrefix(s, "h:"):
			f := strings.Split(s[2:], ":")
			a, _ := strconv.ParseFloat(f[0], 64)
			b, _ := strconv.ParseFloat(f[1], 64)
			mode := ""
			if len(f) > 2 {
				mode = f[2]
			}
			ents = append(ents, Entrant{Label: s, New: heurVariant(a, b, mode)})
		case strings.HasPrefix(s, "reader"):
			noise := 0.0
			if len(s) > 7 {
				noise, _ = strconv.ParseFloat(s[7:], 64)
			}
			ents = append(ents, Entrant{Label: s, New: func(seed uint64) Func {
				rd := newArkhamReader()
				rd.in.noise = noise
				return func(v engine.View, legal []engine.Move) (engine.Move, error) {
					av, _ := arkhamView(v)
					return rd.decide(av, legal), nil
				}
			}})
		case strings.HasPrefix(s, "s:"):
			k, _ := strconv.Atoi(s[2:])
			ents = append(ents, Entrant{Label: s, New: func(seed uint64) Func { return NewArkhamSearch(seed, k) }})
		}
	}
	rep, err := Tournament{Rules: arkham.Rules{}, Options: map[string]string{"variant": "competitive"}, Entrants: ents, Games: n, Seed: 3, Workers: 2}.Run()
	if err != nil {
		t.Fatal(err)
	}
	for _, s := range rep.Standings {
		fmt.Printf("%-12s %5d %5.1f%% [%5.1f, %5.1f] %v\n", s.Level, s.Seats, 100*s.Rate, 100*s.Lo, 100*s.Hi, s.MeanDecision())
	}
}
