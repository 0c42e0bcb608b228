package blindreplay

import (
	"encoding/json"

	"miskatonic/engine"
	"miskatonic/engine/arkham"
	"miskatonic/engine/blindtable"
)

// Steps is a host-blind game move by move, for a step-through replay, as the record shows it:
// the public state. A host-blind record holds no card but those opened for everyone (the
// private tokens went sealed to their viewers), so each position is what an onlooker saw —
// and at every round's end, when every card is opened in public, the whole deal.
type Steps struct {
	Result blindtable.Result
	// Err is where the record stopped verifying (nil: verified to its end); the steps stop
	// there, with every position before it.
	Err    error
	Config blindtable.Config
	Names  []string
	moves  []engine.Move
	views  []*arkham.View // views[i]: after move i and everything the log holds before move i+1
}

// NewSteps decodes a host-blind record strictly and walks it as VerifyRecord checks it. A
// record that does not decode is an error; one that decodes but fails its checks gives the
// steps up to the failing entry, with Err saying why.
func NewSteps(data []byte) (*Steps, error) {
	rec, err := blindtable.DecodeRecord(data)
	if err != nil {
		return nil, err
	}
	s := &Steps{Config: rec.Config, Names: rec.Names}
	i := 0
	s.Result, s.Err = blindtable.WalkRecord(rec, func(st *blindtable.State) {
		if e := rec.Log[i]; e.In.Kind == blindtable.KindMove && st.Ply() > len(s.moves) {
			var m blindtable.Move
			if json.Unmarshal(e.In.Body, &m) == nil { // State decoded it already
				s.moves = append(s.moves, m.Move)
			}
		}
		i++
		v := st.Blind().PublicView()
		if n := len(s.moves); n < len(s.views) {
			s.views[n] = v
		} else {
			s.views = append(s.views, v)
		}
	})
	if len(s.views) == 0 { // no entry folded: the first position alone, if there is one
		st, err := blindtable.NewState(rec.Config)
		if err != nil {
			return nil, err
		}
		s.views = []*arkham.View{st.Blind().PublicView()}
	}
	// Moves that folded before a failure are steps; a view is owed to each of them.
	s.moves = s.moves[:min(len(s.moves), len(s.views)-1)]
	return s, nil
}

// Len is the number of moves that replayed.
func (s *Steps) Len() int { return len(s.moves) }

// Move is the i-th move (1-based: the one that leads to View(i)).
func (s *Steps) Move(i int) (engine.Move, bool) {
	if i < 1 || i > len(s.moves) {
		return engine.Move{}, false
	}
	return s.moves[i-1], true
}

// View is the public view after i moves (clamped); whose eyes are asked for does not change
// it: the record holds what everyone saw, nothing a seat saw alone.
func (s *Steps) View(i int, _ engine.Seat) (engine.View, error) {
	return s.views[min(max(i, 0), s.Len())], nil
}
