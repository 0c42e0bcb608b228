package table

import (
	"fmt"

	"miskatonic/engine"
)

// maxMoves is the game's bound on its moves (engine.MaxMoves, issue 10 finding 10).
func (g *Guest) maxMoves() int { return engine.MaxMoves(g.rules, g.st.Config) }

// beyond reports a game seq past the game's length, failing every deal not yet verified: an
// honest host never sends one.
func (g *Guest) beyond(seq int) bool {
	if n := g.maxMoves(); seq > n {
		g.failAll(mismatch(fmt.Errorf("the host sent move %d; a game of %s has at most %d", seq, g.st.Game, n)))
		return true
	}
	return false
}
