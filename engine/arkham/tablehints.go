package arkham

import "miskatonic/engine"

// ViewSlack bounds how many bytes a seat's view (with its legal moves) may carry beyond the
// public view of the same moment: the table pads every view frame to the public one's size
// plus this, so frame sizes say nothing of hidden cards (engine/table, issue 10 finding 11).
// Random games at every seat count reach about 0.7 KiB.
func (Rules) ViewSlack() int { return 1 << 10 }

// MaxMoves bounds the moves a game can have, deals included, far above any seen: a guest
// refuses a record longer than this from the host (engine/table, issue 10 finding 10). Random
// games at every seat count and option end within 186 moves.
func (Rules) MaxMoves(engine.Config) int { return 10000 }
