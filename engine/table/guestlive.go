package table

// A table that stops because of the host is named (issue 23): the guest asks for what it may
// be missing, and what the host then tells it either goes through the rules (a move marked a
// stand-in's that no lobby showed, a signature missing) or shows the host holding the table
// still, after a bounded wait, with a verdict that says what the host failed to do. A lost
// link is another matter: the guest says it is not connected (GuestState.Connected) and
// redials; none of this fails a deal.
//
// The clock is the tick's: every deadline here compares times the tick passes in.

import (
	"fmt"
	"strconv"
	"time"

	"miskatonic/engine"
	"miskatonic/engine/wire"
)

// quietTicks is how many ticks without a new view pass before the guest asks the host for any
// move past the one on screen (a Need from its seq), and again every as many ticks while the
// quiet lasts. An honest host answers only when it has such moves (never while a player
// thinks), so the ask costs a frame a few seconds at a quiet table. A host that kept a move's
// view from this guest, so that the table waits on it for good, must now send the move or be
// seen lying about it; one that says nothing at all looks, to this page alone, like a player
// taking their time, and the others see that player not moving.
const quietTicks = 5

// live is the guest's watch on the host keeping the table moving.
type live struct {
	viewAt time.Time // when the latest view (a new seq) was shown
	asked  time.Time // the latest quiet ask
	ahead  time.Time // since when a move past the view on screen has been known (zero: none)
	named  bool      // a verdict of this watch was given (once is enough)
	// Our seals and shares of each deal's current commitment: the frames they went out in,
	// the link they went out on, and since when the host has refused them as not signed over
	// that commitment (zero: it has not).
	shareFrames map[uint64]int // frame seq → deal epoch
	shareGen    map[int]int
	refused     map[int]time.Time
}

// sentShare notes that our seal or share of deal epoch went out in frame seq on link gen.
func (l *live) sentShare(seq uint64, epoch, gen int) {
	if l.shareFrames == nil || len(l.shareFrames) > 256 {
		l.shareFrames = map[uint64]int{} // old frames are only ever refused soon after
	}
	if l.shareGen == nil {
		l.shareGen, l.refused = map[int]int{}, map[int]time.Time{}
	}
	l.shareFrames[seq] = epoch
	if _, ok := l.shareGen[epoch]; !ok {
		l.shareGen[epoch] = gen
	}
}

// newCommitment forgets what was noted of deal epoch's shares: a new commitment, a fresh start.
func (l *live) newCommitment(epoch int) {
	delete(l.shareGen, epoch)
	delete(l.refused, epoch)
}

// shareRefused notes a refusal of our seal or share as not signed over the commitment: an
// honest host refuses one only when a new commitment crossed it, and sends that commitment
// right away, so the refusals stop. A host that committed one thing to this guest and holds
// its seal to another keeps refusing it.
func (g *Guest) shareRefused(m *wire.Reject, now time.Time) {
	e, ok := g.live.shareFrames[m.Ref]
	if ok && m.Kind == wire.KindFlood {
		if d := g.deals[e]; d != nil {
			d.sentGen = 0 // refused unread (too many messages at once): it goes again, even on a reliable link
		}
	}
	if !ok || m.Kind != wire.KindAuth {
		return
	}
	if d, ok := g.deals[e]; ok && d.status.State == DealPending && g.live.refused[e].IsZero() {
		g.live.refused[e] = now
	}
}

// benched is a Bye that stands our seat in for withholding its share (charge.go): an honest
// host does so only once every seal is in, when it relays the set to every contributor, and
// frames come in order. So a deal we sealed on this very link, whose set never came, was
// never ours to reveal: the host withheld the set and blamed this seat.
func (g *Guest) benched(m *wire.Bye) {
	if m.Kind != wire.KindState || m.Code != wire.ByeDropped || g.link == nil {
		return
	}
	for e, d := range g.deals {
		if gen, ok := g.live.shareGen[e]; ok && gen == g.link.gen && d.seal != nil && !d.sealed && d.status.State == DealPending {
			d.status.fail(wire.DealBenched, fmt.Sprintf("the host stood in seat %d for withholding its share of deal %d, but never relayed the sealed set", g.st.Seat, e))
		}
	}
}

// sharesStuck fails a deal whose host has refused our share for longer than the deadline.
func (g *Guest) sharesStuck(now time.Time) bool {
	changed := false
	for e, at := range g.live.refused {
		d, ok := g.deals[e]
		if at.IsZero() || !ok || d.status.State != DealPending || now.Sub(at) < g.cfg.RevealTimeout {
			continue
		}
		d.status.fail(wire.DealShareRefused, fmt.Sprintf("the host refused this seat's share of deal %d as not signed over the commitment it sent", e))
		changed = true
	}
	return changed
}

// shown notes a view of a new seq on screen.
func (l *live) shown(now time.Time) { l.viewAt, l.ahead = now, time.Time{} }

// watchLive is the tick's watch (g.mu held); it says whether a verdict was given.
func (g *Guest) watchLive(now time.Time) bool {
	stuck := g.sharesStuck(now)
	return g.watchViews(now) || stuck
}

// watchViews asks a quiet table for moves, and names a move whose view never follows.
func (g *Guest) watchViews(now time.Time) bool {
	w := &g.live
	if g.audit == nil || !g.st.HasView || g.st.Status.Over || g.awayNow() || w.named {
		w.ahead = time.Time{}
		return false
	}
	quiet := quietTicks * g.cfg.Tick
	if now.Sub(w.viewAt) >= quiet && now.Sub(w.asked) >= quiet {
		w.asked = now
		g.send(&wire.Need{From: g.st.Seq})
	}
	// A move past the view on screen, known from the host's own log: its view must follow as
	// surely as the move did. A view lost on the way is sent again within a few ticks.
	if _, ok := g.audit.MoveAt(g.st.Seq + 1); !ok {
		w.ahead = time.Time{}
		return false
	}
	if w.ahead.IsZero() {
		w.ahead = now
		return false
	}
	if now.Sub(w.ahead) < g.cfg.RevealTimeout {
		return false
	}
	w.named = true
	g.failAll(viewWithheld(g.st.Seq + 1))
	return true
}

// viewWithheld: the host told of the move at seq (in a log) and never sent the view after it.
func viewWithheld(seq int) reason {
	return reason{wire.DealViewWithheld, fmt.Sprintf("the host sent move %d in its log but never the view after it", seq), []string{strconv.Itoa(seq)}}
}

// checkViewSelf is part of rule 4: a view agrees with itself. Its seat has moves to choose
// exactly when its status says the seat is to move (every game's rules hold to it: a seat is
// active iff it has a legal move, engine/enginetest's checkLegalStatus). A host that showed a player its moves while saying it was
// not that player's turn (or the other way round) would have its page wait on a move it
// never offers, or offer one it never takes: the table would stop with nobody named.
func checkViewSelf(seat engine.Seat, seq int, legal []engine.Move, st engine.Status) *reason {
	if seat < 0 || (len(legal) > 0) == st.IsActive(seat) {
		return nil
	}
	return &reason{wire.DealStatusContradicts, fmt.Sprintf("the view at seq %d gives seat %d %d legal moves with active seats %v", seq, seat, len(legal), st.Active), []string{strconv.Itoa(seq)}}
}
