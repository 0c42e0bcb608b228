package arkham

import (
	"crypto/sha256"
	"encoding/hex"
	"fmt"
	"os"
	"testing"

	"miskatonic/engine"
	"miskatonic/engine/bot"
	"miskatonic/engine/rng"
)

// goldenDeterminize pins what Determinize and DeterminizeWith build for fixed seeds: the whole
// rebuilt game (every hidden card, log and seen record), not only what the seat may see. A
// refactor must leave it unchanged; regenerate with GOLDEN_PRINT=1 only for an intended change
// (or a change of the Game struct's fields, which %#v prints).
const goldenDeterminize = "3c972a0fac7c8490eff69e81ee75446e60a90f594d2e8b740c83dff2d78fb7cd" // Options gained First, Helper

func TestDeterminizeGolden(t *testing.T) {
	cfgs := allConfigs()
	r := rng.FromInt(2026)
	h := sha256.New()
	built := 0
	for i := 0; i < 24; i++ {
		cfg := cfgs[(i*53)%len(cfgs)]
		g, err := New(cfg)
		if err != nil {
			t.Fatal(err)
		}
		bots := make([]bot.Func, cfg.Seats)
		for s := range bots {
			bots[s] = bot.Random(uint64(i*10 + s))
		}
		step := 0
		// Before every move, rebuild the game from every player's view.
		_, err = bot.Play(g, bots, r, func(bot.Decision) {
			step++
			for s := 0; s < g.Players(); s++ {
				v := g.ViewOf(engine.Seat(s))
				seed := uint64(i*100000 + step*10 + s)
				d, err := Determinize(v, rng.FromInt(seed))
				fmt.Fprintf(h, "%d %v %#v\n", seed, err, d)
				// DeterminizeWith with the true own card and with a guess, right or wrong.
				d, err = DeterminizeWith(v, rng.FromInt(seed), g.held[s].open())
				fmt.Fprintf(h, "%v %#v\n", err, d)
				d, err = DeterminizeWith(v, rng.FromInt(seed), CardID(1+int(seed)%int(maxCard)))
				fmt.Fprintf(h, "%v %#v\n", err, d)
				built++
			}
		})
		if err != nil {
			t.Fatal(err)
		}
	}
	got := hex.EncodeToString(h.Sum(nil))
	if os.Getenv("GOLDEN_PRINT") != "" {
		t.Logf("goldenDeterminize = %q (%d views)", got, built)
		return
	}
	if got != goldenDeterminize {
		t.Fatalf("determinizations changed: hash %s, want %s", got, goldenDeterminize)
	}
}
