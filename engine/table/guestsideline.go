package table

// A seat whose stand-in finishes a deal shuffled without it, guest side (sideline.go is the
// host's). Back after a lost link, this guest may find the deal in play committed without its
// key (a stand-in held the seat then). If no other person's share is in that deal either, the
// host alone chose it, and this guest plays none of it: its seat stays the stand-in's, which
// it watches ("sidelined"), until a lobby gives the seat back (the host does so at the next
// deal, which this guest helps shuffle, or when the game ends). A host that gives the seat
// back in such a deal is caught (handedBack); one whose lobby keeps the stand-in at our seat
// once we are back in a deal holding our key is too (rule 1, checkLobbySeat).

import (
	"bytes"
	"fmt"

	"miskatonic/engine"
	"miskatonic/engine/wire"
)

// sidelinedNow says our seat's stand-in plays on while we watch (see the file comment).
func (g *Guest) sidelinedNow() bool {
	n := len(g.sidelines)
	return n > 0 && g.sidelines[n-1].to < 0
}

// wasSidelined says our seat's stand-in played it at seq while we watched: its move there,
// marked as the stand-in's, is rightly not ours.
func (g *Guest) wasSidelined(seq int) bool {
	for _, a := range g.sidelines {
		if seq > a.from && (a.to < 0 || seq <= a.to) {
			return true
		}
	}
	return false
}

// dealInPlay is the latest deal committed, or nil.
func (g *Guest) dealInPlay() *guestDeal {
	var out *guestDeal
	for e, d := range g.deals {
		if d.cx.Roster != nil && (out == nil || e > out.cx.Epoch) {
			out = d
		}
	}
	return out
}

// leftOut says the deal in play holds no key at our seat (committed while a stand-in held it)
// and, if so, whether another person's share is in it: a key at a seat other than ours and
// the host's (as the lobby shows it), whose player vouches that the deal was not the host's
// alone to choose.
func (g *Guest) leftOut() (out, vouched bool) {
	s, d := g.st.Seat, g.dealInPlay()
	if s < 0 || d == nil || !s.Valid(len(d.cx.Roster)) || len(d.cx.Roster[s]) > 0 {
		return false, false
	}
	for i, k := range d.cx.Roster {
		if len(k) > 0 && engine.Seat(i) != s && !g.isHostKey(k) {
			return true, true
		}
	}
	return true, false
}

// isHostKey says k is the key of a seat the lobby shows as the host's own.
func (g *Guest) isHostKey(k []byte) bool {
	for _, s := range g.st.Lobby.Seats {
		if s.Host && bytes.Equal(s.Key, k) {
			return true
		}
	}
	return false
}

// ourStandIn says the lobby on hand shows a stand-in at our seat.
func (g *Guest) ourStandIn() bool {
	s := g.st.Seat
	return s >= 0 && s.Valid(len(g.st.Lobby.Seats)) && g.st.Lobby.Seats[s].StandIn
}

// sidelineAt is the end of a catch-up at seq: a lobby still showing our seat stood in is
// right only for a deal in play without our key, which we then watch; otherwise the host keeps
// a player from a seat it is back at (rule 1).
func (g *Guest) sidelineAt(seq int) {
	if !g.ourStandIn() {
		return
	}
	if out, _ := g.leftOut(); !out {
		g.failAll(reason{wire.DealStoodIn, fmt.Sprintf("the host kept a stand-in at seat %d once its player was back, in a deal holding its key", g.st.Seat), nil})
		return
	}
	g.sidelines = append(g.sidelines, absence{from: seq, to: -1})
	if len(g.sidelines) > maxAbsences {
		g.sidelines = g.sidelines[1:]
	}
}

// sidelineLobby ends our watch when a lobby gives our seat back. An honest host does so where
// nobody is to move (the next deal, the game's end); one that gives it back with our seat to
// move in the deal without our share is caught at once (handedBack), not at the next view.
func (g *Guest) sidelineLobby() {
	if g.sidelinedNow() && !g.ourStandIn() {
		g.sidelines[len(g.sidelines)-1].to = g.latestSeq()
		g.handedBack(g.st.Legal)
	}
}

// mayNotPlay says our seat plays no move now: its stand-in finishes the deal in play, or that
// deal is the host's alone (handedBack).
func (g *Guest) mayNotPlay() bool {
	if g.sidelinedNow() {
		return true
	}
	out, vouched := g.leftOut()
	return out && !vouched
}

// handedBack checks a view offering our seat moves: in a deal without our share and no other
// person's, the host gave the seat back in a deal it could have chosen alone. We play none of
// it, and the deal fails: an honest host keeps the stand-in there (sideline.go).
func (g *Guest) handedBack(legal []engine.Move) {
	if len(legal) == 0 || g.sidelinedNow() || g.awayNow() || !g.mayNotPlay() {
		return
	}
	d := g.dealInPlay()
	if d.status.State == DealFailed && d.status.Code == wire.DealHandedBack {
		return // told already
	}
	g.failAll(reason{wire.DealHandedBack, fmt.Sprintf("the host gave seat %d back in deal %d, shuffled without its share or any other person's", g.st.Seat, d.cx.Epoch), nil})
}
