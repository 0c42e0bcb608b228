package rituals

import (
	"testing"

	"miskatonic/engine"
	"miskatonic/engine/enginetest"
	"miskatonic/engine/rng"
)

// fuzzGame reaches a random state: a random table size and up to steps random legal moves.
func fuzzGame(seed uint64, steps int) *Game {
	return enginetest.Reach(seed, steps, func(r *rng.Rand) *Game {
		g, _ := New(engine.Config{Seats: MinPlayers + r.Intn(MaxPlayers-MinPlayers+1)})
		return g
	})
}

// checkApply offers m to g (enginetest.CheckApply), checking first that allows agrees with
// Legal for a seat that may move, and the invariants after an accepted move.
func checkApply(t *testing.T, g *Game, m engine.Move) {
	listed := engine.IsLegal(g.Legal(m.Seat), m)
	if m.Seat.Valid(int(g.players)) && g.mayMove(int8(m.Seat)) && g.allows(m) != listed {
		t.Fatalf("allows(%v) = %v but Legal says %v", m, !listed, listed)
	}
	enginetest.CheckApplyValue(t, g, m, enginetest.AppliedLegal, func() error { return checkInvariants(g) })
}

func FuzzDecodeMove(f *testing.F) {
	enginetest.FuzzDecodedMove(f, 600, fuzzGame, checkApply,
		enginetest.MoveSeed{JSON: `{"seat":0,"kind":"grab","option":"cthulhu"}`, Seed: 1, Steps: 1},
		enginetest.MoveSeed{JSON: `{"seat":1,"kind":"send","card":37}`, Seed: 2, Steps: 8},
		enginetest.MoveSeed{JSON: `{"seat":2,"kind":"play","card":110,"option":"dagon","n":12}`, Seed: 3, Steps: 60},
		enginetest.MoveSeed{JSON: `{"seat":-2,"kind":"deal","seed":"00"}`, Seed: 4, Steps: 0},
		enginetest.MoveSeed{JSON: `{"seat":0,"kind":"pass","extra":1}`, Seed: 5, Steps: 9},
		enginetest.MoveSeed{JSON: `{"seat":1,"kind":"psychotic","to":2}`, Seed: 6, Steps: 200},
	)
}

var fuzzKinds = []string{MoveGrab, MoveSend, MovePass, MovePlay, MovePlace, MovePsychotic, engine.KindDeal, "", "bogus"}

func FuzzApply(f *testing.F) {
	enginetest.FuzzFields(f, 600, fuzzKinds, fuzzGame, checkApply,
		enginetest.FieldsSeed{Seed: 1, Steps: 3, Seat: 99, Option: "cthulhu"},
		enginetest.FieldsSeed{Seed: 7, Steps: 30, Seat: 99, Kind: 1, Card: 37},
		enginetest.FieldsSeed{Seed: 9, Steps: 120, Seat: 99, Kind: 3, To: 1, Card: 108},
		enginetest.FieldsSeed{Seed: 3, Seat: -2, Kind: 6, DealSeed: "0102030405060708091011121314151617181920212223242526272829303132"},
		enginetest.FieldsSeed{Seed: 5, Steps: 300, Seat: 4, Kind: 4, Card: 17, Option: "yig", N: -1, DealSeed: "zz"},
		enginetest.FieldsSeed{Seed: 11, Steps: 90, Seat: 99, Kind: 3, Card: 112, Option: "dagon", N: 45},
	)
}

// TestAllowsMatchesLegal: over random play, every move Legal lists is allowed, and near misses
// of it (each field changed) are allowed only when Legal lists them too.
func TestAllowsMatchesLegal(t *testing.T) {
	for seed := uint64(0); seed < 150; seed++ {
		rnd := rng.FromInt(seed)
		g, _ := New(engine.Config{Seats: 2 + int(seed%4)})
		var buf []engine.Move
		for step := 0; step < 3000; step++ {
			s, ok := g.Mover()
			if !ok {
				break
			}
			if s == engine.Dealer {
				g.ApplyDeal(rnd.Seed())
				continue
			}
			buf = g.AppendLegal(buf[:0], s)
			for _, m := range buf {
				if !g.allows(m) {
					t.Fatalf("listed %v not allowed", m)
				}
				for _, w := range []engine.Move{{Seat: m.Seat, Kind: m.Kind, To: m.To + 1, Card: m.Card, Option: m.Option, N: m.N},
					{Seat: m.Seat, Kind: m.Kind, To: m.To, Card: m.Card + 1, Option: m.Option, N: m.N},
					{Seat: m.Seat, Kind: m.Kind, To: m.To, Card: m.Card, Option: "yig", N: m.N},
					{Seat: m.Seat, Kind: m.Kind, To: m.To, Card: m.Card, Option: m.Option, N: m.N + 1}} {
					if g.allows(w) != engine.IsLegal(buf, w) {
						t.Fatalf("allows(%v) = %v, Legal disagrees", w, g.allows(w))
					}
				}
			}
			g.Apply(buf[rnd.Intn(len(buf))])
		}
	}
}
