package rituals

import (
	"testing"

	"miskatonic/engine"
	"miskatonic/engine/enginetest"
	"miskatonic/engine/rng"
)

// TestMustPassIsLonePass plays random games at every table size and checks, before every move,
// that MustPass holds exactly when it should: then the mover's one legal move is a pass.
func TestMustPassIsLonePass(t *testing.T) {
	rnd := rng.FromInt(13)
	for n := MinPlayers; n <= MaxPlayers; n++ {
		for i := 0; i < 50; i++ {
			g, _ := New(engine.Config{Seats: n})
			passes := 0
			enginetest.WalkWith(g, rnd, 0, enginetest.Hooks{Before: func(s engine.Seat, legal []engine.Move) bool {
				if g.MustPass() {
					passes++
					if len(legal) != 1 || legal[0] != (engine.Move{Seat: s, Kind: MovePass}) {
						t.Fatalf("%dp game %d: MustPass but seat %d may %v", n, i, s, legal)
					}
				} else if g.phase == phWindow && g.evHeld[s] == 0 {
					t.Fatalf("%dp game %d: seat %d holds no event in a window but MustPass is false", n, i, s)
				}
				return true
			}, After: enginetest.FailOn(t)})
			if passes == 0 {
				t.Fatalf("%dp game %d: no forced pass in a whole game", n, i)
			}
		}
	}
}
