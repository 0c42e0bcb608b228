package arkham_test

import (
	"fmt"
	"strings"
	"testing"
	"time"

	"miskatonic/engine"
	"miskatonic/engine/arkham"
	"miskatonic/engine/rng"
)

// BenchmarkBlindRound plays whole host-blind rounds (random legal moves, every seat a key
// holder) and reports the CPU the whole table spends on crypto, all pages summed, per event:
//
//	deal-ms      keys + proofs, every page verifying every key, the shuffle chain, the dealt
//	             hands opened to everyone but their holders, the first draw;
//	draw-ms      one draw opened to the drawer (P−1 sealed tokens, verified on receipt);
//	take-ms      a take: the taken card to everyone but the taker, the old one face up;
//	roundend-ms  every hand opened publicly, then every page audits the whole deal record.
//
// Round end in two flows: reveal=sum, each holder sends σ with its reveal tokens, every page
// audits, then opens each hand with AddKnown (every token's proof checked, then their sum must
// open the card the audit showed); reveal=audit, the hands are read from the audited deal and
// no reveal token is made at all.
//
// A page does about 1/P of each (the chain and the audit's checks are the exceptions: each
// page runs its own shuffle step, and every page recomputes the whole chain).
// Natively: go test -run XXX -bench BlindRound ./engine/arkham/
// Node: GOOS=js GOARCH=wasm go test -exec="$(go env GOROOT)/lib/wasm/go_js_wasm_exec" -run XXX -bench BlindRound ./engine/arkham/
func BenchmarkBlindRound(b *testing.B) {
	for _, flow := range []string{"sum", "audit"} {
		for _, players := range []int{3, 7} {
			b.Run(fmt.Sprintf("players=%d/reveal=%s", players, flow), func(b *testing.B) { benchBlindRound(b, players, flow == "audit") })
		}
	}
}

func benchBlindRound(b *testing.B, players int, revealByAudit bool) {
	{
		{
			var total [4]time.Duration
			var count [4]int
			cat := func(key string) int {
				switch {
				case strings.HasSuffix(key, "/deal"):
					return 0
				case strings.HasSuffix(key, "/draw"):
					return 1
				case strings.HasSuffix(key, "/take"), strings.HasSuffix(key, "/discard"):
					return 2
				case strings.HasSuffix(key, "/reveal"), strings.HasPrefix(key, "audit"):
					return 3
				}
				return -1
			}
			seed := uint64(1)
			for b.Loop() {
				seed++
				r := rng.FromInt(seed)
				cfg := arkham.BlindConfig{Config: engine.Config{Seats: players}}
				for s := range engine.Seat(players) {
					cfg.Holders = append(cfg.Holders, s)
				}
				bt := newBlindTable(b, seed, cfg, false)
				bt.revealByAudit = revealByAudit
				firstDraw := true
				bt.timed = func(key string, d time.Duration) {
					c := cat(key)
					if c == 1 && firstDraw { // the deal's own draw counts with the deal
						c, firstDraw = 0, false
					}
					if c >= 0 {
						total[c] += d
						if c != 0 && c != 3 && !strings.HasSuffix(key, "/discard") {
							count[c]++
						}
					}
				}
				var key [32]byte
				_, _ = bt.rand.Read(key[:])
				start := arkham.CPUTime()
				bt.setUp(1) // keys, proofs, key set, chain
				total[0] += arkham.CPUTime() - start
				count[0]++
				bt.dealPrepared(key)
				for !bt.b.Status().Over && bt.b.Status().Deal == nil {
					s := bt.b.Status().Active[0]
					legal := bt.b.Legal(s)
					bt.applyMove(legal[r.Intn(len(legal))])
				}
				count[3]++
			}
			names := []string{"deal-ms", "draw-ms", "take-ms", "roundend-ms"}
			for i, n := range names {
				if count[i] > 0 {
					b.ReportMetric(float64(total[i])/float64(count[i])/1e6, n)
				}
			}
		}
	}
}
