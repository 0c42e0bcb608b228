package table

// Stand-ins shown: which seats the lobbies this guest was told of showed stood in, and when
// (rule 2 for other seats' moves).

import (
	"fmt"

	"miskatonic/engine"
	"miskatonic/engine/fair"
	"miskatonic/engine/wire"
)

// maxShownStandIns bounds the stretches kept per seat; older ones merge (which only widens them).
const maxShownStandIns = 64

// noteStandIns records, from a lobby, which seats it shows stood in: a stretch (from, to] of
// game seqs opens at the latest seq this guest knows when a lobby first shows a seat's
// stand-in, and closes when one shows the seat without it. The host shows a stand-in in the
// lobby before its first move (Host.standIn) and every guest at the table is sent that lobby,
// so a stand-in's move outside every such stretch is one the table was never told of.
func (g *Guest) noteStandIns(l *wire.Lobby) {
	at := g.latestSeq()
	if g.shownStandIns == nil {
		g.shownStandIns = map[engine.Seat][]absence{}
	}
	for _, info := range l.Seats {
		s := info.Seat
		if s < 0 || int(s) >= wire.MaxSeats {
			continue
		}
		list := g.shownStandIns[s]
		open := len(list) > 0 && list[len(list)-1].to < 0
		switch {
		case info.StandIn && !info.Bot && !open:
			list = append(list, absence{from: at, to: -1})
			if len(list) > maxShownStandIns {
				list[1].from = list[0].from
				list = list[1:]
			}
		case !info.StandIn && open:
			list[len(list)-1].to = max(at, list[len(list)-1].from)
		}
		g.shownStandIns[s] = list
	}
}

// standInShown says a lobby showed seat stood in at game seq seq, or the sealed round seq is
// in held a stand-in's commitment for it made while one did (its player may be back by the
// time the round opens: a relayed commitment stands).
func (g *Guest) standInShown(seat engine.Seat, seq int) bool {
	if r, ok := g.shownStandInRounds[seat]; ok && r[0] < seq && seq <= r[1] {
		return true
	}
	for _, a := range g.shownStandIns[seat] {
		if seq > a.from && (a.to < 0 || seq <= a.to) {
			return true
		}
	}
	return false
}

// standInPledged notes a stand-in's commitment for another seat in the set relayed at base
// (of n seats), if a lobby showed that seat stood in then: the round's moves, base+1 to
// base+n, may hold the stand-in's.
// A stand-in's commitment for a seat no lobby showed stood in (while this guest was at the
// table) is rule 2 broken: it fails.
func (g *Guest) standInPledged(p fair.Pledge, base, n int) {
	if !p.StandIn || p.Seat == g.st.Seat || p.Seat < 0 {
		return
	}
	if !g.standInShown(p.Seat, base+1) {
		if g.st.Seat >= 0 && !g.wasAway(base+1) && !g.awayNow() {
			g.failAll(reason{wire.DealStandInUnshown, fmt.Sprintf("the host relayed a stand-in's sealed choice for seat %d at seq %d, but never showed a stand-in at that seat", p.Seat, base), nil})
		}
		return
	}
	if g.shownStandInRounds == nil {
		g.shownStandInRounds = map[engine.Seat][2]int{}
	}
	g.shownStandInRounds[p.Seat] = [2]int{base, base + n}
}

// latestSeq is the latest game seq this guest knows of: its view's, or a move told in a log.
func (g *Guest) latestSeq() int {
	n := 0
	if g.st.HasView {
		n = g.st.Seq
	}
	if g.audit != nil {
		n = max(n, g.audit.Len())
	}
	return n
}

// standInUnshown is rule 2 broken for another seat: a move marked a stand-in's that no lobby
// this guest was shown while at the table accounted for.
func standInUnshown(seq int, m engine.Move) *reason {
	return &reason{wire.DealStandInUnshown, fmt.Sprintf("the host marked move %d (%s) of seat %d as a stand-in's, but never showed a stand-in at that seat", seq, m, m.Seat), nil}
}
