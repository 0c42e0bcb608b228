package table

// A guest's side of stand-ins (see away.go): moves a bot played for an absent player carry no
// signature, so the auditor is told which they are; and a host that claims a stand-in played
// this guest's own seat while it was at the table is caught here.

import (
	"fmt"

	"miskatonic/engine/wire"
)

// standInMove checks a view whose move is marked as a stand-in's, and records it as such.
func (g *Guest) standInMove(m *wire.View) {
	mv := *m.Move
	if _, known := g.audit.MoveAt(m.Seq); !known && !g.catchUp && g.st.Seat >= 0 && mv.Seat == g.st.Seat &&
		!(g.standInRound[0] < m.Seq && m.Seq <= g.standInRound[1]) {
		// A new move in our name, sent live while we are connected: we were here, so no
		// stand-in could have been seated for us. The host made the move up.
		g.failAll(mismatch(fmt.Errorf("the host played move %d (%s) for this seat as a stand-in while its player was at the table", m.Seq, mv)))
		return
	}
	g.audit.StandIn(m.Seq)
}
