package bot

import (
	"time"

	"miskatonic/engine"
	"miskatonic/engine/rng"
)

// MaxMoves bounds one simulated game, so a game that never ends is an error, not a hang.
const MaxMoves = 100_000

// Decision is one bot decision, reported to an observer of Play.
type Decision struct {
	Seat  engine.Seat
	View  engine.View   // exactly what the bot was given
	Legal []engine.Move // likewise
	Move  engine.Move   // what it chose
	Took  time.Duration // how long it thought
}

// Play runs g to its end with one bot per seat (bots[s] plays seat s), instantly, supplying the
// randomness the game asks for from deals (a simulation's stand-in for the fair-dealing protocol).
// Each bot gets only g.View(seat) and g.Legal(seat). observe, if not nil, sees every decision.
func Play(g engine.Game, bots []Func, deals *rng.Rand, observe func(Decision)) (engine.Outcome, error) {
	for n := 0; n < MaxMoves; n++ {
		st := g.Status()
		if st.Over {
			if st.Result == nil {
				return engine.Outcome{}, engine.Errorf(engine.KindMalformed, "bot: play", "game over without a result")
			}
			return *st.Result, nil
		}
		if st.Deal != nil {
			if err := g.Apply(engine.DealMove(deals.Seed())); err != nil {
				return engine.Outcome{}, err
			}
			continue
		}
		if len(st.Active) == 0 {
			return engine.Outcome{}, engine.Errorf(engine.KindMalformed, "bot: play", "nobody may move")
		}
		// In a simultaneous phase every active seat moves; one at a time is enough, because the
		// loop comes back for the others.
		s := st.Active[0]
		if !s.Valid(len(bots)) || bots[s] == nil {
			return engine.Outcome{}, engine.Errorf(engine.KindBadSeat, "bot: play", "no bot for seat %d", s)
		}
		view, legal := g.View(s), g.Legal(s)
		if len(legal) == 0 {
			return engine.Outcome{}, engine.Errorf(engine.KindMalformed, "bot: play", "seat %d is active with no legal move", s)
		}
		start := time.Now()
		m, err := bots[s](view, legal)
		took := time.Since(start)
		if err != nil {
			return engine.Outcome{}, err
		}
		if !engine.IsLegal(legal, m) {
			return engine.Outcome{}, engine.Errorf(engine.KindIllegal, "bot: play", "seat %d bot chose %s, not a legal move", s, m)
		}
		if observe != nil {
			observe(Decision{Seat: s, View: view, Legal: legal, Move: m, Took: took})
		}
		if err := g.Apply(m); err != nil {
			return engine.Outcome{}, err
		}
	}
	return engine.Outcome{}, engine.Errorf(engine.KindMalformed, "bot: play", "no end after %d moves", MaxMoves)
}
