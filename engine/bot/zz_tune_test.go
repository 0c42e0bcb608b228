package bot

import (
	"fmt"
	"os"
	"strconv"
	"strings"
	"testing"

	"miskatonic/engine"
	"miskatonic/engine/arkham"
	"miskatonic/engine/rng"
)

// experiment harness (temporary)
type expMaker func(seed uint64, g **arkham.Game) Func

var expBots = map[string]expMaker{
	"random":    func(seed uint64, _ **arkham.Game) Func { return Random(seed) },
	"heuristic": func(seed uint64, _ **arkham.Game) Func { b, _ := New("arkham", LevelHeuristic, seed); return b },
	"search":    func(seed uint64, _ **arkham.Game) Func { b, _ := New("arkham", LevelSearch, seed); return b },
	"cheat": func(seed uint64, gp **arkham.Game) Func {
		h := newArkhamHeuristic()
		return func(v engine.View, legal []engine.Move) (engine.Move, error) {
			av := v.(*arkham.View)
			if len(legal) == 1 {
				return legal[0], nil
			}
			h.sit.fromView(av)
			g := *gp
			me := av.Seat
			h.sit.mine = g.ViewOf((me + 1) % engine.Seat(av.Players)).Positions[me].Card
			h.sit.t.held[me] = h.sit.mine
			// remove from pool
			for i, c := range h.sit.pool {
				if c == h.sit.mine {
					h.sit.pool = append(h.sit.pool[:i], h.sit.pool[i+1:]...)
					break
				}
			}
			return legal[h.choose(&h.sit, legal)], nil
		}
	},
}

func mixBot(seed uint64, giveH, respH bool) Func {
	h, _ := New("arkham", LevelHeuristic, seed)
	r := Random(seed)
	return func(v engine.View, legal []engine.Move) (engine.Move, error) {
		av := v.(*arkham.View)
		useH := (av.Phase == arkham.PhaseGive && giveH) || (av.Phase != arkham.PhaseGive && respH)
		if useH {
			return h(v, legal)
		}
		return r(v, legal)
	}
}

func init() {
	expBots["hgive"] = func(seed uint64, _ **arkham.Game) Func { return mixBot(seed, true, false) }
	expBots["hresp"] = func(seed uint64, _ **arkham.Game) Func { return mixBot(seed, false, true) }
}

func init() {
	for _, n := range []int{4, 8, 12, 16, 24, 32} {
		n := n
		expBots["s"+strconv.Itoa(n)] = func(seed uint64, _ **arkham.Game) Func { return NewArkhamSearch(seed, n) }
	}
	for _, ra := range []float64{0.01, 0.3, 0.6, 0.8} {
		ra := ra
		expBots["sr"+strconv.FormatFloat(ra, 'f', -1, 64)] = func(seed uint64, _ **arkham.Game) Func {
			return newArkhamSearch(seed, 8, searchTuning{randomAbove: ra})
		}
	}
	expBots["sst"] = func(seed uint64, _ **arkham.Game) Func {
		return newArkhamSearch(seed, 8, searchTuning{randomAbove: 0.6, stratify: true})
	}
	for _, tb := range []float64{-0.5, 0.5, 1, 2} {
		tb := tb
		expBots["stb"+strconv.FormatFloat(tb, 'f', -1, 64)] = func(seed uint64, _ **arkham.Game) Func {
			return newArkhamSearch(seed, 8, searchTuning{randomAbove: 0.6, stratify: true, takeBonus: tb})
		}
	}
	expBots["s8off"] = func(seed uint64, _ **arkham.Game) Func { return newArkhamSearch(seed, 8, searchTuning{}) }
	expBots["reader"] = func(seed uint64, _ **arkham.Game) Func {
		rd := newArkhamReader()
		return func(v engine.View, legal []engine.Move) (engine.Move, error) {
			return rd.decide(v.(*arkham.View), legal), nil
		}
	}
}

// "h:mf=0.5:ml=0" style
func paramBot(label string, seed uint64) Func {
	h := newArkhamHeuristic()
	for _, kv := range strings.Split(label, ":")[1:] {
		k, v, _ := strings.Cut(kv, "=")
		f, _ := strconv.ParseFloat(v, 64)
		switch k {
		case "mf":
			h.marginFirst = f
		case "ml":
			h.marginLater = f
		default:
			setKnob(h, k, f)
		}
	}
	return func(v engine.View, legal []engine.Move) (engine.Move, error) {
		return h.decide(v.(*arkham.View), legal), nil
	}
}

func TestExp(t *testing.T) {
	spec := os.Getenv("EXP")
	if spec == "" {
		t.Skip()
	}
	labels := strings.Split(spec, ",")
	n, _ := strconv.Atoi(os.Getenv("EXPN"))
	if n == 0 {
		n = 2000
	}
	seed, _ := strconv.Atoi(os.Getenv("EXPSEED"))
	np := len(labels)
	wins := map[string]int{}
	seats := map[string]int{}
	for gi := 0; gi < n; gi++ {
		g, _ := arkham.New(engine.Config{Seats: np, Options: map[string]string{"variant": "competitive"}})
		gr := seedRand(uint64(seed), "tournament/"+strconv.Itoa(gi))
		bots := make([]Func, np)
		at := make([]string, np)
		for e, l := range labels {
			s := (e + gi) % np
			if strings.HasPrefix(l, "h:") {
				bots[s] = paramBot(l, gr.Uint64())
			} else {
				bots[s] = expBots[l](gr.Uint64(), &g)
			}
			at[s] = l
			seats[l]++
		}
		out, err := Play(g, bots, rng.New(gr.Seed()), nil)
		if err != nil {
			t.Fatal(err)
		}
		for _, w := range out.Winners {
			wins[at[w]]++
		}
	}
	var sb strings.Builder
	done := map[string]bool{}
	for _, l := range labels {
		if done[l] {
			continue
		}
		done[l] = true
		lo, hi := Wilson(wins[l], seats[l], 1.96)
		fmt.Fprintf(&sb, "%-10s %5.1f%% [%4.1f,%4.1f]  ", l, 100*float64(wins[l])/float64(seats[l]), 100*lo, 100*hi)
	}
	fmt.Println(sb.String())
}

func setKnob(h *arkhamHeuristic, k string, f float64) {
	switch k {
	case "pt":
		h.passTake = f
	default:
		panic(k)
	}
}
