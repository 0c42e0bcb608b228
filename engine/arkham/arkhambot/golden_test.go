package arkhambot

import (
	"crypto/sha256"
	"encoding/hex"
	"fmt"
	"os"
	"testing"

	"miskatonic/engine/bot"
)

// goldenMoves pins the exact moves seeded bot games make: a refactor of the bots or of the engine
// code they share (scoring, the cards a seat cannot account for, determinization) must not change
// a single decision. Regenerate with GOLDEN_PRINT=1 only for an intended change of play.
var goldenMoves = map[string]string{
	"heuristic": "0d706526f652483fc638624546686d43b234160125d5501378fefaeab32270c0",
	"search":    "158df77bd0f216521f3f6218a43ad91ad83dbd17b694dc2417ca59b87823d942",
}

func TestGoldenMoves(t *testing.T) {
	for _, level := range []string{bot.LevelHeuristic, bot.LevelSearch} {
		h := sha256.New()
		games := 6
		if level == bot.LevelSearch {
			games = 1
		}
		for i, cfg := range arkhamConfigs {
			for seed := uint64(1); seed <= uint64(games); seed++ {
				for _, m := range playArkham(t, cfg, []string{level, bot.LevelHeuristic, bot.LevelRandom}, seed*100+uint64(i), nil) {
					fmt.Fprintln(h, m)
				}
			}
		}
		got := hex.EncodeToString(h.Sum(nil))
		if os.Getenv("GOLDEN_PRINT") != "" {
			t.Logf("%q: %q,", level, got)
			continue
		}
		if got != goldenMoves[level] {
			t.Errorf("%s bots now play differently: moves hash %s, want %s", level, got, goldenMoves[level])
		}
	}
}
