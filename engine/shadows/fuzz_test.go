package shadows

import (
	"testing"

	"miskatonic/engine"
	"miskatonic/engine/enginetest"
	"miskatonic/engine/rng"
)

// fuzzGame reaches a random state: a random config and up to steps random legal moves.
func fuzzGame(seed uint64, steps int) *Game {
	return enginetest.Reach(seed, steps, func(r *rng.Rand) *Game {
		g, _ := New(enginetest.Pick(r, allConfigs()))
		return g
	})
}

// checkApply offers m to g (enginetest.CheckApply), and checks the invariants after a refusal.
func checkApply(t *testing.T, g *Game, m engine.Move) {
	before := *g
	if enginetest.CheckApply(t, g, m, func() bool { return *g == before }) == enginetest.Refused {
		if err := checkInvariants(g); err != nil {
			t.Fatal(err)
		}
	}
}

func FuzzDecodeMove(f *testing.F) {
	f.Add([]byte(`{"seat":0,"kind":"character","option":"hale"}`), uint64(1), uint16(0))
	f.Add([]byte(`{"seat":0,"kind":"ring","to":1}`), uint64(2), uint16(3))
	f.Add([]byte(`{"seat":1,"kind":"share","to":0,"option":"knowledge","n":1}`), uint64(3), uint16(40))
	f.Add([]byte(`{"seat":0,"kind":"move","option":"bank"}`), uint64(4), uint16(20))
	f.Add([]byte(`{"seat":-2,"kind":"deal","seed":"00"}`), uint64(5), uint16(9))
	f.Add([]byte(`{"seat":0,"kind":"end","extra":1}`), uint64(6), uint16(9))
	f.Fuzz(func(t *testing.T, data []byte, seed uint64, steps uint16) {
		if m, ok := enginetest.FuzzMove(t, data); ok {
			checkApply(t, fuzzGame(seed, int(steps%300)), m)
		}
	})
}

var fuzzKinds = []string{MoveCharacter, MoveRing, MoveEnd, MoveMove, MoveDrive, MoveHeal, MoveClear, MoveShare,
	MoveRetainer, MovePassRing, MoveView, MoveAbility, MoveUse, MoveResearch, MoveHire, MoveBuySell, MoveReport,
	MoveWithdraw, MoveAcquire, MoveBanish, MoveLeave, engine.KindDeal, "", "bogus"}

func FuzzApply(f *testing.F) {
	f.Add(uint64(1), uint16(3), int8(0), uint8(0), int8(1), 0, "hale", 0, "")
	f.Add(uint64(7), uint16(30), int8(1), uint8(7), int8(0), 0, "knowledge", 2, "")
	f.Add(uint64(9), uint16(60), int8(0), uint8(3), int8(0), 0, "bank", 0, "")
	f.Add(uint64(3), uint16(8), int8(-2), uint8(21), int8(0), 0, "", 0, "0102030405060708091011121314151617181920212223242526272829303132")
	f.Add(uint64(5), uint16(200), int8(4), uint8(18), int8(0), 3, "x", -1, "zz")
	f.Fuzz(func(t *testing.T, seed uint64, steps uint16, seat int8, kind uint8, to int8, card int, option string, n int, dealSeed string) {
		g := fuzzGame(seed, int(steps%300))
		if s, ok := g.Mover(); ok && seat == 99 {
			seat = int8(s)
		}
		m := engine.Move{Seat: engine.Seat(seat), Kind: fuzzKinds[int(kind)%len(fuzzKinds)], To: engine.Seat(to),
			Card: card, Option: option, N: n, Seed: dealSeed}
		checkApply(t, g, m)
	})
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
