package shadows

import (
	"encoding/json"
	"fmt"

	"miskatonic/engine"
	"miskatonic/engine/rng"
)

// allConfigs is every table size with every option.
func allConfigs() []engine.Config {
	var out []engine.Config
	for _, e := range OptionList()[0].Choices {
		for _, l := range LengthChoices {
			for n := MinSeats; n <= MaxSeats; n++ {
				out = append(out, engine.Config{Seats: n, Options: map[string]string{"elder": e, "length": l}})
			}
		}
	}
	return out
}

// checkInvariants is what must hold after every move.
func checkInvariants(g *Game) error {
	k := g.knobs()
	if t := g.totalCorruption(); t > k.CorruptionCap {
		return fmt.Errorf("corruption %d above the cap", t)
	}
	for _, c := range g.corruption {
		if c < 0 {
			return fmt.Errorf("negative corruption")
		}
	}
	if g.phase < phAction {
		return nil
	}
	for s := int8(0); s < g.seats; s++ {
		c := &g.chars[s]
		if c.mad < 0 || c.mad > int8(k.MadnessCap) || c.shadow < 0 || c.shadow > int8(k.ShadowCap) ||
			c.bills < 0 || c.bills > g.billLimit() || c.know < 0 || c.know > g.knowLimit(s) || c.musc < 0 || c.musc > g.muscLimit(s) {
			return fmt.Errorf("seat %d out of bounds: %+v", s, *c)
		}
		if g.nCarried(s) > k.AssetCarry {
			return fmt.Errorf("seat %d carries too many assets", s)
		}
	}
	// Nothing hidden exists: only the top card, and the bottom card once viewed, have an identity.
	for i := int8(0); i < g.deckN; i++ {
		c := g.deck[i].card
		if c < 0 {
			continue
		}
		bottomKnown := i == g.deckN-1 && g.known
		if c != 0 && i != 0 && !bottomKnown {
			// A card that was the top once stays identified as it moves down the deck.
			if !g.wasTop(i) {
				return fmt.Errorf("deck card %d has an identity nobody saw", i)
			}
		}
		if i == g.deckN-1 && g.known && c == 0 {
			return fmt.Errorf("viewed shadow without identity")
		}
	}
	if g.tokens < 0 || (g.phase != phOver && g.tokens > g.topLimit()) {
		return fmt.Errorf("tokens %d, limit %d", g.tokens, g.topLimit())
	}
	seen := map[int8]bool{}
	for _, r := range g.row {
		if r > 0 && seen[r] {
			return fmt.Errorf("asset %d twice in the row", r)
		}
		seen[r] = true
	}
	for s := int8(0); s < g.seats; s++ {
		for _, a := range g.chars[s].assets {
			if a > 0 && seen[a] {
				return fmt.Errorf("asset %d in two places", a)
			}
			seen[a] = true
		}
	}
	total := 0
	for i := range g.randoDeck {
		total += int(g.randoDeck[i] + g.randoDisc[i])
	}
	if want := 10 + len(g.elderCard().Randonomicon); total != want {
		return fmt.Errorf("randonomicon holds %d cards, want %d", total, want)
	}
	return nil
}

// wasTop: cards above the elder have all been the top card at some point (they cycled up).
func (g *Game) wasTop(i int8) bool {
	for j := int8(0); j < i; j++ {
		if g.deck[j].card < 0 {
			return false
		}
	}
	return true
}

// playRandom plays g to its end with random legal moves and random deals.
func playRandom(g *Game, rnd *rng.Rand, check func() error) error {
	for step := 0; step < 20000; step++ {
		s, ok := g.Mover()
		if !ok {
			return nil
		}
		if s == engine.Dealer {
			if err := g.ApplyDeal(rnd.Seed()); err != nil {
				return err
			}
		} else {
			legal := g.Legal(s)
			if len(legal) == 0 {
				return fmt.Errorf("seat %d to move has no legal move", s)
			}
			if err := g.Apply(legal[rnd.Intn(len(legal))]); err != nil {
				return err
			}
		}
		if check != nil {
			if err := check(); err != nil {
				return fmt.Errorf("step %d: %v", step, err)
			}
		}
	}
	return fmt.Errorf("game does not end")
}

// newGame is a set-up game: characters in data order, the Ring to seat 0, one deal.
func newGame(seats int, opts map[string]string, seed uint64) *Game {
	g, err := New(engine.Config{Seats: seats, Options: opts})
	if err != nil {
		panic(err)
	}
	for s := 0; s < seats; s++ {
		if err := g.Apply(g.Legal(engine.Seat(s))[0]); err != nil {
			panic(err)
		}
	}
	if err := g.Apply(engine.Move{Seat: 0, Kind: MoveRing, To: 0}); err != nil {
		panic(err)
	}
	if err := g.ApplyDeal(rng.FromInt(seed).Seed()); err != nil {
		panic(err)
	}
	return g
}

func jsonOf(v any) ([]byte, error) { return json.Marshal(v) }
