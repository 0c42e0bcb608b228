package enginetest

import (
	"testing"

	"miskatonic/engine"
	"miskatonic/engine/rng"
)

// ReachConfig is Reach from a game newGame (a game's New) makes with a config drawn from cfgs.
func ReachConfig[G engine.Game](seed uint64, steps int, cfgs []engine.Config, newGame func(engine.Config) (G, error)) G {
	return Reach(seed, steps, func(r *rng.Rand) G {
		g, _ := newGame(Pick(r, cfgs))
		return g
	})
}

// CheckApplyValue is CheckApply over a game whose whole state is the comparable value *g; when
// CheckApply's result is when, check (the game's invariants) must pass too.
func CheckApplyValue[T comparable, P interface {
	*T
	engine.Game
}](t *testing.T, g P, m engine.Move, when Applied, check func() error) {
	t.Helper()
	before := *g
	if CheckApply(t, g, m, func() bool { return *g == before }) == when {
		if err := check(); err != nil {
			t.Fatal(err)
		}
	}
}

// MoveSeed is one seed of FuzzDecodedMove's corpus: a move as JSON, and the state it is offered
// to (the walk's seed and length).
type MoveSeed struct {
	JSON  string
	Seed  uint64
	Steps uint16
}

// FuzzDecodedMove fuzzes decoding a move (FuzzMove) and offering it, with check, to the state
// reach gives for a seed and steps%maxSteps moves.
func FuzzDecodedMove[G any](f *testing.F, maxSteps int, reach func(seed uint64, steps int) G,
	check func(t *testing.T, g G, m engine.Move), seeds ...MoveSeed) {
	for _, s := range seeds {
		f.Add([]byte(s.JSON), s.Seed, s.Steps)
	}
	f.Fuzz(func(t *testing.T, data []byte, seed uint64, steps uint16) {
		if m, ok := FuzzMove(t, data); ok {
			check(t, reach(seed, int(steps)%maxSteps), m)
		}
	})
}

// FieldsSeed is one seed of FuzzFields' corpus: the state (the walk's seed and length) and the
// move's fields, its kind an index into the kinds FuzzFields is given.
type FieldsSeed struct {
	Seed     uint64
	Steps    uint16
	Seat     int8
	Kind     uint8
	To       int8
	Card     int
	Option   string
	N        int
	DealSeed string
}

// FuzzFields fuzzes a move built field by field (its kind one of kinds; seat 99 is the seat to
// move now, so that the fuzzer reaches it often) and offered, with check, to the state reach
// gives for a seed and steps%maxSteps moves.
func FuzzFields[G interface{ Mover() (engine.Seat, bool) }](f *testing.F, maxSteps int, kinds []string,
	reach func(seed uint64, steps int) G, check func(t *testing.T, g G, m engine.Move), seeds ...FieldsSeed) {
	for _, s := range seeds {
		f.Add(s.Seed, s.Steps, s.Seat, s.Kind, s.To, s.Card, s.Option, s.N, s.DealSeed)
	}
	f.Fuzz(func(t *testing.T, seed uint64, steps uint16, seat int8, kind uint8, to int8, card int, option string, n int, dealSeed string) {
		g := reach(seed, int(steps)%maxSteps)
		if s, ok := g.Mover(); ok && seat == 99 {
			seat = int8(s)
		}
		m := engine.Move{Seat: engine.Seat(seat), Kind: kinds[int(kind)%len(kinds)], To: engine.Seat(to),
			Card: card, Option: option, N: n, Seed: dealSeed}
		check(t, g, m)
	})
}
