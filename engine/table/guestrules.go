package table

// The guest's invariants (the package doc lists them): each is one function here, and every
// path that accepts what it covers (a View, a Log, a Welcome's catch-up, a Commit, a sealed
// set, a lobby) calls it. A path that skips one is the bug this file exists to prevent: grep
// for the function names to see them all.

import (
	"bytes"
	"errors"
	"fmt"
	"slices"

	"miskatonic/engine"
	"miskatonic/engine/fair"
	"miskatonic/engine/wire"
)

// absence is a stretch of game seqs (from, to] during which this guest was away: from is the
// latest seq it had seen when its link was replaced (or its page loaded), to the seq of the
// first view after it was welcomed back (-1 while it is still catching up). Only this guest's
// own link events open one: a host cannot make a guest "away" by saying so, only by really
// cutting it off, and then only for what happened while it was.
type absence struct{ from, to int }

// maxAbsences bounds the absences kept; older ones merge (which only widens them).
const maxAbsences = 64

// leave opens an absence: a new link (Reconnect, and NewGuest's first) until welcomed back.
func (g *Guest) leave() {
	if n := len(g.absences); n > 0 && g.absences[n-1].to < 0 {
		return
	}
	from := 0
	if g.st.HasView {
		from = g.st.Seq
	}
	g.absences = append(g.absences, absence{from: from, to: -1})
	if len(g.absences) > maxAbsences {
		g.absences[1].from = g.absences[0].from
		g.absences = g.absences[1:]
	}
}

// back closes the open absence at seq: the guest sees the table live again.
func (g *Guest) back(seq int) {
	if n := len(g.absences); n > 0 && g.absences[n-1].to < 0 {
		g.absences[n-1].to = max(seq, g.absences[n-1].from)
	}
}

// awayNow says this guest is catching up: welcomed back (or not yet), no live view since.
func (g *Guest) awayNow() bool {
	n := len(g.absences)
	return n > 0 && g.absences[n-1].to < 0
}

// cameBackAt says this guest's latest absence ended at the view of seq: a sealed round open
// at seq may hold a stand-in's commitment for its seat, made while it was away (a host
// withdraws one on a player's return only while nobody has seen it).
func (g *Guest) cameBackAt(seq int) bool {
	n := len(g.absences)
	return n > 0 && g.absences[n-1].to == seq
}

// wasAway says this guest was away at game seq seq, so a stand-in may have played its seat.
func (g *Guest) wasAway(seq int) bool {
	for _, a := range g.absences {
		if seq > a.from && (a.to < 0 || seq <= a.to) {
			return true
		}
	}
	return false
}

// Rule 1: our seat's key is our own.

// checkLobbySeat is rule 1 for a lobby: a lobby is only ever sent on a link this guest was
// welcomed on, so it is at the table, and its seat must show its own key, no bot and no
// stand-in. (A seat reclaimed by token shows the key of the page that reclaimed it.)
func (g *Guest) checkLobbySeat(l *wire.Lobby) *reason {
	s := g.st.Seat
	if s < 0 || !s.Valid(len(l.Seats)) {
		return nil
	}
	info := l.Seats[s]
	switch {
	case !bytes.Equal(info.Key, g.cfg.Identity.Public()) || info.Bot:
		return &reason{wire.DealKeyChanged, fmt.Sprintf("the host's lobby shows another key at seat %d, this guest's", s), nil}
	case info.StandIn && !g.awayNow() && !g.sidelinedNow():
		// Away, it is checked when the catch-up ends (sidelineAt): right only while the
		// stand-in finishes a deal without our share.
		return &reason{wire.DealStoodIn, fmt.Sprintf("the host's lobby shows a stand-in at seat %d while its player is at the table", s), nil}
	}
	return nil
}

// checkRosterSeat is rule 1 for a deal's roster, on its commitment and again on its sealed
// set: our seat holds our key. Only a deal committed while we were away (a stand-in's deal,
// or one from before this page reclaimed the seat with a new key) may hold another or none;
// we take no part in it.
func (g *Guest) checkRosterSeat(cx fair.Context) *reason {
	s := g.st.Seat
	if s < 0 {
		return nil
	}
	var key []byte
	if s.Valid(len(cx.Roster)) {
		key = cx.Roster[s]
	}
	if bytes.Equal(key, g.cfg.Identity.Public()) || g.awayNow() {
		return nil
	}
	if len(key) == 0 {
		return &reason{wire.DealLeftOut, "the host left this seat out of the deal", nil}
	}
	return &reason{wire.DealKeyChanged, fmt.Sprintf("deal %d gives seat %d a key that is not this guest's", cx.Epoch, s), nil}
}

// Rule 2: a move in our seat's name is ours.

// checkMove is rule 2 for every move this guest is told of (a View's, a Log's): a move in its
// seat's name is signed by its own key, or marked as a stand-in's at a seq when it was away
// (or in a sealed round whose set, received while away, held a stand-in's commitment for it).
// Another seat's moves are the auditor's to check (fair.Auditor.checkSig: signed by a key
// the seat was shown with, or marked as a stand-in's); that seat's own guest holds it to this,
// and a stand-in's mark on one counts only within a stretch a lobby showed that seat stood in
// (standInShown), unless this guest was away then.
func (g *Guest) checkMove(seq int, m engine.Move, sig []byte, standIn bool) *reason {
	s := g.st.Seat
	if s < 0 || m.Kind == engine.KindDeal || g.wasAway(seq) {
		return nil
	}
	if m.Seat != s {
		// Another seat's stand-in is public: a lobby showed it before its first move.
		if standIn && m.Seat >= 0 && !g.standInShown(m.Seat, seq) {
			return standInUnshown(seq, m)
		}
		return nil
	}
	if standIn {
		if g.standInRound[0] < seq && seq <= g.standInRound[1] || g.wasSidelined(seq) {
			return nil
		}
		return &reason{wire.DealStoodIn, fmt.Sprintf("the host played move %d (%s) for this seat as a stand-in while its player was at the table", seq, m), nil}
	}
	if !fair.VerifyMove(g.cfg.Identity.Public(), g.tableID, seq, m, sig) {
		return &reason{wire.DealMismatch, fmt.Sprintf("move %d (%s) was not signed by seat %d: this guest never made it", seq, m, s), nil}
	}
	return nil
}

// moveSeen records one move as told (View and Log alike): rule 2 first, then the auditor.
func (g *Guest) moveSeen(seq int, m engine.Move, sig, nonce []byte, standIn bool) {
	if why := g.checkMove(seq, m, sig, standIn); why != nil {
		g.failAll(*why)
	}
	if err := g.audit.Move(seq, m); err != nil {
		g.failAll(mismatch(err))
	}
	if err := g.audit.Sig(seq, sig); err != nil {
		g.failAll(mismatch(err))
	}
	if err := g.audit.Nonce(seq, nonce); err != nil {
		g.failAll(mismatch(err))
	}
	if standIn {
		g.audit.StandIn(seq)
	}
}

// Rule 3: a sealed round opens only on a set covering every seat the public state makes choose.

// checkSealedSet is rule 3 for a relayed set of commitments at base: the seats it covers are
// exactly those the guest's own replay of the public game makes choose at base (never the
// host's status: a host could leave its own seat out, read the others and choose last), and
// a stand-in's commitment for our seat comes only while we were away. ready is false while
// the replay has not reached base (a move or a deal key not known yet): ask again later.
func (g *Guest) checkSealedSet(base int, set []fair.Pledge) (active []engine.Seat, ready bool, why *reason) {
	for _, p := range set {
		if p.StandIn && p.Seat == g.st.Seat && !g.awayNow() && !g.wasSidelined(base+1) && !(g.standInRound[0] == base && g.standInRound[1] > base) {
			return nil, false, &reason{wire.DealStoodIn, fmt.Sprintf("the host relayed a stand-in's sealed choice for seat %d at seq %d while its player was at the table", p.Seat, base), nil}
		}
	}
	if g.audit == nil {
		return nil, false, nil
	}
	active, sealed, ok := g.audit.Choosing(base)
	if !ok {
		// The replay may have stopped on a failure (a view that the rules contradict): give
		// its verdicts now.
		for _, r := range g.audit.Settle() {
			g.verdict(r)
		}
		if g.st.Seq != base {
			return nil, false, nil
		}
		// Neither the replay nor its copy reaches base: the deal is still secret. Rules that
		// are engine.ViewChoosers say the seats from the public part of the view at base (the
		// host's status plays no part); for others, and only then, the host's status stands in
		// (the replay checks it at the reveal, too late to keep our choice).
		if vc, ok := g.rules.(engine.ViewChoosers); ok {
			var err error
			if active, sealed, err = vc.SealedChoosers(g.st.ViewJSON); err != nil {
				return nil, false, &reason{wire.DealMismatch, fmt.Sprintf("the view at seq %d says no seats: %v", base, err), nil}
			}
		} else {
			if !g.st.Status.Sealed {
				return nil, false, nil
			}
			active, sealed = slices.Clone(g.st.Status.Active), true
			slices.Sort(active)
		}
	}
	seats := make([]engine.Seat, len(set))
	for i, p := range set {
		seats[i] = p.Seat
	}
	if !sealed || !slices.Equal(seats, active) {
		return nil, false, &reason{wire.DealSealedShort, fmt.Sprintf("the host relayed sealed choices of seats %v at seq %d, where the game makes seats %v choose", seats, base, active), nil}
	}
	return active, true, nil
}

// Rule 4: a view for a seq is the one the replay gives for that seq.

// checkView is rule 4 for every view this guest is told of: a second view for the seq on
// screen is the same as the first, and a view for a seq the replay has verified is the one
// verified there (fair.Auditor.View: the rules' own view at the replayed position, or the
// one shown and verified before). A view for a seq the replay has passed without one shown
// cannot be checked any more, so it is not shown (show false, no verdict: the game has moved
// on). Anything else waits for the replay, as every view does.
func (g *Guest) checkView(m *wire.View) (show bool, why *reason) {
	if why := checkViewSelf(g.st.Seat, m.Seq, m.Legal, m.Status); why != nil {
		return false, why
	}
	s := fair.Shown{View: m.View, Legal: m.Legal, Status: m.Status}
	if g.st.HasView && m.Seq == g.st.Seq && !sameShown(s, fair.Shown{View: g.st.ViewJSON, Legal: g.st.Legal, Status: g.st.Status}) {
		return false, viewChanged(m.Seq, "it differs from the view on screen")
	}
	if !g.audit.Passed(m.Seq) {
		return true, nil
	}
	switch err := g.audit.View(m.Seq, s); {
	case errors.Is(err, fair.ErrViewPast):
		return false, nil
	case err != nil:
		return false, viewChanged(m.Seq, err.Error())
	}
	return true, nil
}
