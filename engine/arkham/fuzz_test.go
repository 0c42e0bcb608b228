package arkham

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

// checkApply offers m to g (enginetest.CheckApply), checking first that allows agrees with
// Legal for the seat to move, and the invariants after a refusal.
func checkApply(t *testing.T, g *Game, m engine.Move) {
	listed := engine.IsLegal(g.Legal(m.Seat), m)
	if mover, ok := g.Mover(); ok && mover == m.Seat && m.Seat != engine.Dealer && g.allows(m) != listed {
		t.Fatalf("allows(%v) = %v but Legal says %v", m, !listed, listed)
	}
	before := *g
	if enginetest.CheckApply(t, g, m, func() bool { return *g == before }) == enginetest.Refused {
		if err := checkInvariants(g); err != nil {
			t.Fatal(err)
		}
	}
}

func FuzzDecodeMove(f *testing.F) {
	f.Add([]byte(`{"seat":0,"kind":"give","to":1}`), uint64(1), uint16(1))
	f.Add([]byte(`{"seat":2,"kind":"pass","to":3}`), uint64(2), uint16(5))
	f.Add([]byte(`{"seat":1,"kind":"orb","option":"remove"}`), uint64(3), uint16(40))
	f.Add([]byte(`{"seat":-2,"kind":"deal","seed":"00"}`), uint64(4), uint16(0))
	f.Add([]byte(`{"seat":0,"kind":"take","extra":1}`), uint64(5), uint16(9))
	f.Fuzz(func(t *testing.T, data []byte, seed uint64, steps uint16) {
		if m, ok := enginetest.FuzzMove(t, data); ok {
			checkApply(t, fuzzGame(seed, int(steps%400)), m)
		}
	})
}

var fuzzKinds = []string{MoveGive, MoveTake, MovePass, MoveDrop, MoveOrb, engine.KindDeal, "", "bogus"}

func FuzzApply(f *testing.F) {
	f.Add(uint64(1), uint16(3), int8(0), uint8(0), int8(1), 0, "", 0, "")
	f.Add(uint64(7), uint16(30), int8(2), uint8(2), int8(4), 0, "", 0, "")
	f.Add(uint64(9), uint16(12), int8(1), uint8(4), int8(0), 0, "return", 0, "")
	f.Add(uint64(3), uint16(0), int8(-2), uint8(5), int8(0), 0, "", 0, "0102030405060708091011121314151617181920212223242526272829303132")
	f.Add(uint64(5), uint16(200), int8(6), uint8(3), int8(0), 17, "x", -1, "zz")
	f.Fuzz(func(t *testing.T, seed uint64, steps uint16, seat int8, kind uint8, to int8, card int, option string, n int, dealSeed string) {
		g := fuzzGame(seed, int(steps%400))
		if s, ok := g.Mover(); ok && seat == 99 {
			seat = int8(s) // aim at the seat to move now and then
		}
		m := engine.Move{Seat: engine.Seat(seat), Kind: fuzzKinds[int(kind)%len(fuzzKinds)], To: engine.Seat(to),
			Card: card, Option: option, N: n, Seed: dealSeed}
		checkApply(t, g, m)
	})
}
