package replay

import (
	"encoding/json"

	"miskatonic/engine"
)

// Steps is a finished game position by position, for a step-through replay: At(0) is the game
// before any move, At(Len()) after the last. Positions are kept as clones, so stepping back is
// as cheap as stepping forward, for any game behind the engine contract.
type Steps struct {
	rules  engine.Rules
	rec    engine.Record
	states []engine.Game
}

// NewSteps replays rec (deal keys must be in it: see Fill). A move the rules refuse ends the
// steps before it, with the error.
func NewSteps(rules engine.Rules, rec engine.Record) (*Steps, error) {
	first := rec
	first.Moves = nil
	g, err := engine.Replay(rules, first)
	if err != nil {
		return nil, err
	}
	s := &Steps{rules: rules, rec: rec, states: []engine.Game{g.Clone()}}
	for i, m := range rec.Moves {
		if err := g.Apply(m); err != nil {
			return s, &engine.ReplayError{Index: i, Move: m, Err: err}
		}
		s.states = append(s.states, g.Clone())
	}
	return s, nil
}

// Len is the number of moves that replayed.
func (s *Steps) Len() int { return len(s.states) - 1 }

// At is the game after i moves, clamped to [0, Len()]. Callers must not change it.
func (s *Steps) At(i int) engine.Game { return s.states[min(max(i, 0), s.Len())] }

// Move is the i-th move (1-based: the one that leads to At(i)).
func (s *Steps) Move(i int) (engine.Move, bool) {
	if i < 1 || i > s.Len() {
		return engine.Move{}, false
	}
	return s.rec.Moves[i-1], true
}

// View is what seat saw after i moves, decoded by the game's rules as a board expects it.
func (s *Steps) View(i int, seat engine.Seat) (engine.View, error) {
	b, err := json.Marshal(s.At(i).View(seat))
	if err != nil {
		return nil, err
	}
	return s.rules.DecodeView(b)
}

// Fill puts the keys a proof gives into rec's deal moves where they are blank; it leaves rec
// as is when the proof does not check out (Verify says why).
func Fill(rules engine.Rules, rec engine.Record) engine.Record {
	if rec.Proof == nil {
		return rec
	}
	keys, err := dealKeys(rules.Name(), rec.Proof)
	if err != nil {
		return rec
	}
	out := rec
	out.Moves = append([]engine.Move(nil), rec.Moves...)
	e := 0
	for i, m := range out.Moves {
		if m.Kind != engine.KindDeal {
			continue
		}
		e++
		if m.Seed == "" && e <= len(keys) {
			out.Moves[i] = engine.DealMove(keys[e-1])
		}
	}
	return out
}
