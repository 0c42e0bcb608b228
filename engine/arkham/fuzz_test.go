package arkham

import (
	"testing"

	"miskatonic/engine"
	"miskatonic/engine/enginetest"
)

// fuzzGame reaches a random state: a random config and up to steps random legal moves.
func fuzzGame(seed uint64, steps int) *Game {
	return enginetest.ReachConfig(seed, steps, allConfigs(), New)
}

// checkApply offers m to g (enginetest.CheckApply), checking first that allows agrees with
// Legal for the seat to move, and the invariants after a refusal.
func checkApply(t *testing.T, g *Game, m engine.Move) {
	listed := engine.IsLegal(g.Legal(m.Seat), m)
	if mover, ok := g.Mover(); ok && mover == m.Seat && m.Seat != engine.Dealer && g.allows(m) != listed {
		t.Fatalf("allows(%v) = %v but Legal says %v", m, !listed, listed)
	}
	enginetest.CheckApplyValue(t, g, m, enginetest.Refused, func() error { return checkInvariants(g) })
}

func FuzzDecodeMove(f *testing.F) {
	enginetest.FuzzDecodedMove(f, 400, fuzzGame, checkApply,
		enginetest.MoveSeed{JSON: `{"seat":0,"kind":"give","to":1}`, Seed: 1, Steps: 1},
		enginetest.MoveSeed{JSON: `{"seat":2,"kind":"pass","to":3}`, Seed: 2, Steps: 5},
		enginetest.MoveSeed{JSON: `{"seat":1,"kind":"orb","option":"remove"}`, Seed: 3, Steps: 40},
		enginetest.MoveSeed{JSON: `{"seat":-2,"kind":"deal","seed":"00"}`, Seed: 4, Steps: 0},
		enginetest.MoveSeed{JSON: `{"seat":0,"kind":"take","extra":1}`, Seed: 5, Steps: 9},
	)
}

var fuzzKinds = []string{MoveGive, MoveTake, MovePass, MoveDrop, MoveOrb, engine.KindDeal, "", "bogus"}

func FuzzApply(f *testing.F) {
	enginetest.FuzzFields(f, 400, fuzzKinds, fuzzGame, checkApply,
		enginetest.FieldsSeed{Seed: 1, Steps: 3, To: 1},
		enginetest.FieldsSeed{Seed: 7, Steps: 30, Seat: 2, Kind: 2, To: 4},
		enginetest.FieldsSeed{Seed: 9, Steps: 12, Seat: 1, Kind: 4, Option: "return"},
		enginetest.FieldsSeed{Seed: 3, Seat: -2, Kind: 5, DealSeed: "0102030405060708091011121314151617181920212223242526272829303132"},
		enginetest.FieldsSeed{Seed: 5, Steps: 200, Seat: 6, Kind: 3, Card: 17, Option: "x", N: -1, DealSeed: "zz"},
	)
}
