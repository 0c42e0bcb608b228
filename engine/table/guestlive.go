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
}

// shown notes a view of a new seq on screen.
func (l *live) shown(now time.Time) { l.viewAt, l.ahead = now, time.Time{} }

// watchLive is the tick's watch (g.mu held); it says whether a verdict was given.
func (g *Guest) watchLive(now time.Time) bool {
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
