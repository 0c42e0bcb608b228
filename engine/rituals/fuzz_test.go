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
	before := *g
	if enginetest.CheckApply(t, g, m, func() bool { return *g == before }) == enginetest.AppliedLegal {
		if err := checkInvariants(g); err != nil {
			t.Fatal(err)
		}
	}
}

func FuzzDecodeMove(f *testing.F) {
	f.Add([]byte(`{"seat":0,"kind":"grab","option":"cthulhu"}`), uint64(1), uint16(1))
	f.Add([]byte(`{"seat":1,"kind":"send","card":37}`), uint64(2), uint16(8))
	f.Add([]byte(`{"seat":2,"kind":"play","card":110,"option":"dagon","n":12}`), uint64(3), uint16(60))
	f.Add([]byte(`{"seat":-2,"kind":"deal","seed":"00"}`), uint64(4), uint16(0))
	f.Add([]byte(`{"seat":0,"kind":"pass","extra":1}`), uint64(5), uint16(9))
	f.Add([]byte(`{"seat":1,"kind":"psychotic","to":2}`), uint64(6), uint16(200))
	f.Fuzz(func(t *testing.T, data []byte, seed uint64, steps uint16) {
		if m, ok := enginetest.FuzzMove(t, data); ok {
			checkApply(t, fuzzGame(seed, int(steps%600)), m)
		}
	})
}

var fuzzKinds = []string{MoveGrab, MoveSend, MovePass, MovePlay, MovePlace, MovePsychotic, engine.KindDeal, "", "bogus"}

func FuzzApply(f *testing.F) {
	f.Add(uint64(1), uint16(3), int8(99), uint8(0), int8(0), 0, "cthulhu", 0, "")
	f.Add(uint64(7), uint16(30), int8(99), uint8(1), int8(0), 37, "", 0, "")
	f.Add(uint64(9), uint16(120), int8(99), uint8(3), int8(1), 108, "", 0, "")
	f.Add(uint64(3), uint16(0), int8(-2), uint8(6), int8(0), 0, "", 0, "0102030405060708091011121314151617181920212223242526272829303132")
	f.Add(uint64(5), uint16(300), int8(4), uint8(4), int8(0), 17, "yig", -1, "zz")
	f.Add(uint64(11), uint16(90), int8(99), uint8(3), int8(0), 112, "dagon", 45, "")
	f.Fuzz(func(t *testing.T, seed uint64, steps uint16, seat int8, kind uint8, to int8, card int, option string, n int, dealSeed string) {
		g := fuzzGame(seed, int(steps%600))
		if s, ok := g.Mover(); ok && seat == 99 {
			seat = int8(s) // aim at a seat that may move now and then
		}
		m := engine.Move{Seat: engine.Seat(seat), Kind: fuzzKinds[int(kind)%len(fuzzKinds)], To: engine.Seat(to),
			Card: card, Option: option, N: n, Seed: dealSeed}
		checkApply(t, g, m)
	})
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
