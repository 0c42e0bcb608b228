package table

import (
	"fmt"

	"miskatonic/engine"
)

// MoveBounder is implemented by rules that bound how many moves (deals included) one game can
// have. A guest refuses a record from the host that goes past it (issue 10, finding 10): a host
// cannot make it follow, and hold, a game of unbounded length. Rules without it get
// defaultMaxMoves.
type MoveBounder interface {
	MaxMoves(engine.Config) int
}

const defaultMaxMoves = 1 << 16

func (g *Guest) maxMoves() int {
	if b, ok := g.rules.(MoveBounder); ok && b.MaxMoves(g.st.Config) > 0 {
		return b.MaxMoves(g.st.Config)
	}
	return defaultMaxMoves
}

// beyond reports a game seq past the game's length, failing every deal not yet verified: an
// honest host never sends one.
func (g *Guest) beyond(seq int) bool {
	if n := g.maxMoves(); seq > n {
		g.failAll(mismatch(fmt.Errorf("the host sent move %d; a game of %s has at most %d", seq, g.st.Game, n)))
		return true
	}
	return false
}
