package enginetest

import (
	"errors"
	"testing"

	"miskatonic/engine"
	"miskatonic/engine/rng"
)

// The random walk and the refusal check every game's fuzz tests run, written once.

// walker is what Walk needs beside engine.Game: the seat to move and a deal's key applied as is.
type walker interface {
	Mover() (engine.Seat, bool)
	ApplyDeal(key [32]byte) error
}

// Walk plays up to steps random legal moves on g (a game with Mover and ApplyDeal), every deal
// from rnd: a fuzz test's way to a random state. A game that is an engine.FastMover lists its
// moves with AppendLegal; the walk is the same as over Legal.
func Walk(g engine.Game, rnd *rng.Rand, steps int) { WalkWith(g, rnd, steps, Hooks{}) }

// Hooks are what a test sees of a walk: Before each player's move, the seat and its legal moves
// (false stops the walk; the slice is reused); After it, the move made and Apply's error.
type Hooks struct {
	Before func(s engine.Seat, legal []engine.Move) bool
	After  func(s engine.Seat, m engine.Move, err error)
}

// WalkWith is Walk with hooks; steps <= 0 walks to the game's end.
func WalkWith(g engine.Game, rnd *rng.Rand, steps int, h Hooks) {
	w := g.(walker)
	fast, _ := g.(engine.FastMover)
	var buf []engine.Move
	for i := 0; steps <= 0 || i < steps; i++ {
		s, ok := w.Mover()
		if !ok {
			break
		}
		if s == engine.Dealer {
			w.ApplyDeal(rnd.Seed())
			continue
		}
		if fast != nil {
			buf = fast.AppendLegal(buf[:0], s)
		} else {
			buf = g.Legal(s)
		}
		if h.Before != nil && !h.Before(s, buf) {
			break
		}
		m := buf[rnd.Intn(len(buf))]
		err := g.Apply(m)
		if h.After != nil {
			h.After(s, m, err)
		}
	}
}

// Applied is what CheckApply saw.
type Applied int

const (
	AppliedLegal Applied = iota // m was listed and accepted
	AppliedDeal                 // m was a well-formed deal while one was due
	Refused                     // m was refused with a typed error and changed nothing
)

// CheckApply offers m to g: a move Legal lists must be accepted; anything else (but a
// well-formed deal while one is due) must be refused with a typed *engine.Error and change
// nothing, which unchanged (comparing g with a copy taken before) reports.
func CheckApply(t testing.TB, g engine.Game, m engine.Move, unchanged func() bool) Applied {
	t.Helper()
	listed := engine.IsLegal(g.Legal(m.Seat), m)
	err := g.Apply(m)
	if listed {
		if err != nil {
			t.Fatalf("legal %v refused: %v", m, err)
		}
		return AppliedLegal
	}
	if err == nil && m.Kind == engine.KindDeal {
		return AppliedDeal
	}
	var e *engine.Error
	if !errors.As(err, &e) || e.Kind == "" {
		t.Fatalf("%v: want a typed refusal, got %v", m, err)
	}
	if !unchanged() {
		t.Fatalf("refused %v changed the game", m)
	}
	return Refused
}

// FailOn is an After hook that fails the test when a legal move is refused.
func FailOn(t testing.TB) func(engine.Seat, engine.Move, error) {
	return func(s engine.Seat, m engine.Move, err error) {
		if err != nil {
			t.Fatalf("seat %d: legal %v refused: %v", s, m, err)
		}
	}
}

// Reach is a fuzz test's random state: the game newGame makes (from the seed's generator), then
// Walk's steps moves.
func Reach[G engine.Game](seed uint64, steps int, newGame func(*rng.Rand) G) G {
	rnd := rng.FromInt(seed)
	g := newGame(rnd)
	Walk(g, rnd, steps)
	return g
}

// FuzzMove decodes fuzz input as a move; a decode error must be KindMalformed, and then ok is
// false.
func FuzzMove(t testing.TB, data []byte) (m engine.Move, ok bool) {
	t.Helper()
	m, err := engine.DecodeMove(data)
	if err != nil {
		if engine.KindOf(err) != engine.KindMalformed {
			t.Fatalf("decode error of kind %q: %v", engine.KindOf(err), err)
		}
		return m, false
	}
	return m, true
}

// Pick is one of xs, drawn with r (a random config of a game's allConfigs, say).
func Pick[T any](r *rng.Rand, xs []T) T { return xs[r.Intn(len(xs))] }

// Step makes g's next move, as a random-playout test does: the deal when one is due (its key
// from rnd), else the move pick chooses from the legal moves of the seat to move (listed into
// buf, reused). A refused deal or move, or a seat to move with none, fails t, what() naming the
// game. It reports false, having moved nothing, once the game is over.
func Step(t testing.TB, g engine.Game, rnd *rng.Rand, buf *[]engine.Move, what func() string,
	pick func(s engine.Seat, legal []engine.Move) engine.Move) bool {
	t.Helper()
	w := g.(walker)
	s, ok := w.Mover()
	if !ok {
		return false
	}
	if s == engine.Dealer {
		if err := w.ApplyDeal(rnd.Seed()); err != nil {
			t.Fatal(err)
		}
		return true
	}
	if fast, ok := g.(engine.FastMover); ok {
		*buf = fast.AppendLegal((*buf)[:0], s)
	} else {
		*buf = g.Legal(s)
	}
	if len(*buf) == 0 {
		t.Fatalf("%s: seat %d to move has no legal move", what(), s)
	}
	if err := g.Apply(pick(s, *buf)); err != nil {
		t.Fatalf("%s: %v", what(), err)
	}
	return true
}
