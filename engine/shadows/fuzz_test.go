package shadows

import (
	"testing"

	"miskatonic/engine"
	"miskatonic/engine/enginetest"
	"miskatonic/engine/rng"
)

// fuzzGame reaches a random state: a random config and up to steps random legal moves.
func fuzzGame(seed uint64, steps int) *Game {
	return enginetest.ReachConfig(seed, steps, allConfigs(), New)
}

// checkApply offers m to g (enginetest.CheckApply), and checks the invariants after a refusal.
func checkApply(t *testing.T, g *Game, m engine.Move) {
	enginetest.CheckApplyValue(t, g, m, enginetest.Refused, func() error { return checkInvariants(g) })
}

func FuzzDecodeMove(f *testing.F) {
	enginetest.FuzzDecodedMove(f, 300, fuzzGame, checkApply,
		enginetest.MoveSeed{JSON: `{"seat":0,"kind":"character","option":"hale"}`, Seed: 1, Steps: 0},
		enginetest.MoveSeed{JSON: `{"seat":0,"kind":"ring","to":1}`, Seed: 2, Steps: 3},
		enginetest.MoveSeed{JSON: `{"seat":1,"kind":"share","to":0,"option":"knowledge","n":1}`, Seed: 3, Steps: 40},
		enginetest.MoveSeed{JSON: `{"seat":0,"kind":"move","option":"bank"}`, Seed: 4, Steps: 20},
		enginetest.MoveSeed{JSON: `{"seat":-2,"kind":"deal","seed":"00"}`, Seed: 5, Steps: 9},
		enginetest.MoveSeed{JSON: `{"seat":0,"kind":"end","extra":1}`, Seed: 6, Steps: 9},
	)
}

var fuzzKinds = []string{MoveCharacter, MoveRing, MoveEnd, MoveMove, MoveDrive, MoveHeal, MoveClear, MoveShare,
	MoveRetainer, MovePassRing, MoveView, MoveAbility, MoveUse, MoveResearch, MoveHire, MoveBuySell, MoveReport,
	MoveWithdraw, MoveAcquire, MoveBanish, MoveLeave, engine.KindDeal, "", "bogus"}

func FuzzApply(f *testing.F) {
	enginetest.FuzzFields(f, 300, fuzzKinds, fuzzGame, checkApply,
		enginetest.FieldsSeed{Seed: 1, Steps: 3, To: 1, Option: "hale"},
		enginetest.FieldsSeed{Seed: 7, Steps: 30, Seat: 1, Kind: 7, Option: "knowledge", N: 2},
		enginetest.FieldsSeed{Seed: 9, Steps: 60, Kind: 3, Option: "bank"},
		enginetest.FieldsSeed{Seed: 3, Steps: 8, Seat: -2, Kind: 21, DealSeed: "0102030405060708091011121314151617181920212223242526272829303132"},
		enginetest.FieldsSeed{Seed: 5, Steps: 200, Seat: 4, Kind: 18, Card: 3, Option: "x", N: -1, DealSeed: "zz"},
	)
}

// FuzzFromView: a bot's rebuild never panics on a hostile view, whatever the JSON says.
func FuzzFromView(f *testing.F) {
	g := fuzzGame(3, 60)
	b, _ := jsonOf(g.ViewOf(engine.Observer))
	f.Add(b)
	f.Add([]byte(`{"phase":"action","threat":{},"elder":{"key":"cthulhu"}}`))
	f.Add([]byte(`{}`))
	f.Fuzz(func(t *testing.T, data []byte) {
		v, err := Rules{}.DecodeView(data)
		if err != nil {
			return
		}
		h, err := FromView(v.(*View), rng.FromInt(1))
		if err != nil {
			return
		}
		for s := engine.Seat(0); s < engine.Seat(h.seats); s++ {
			h.Legal(s)
		}
		h.ViewOf(engine.Observer)
	})
}
