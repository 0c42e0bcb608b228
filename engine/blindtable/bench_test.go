package blindtable

import (
	"fmt"
	"slices"
	"strings"
	"testing"
	"time"

	"miskatonic/engine"
	"miskatonic/engine/arkham"
	"miskatonic/engine/bot"
	"miskatonic/internal/cputime"
)

// stepCost gathers CPU time per step kind (the pages run one at a time in this goroutine; under
// Node, process.cpuUsage: the figures hold on a loaded machine, where wall time does not).
type stepCost struct {
	make, host, apply map[string][]time.Duration
	// dealPage is each page's CPU time over the deals (its keys, chain steps and the deal's
	// openings: making its own, applying everyone's), deals how many deals that covers.
	dealPage map[engine.Seat]time.Duration
	deals    int
}

// dealStep says an entry of kind belongs to a deal: what a player waits on before play.
func dealStep(kind string) bool {
	return kind == KindKeys || strings.HasPrefix(kind, KindShuffle) || strings.HasPrefix(kind, "tokens/deal")
}

func (c *stepCost) add(m map[string][]time.Duration, k string, d time.Duration) {
	m[k] = append(m[k], d)
}

// kindOf names an entry's step: tokens by the opening's purpose and viewers, and the input that
// completes a deal's chain or audit apart.
func kindOf(st *State, in Input) string {
	switch in.Kind {
	case KindTokens:
		if n, ok := st.Head(); ok {
			if n.Public {
				return "tokens/" + n.Purpose + " (public)"
			}
			return "tokens/" + n.Purpose
		}
	case KindShuffle:
		if st.d != nil && len(st.d.steps) == len(st.holders())-1 {
			return "shuffle (last: deals)"
		}
	case KindSigma:
		if st.d != nil {
			in := 0
			for range st.d.sigmas {
				in++
			}
			if in == len(st.holders())-1 {
				return "sigma (last: audit)"
			}
		}
	}
	return in.Kind
}

// playSync plays one game with every page in this goroutine: each page's Outbox, the host's
// Submit, every page's Apply, each timed.
func playSync(tb testing.TB, seed uint64, seats int, humans []engine.Seat, cost *stepCost) {
	f := newFixture(tb, seed, seats, humans, nil)
	f.level = bot.LevelRandom
	pages := map[engine.Seat]*Page{}
	for _, h := range humans {
		p, err := NewPage(f.pageConfig(h, 0))
		if err != nil {
			tb.Fatal(err)
		}
		pages[h] = p
	}
	for range 100000 {
		progressed := false
		for _, h := range humans {
			p := pages[h]
			t0 := cputime.Used()
			ins, err := p.Outbox()
			d := cputime.Used() - t0
			if err != nil {
				tb.Fatal(err)
			}
			for _, in := range ins {
				var kind string
				f.host.State(func(st *State) { kind = kindOf(st, in) })
				cost.add(cost.make, kind, d/time.Duration(len(ins)))
				if dealStep(kind) {
					cost.dealPage[h] += d / time.Duration(len(ins))
				}
				if kind == "shuffle (last: deals)" {
					cost.deals++
				}
				t0 = cputime.Used()
				e, err := f.host.Submit(in)
				cost.add(cost.host, kind, cputime.Used()-t0)
				if err != nil {
					tb.Fatalf("%s: %v", kind, err)
				}
				var worst time.Duration
				for _, q := range humans {
					t0 = cputime.Used()
					if err := pages[q].Apply(e); err != nil {
						tb.Fatalf("page %d: %v", q, err)
					}
					worst = max(worst, cputime.Used()-t0)
					if dealStep(kind) {
						cost.dealPage[q] += cputime.Used() - t0
					}
				}
				cost.add(cost.apply, kind, worst)
				progressed = true
			}
		}
		if pages[humans[0]].st.b.Status().Over {
			return
		}
		if !progressed {
			tb.Fatal("no page owes anything and the game is not over")
		}
	}
}

// BenchmarkSteps prints the native cost of each protocol step at 3 and 7 seats (all people):
// the page making its input, the host sequencing it (its own checks), and the slowest page
// applying it (checks, opening what was sealed to it, the audit).
func BenchmarkSteps(b *testing.B) {
	for _, seats := range []int{3, 7} {
		b.Run(fmt.Sprintf("seats=%d", seats), func(b *testing.B) {
			cost := &stepCost{make: map[string][]time.Duration{}, host: map[string][]time.Duration{}, apply: map[string][]time.Duration{},
				dealPage: map[engine.Seat]time.Duration{}}
			humans := []engine.Seat{}
			for s := range engine.Seat(seats) {
				humans = append(humans, s)
			}
			for i := range b.N {
				playSync(b, uint64(70+i), seats, humans, cost)
			}
			mean := func(ds []time.Duration) float64 {
				var t time.Duration
				for _, d := range ds {
					t += d
				}
				return float64(t.Microseconds()) / 1000 / float64(max(len(ds), 1))
			}
			kinds := slices.Sorted(func(yield func(string) bool) {
				for k := range cost.make {
					if !yield(k) {
						return
					}
				}
			})
			fmt.Printf("%d seats, ms per step (mean): make | host | slowest page applies\n", seats)
			for _, k := range kinds {
				fmt.Printf("  %-28s n=%-4d %7.2f | %6.2f | %6.2f\n", k, len(cost.make[k]), mean(cost.make[k]), mean(cost.host[k]), mean(cost.apply[k]))
			}
			var worst time.Duration
			for _, d := range cost.dealPage {
				worst = max(worst, d)
			}
			fmt.Printf("  a whole deal, slowest page (keys, chain, the deal's openings): %.1f ms (%d deals)\n",
				float64(worst.Microseconds())/1000/float64(max(cost.deals, 1)), cost.deals)
		})
	}
}

var _ = arkham.DeckCards
