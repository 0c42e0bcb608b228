package table

// Auditing after the screens are told. A frame's view decides what the guest shows; recording
// it for the audit, checking its move's signature, checking a deal's relayed shares and, at a
// round's end, replaying the revealed deal decide only verdicts. So the guest's goroutine
// handles a frame, tells its screens, lets them draw (GuestConfig.Yield), and only then
// audits, before it takes any frame but a view: the audit runs in the same order against the
// same record as when it ran inside the frame, only a moment later, and nothing waits on it
// but the verdicts and our share of the next deal (contribute holds it back until every
// earlier deal is verified, as it always did).
//
// The replay, the costly part, runs outside g.mu: the auditor is only ever written on this
// goroutine (in receive, tick and here), and the replay changes nothing State or anything
// under g.mu reads of it (see fair.Auditor.Replay), so State and Send never wait for it.

import (
	"errors"
	"runtime"

	"miskatonic/engine/fair"
	"miskatonic/engine/wire"
)

// maxAhead bounds the views handled ahead of the audit of what came before them, so the
// ticker (resends, deadlines) still gets its turn while a host streams frames.
const maxAhead = 8

// shownAt is a view as shown at game seq seq, waiting to be recorded by the auditor.
type shownAt struct {
	seq int
	fair.Shown
}

// sharesAt is a deal's relayed shares, waiting to be checked.
type sharesAt struct {
	epoch  int
	shares []fair.Share
}

// later queues what the host showed at seq for the auditor.
func (g *Guest) later(seq int, s fair.Shown) {
	g.shown = append(g.shown, shownAt{seq, s})
	g.due = true
}

// frame handles f, then the audit it leaves. Views already waiting go to the screens first (up
// to maxAhead): what a view does touches none of the auditing left for later (views recorded,
// shares checked, a replay), as its first view follows a deal's shares. Any other frame waits
// for the audit, so it finds the record and verdicts as if the audit had run inside the frame.
func (g *Guest) frame(f inFrame) {
	due := g.handle(f)
	for n := 0; due && n < maxAhead; n++ {
		select {
		case next := <-g.frames:
			if wire.Peek(next.frame) != wire.TView {
				g.auditLater(false)
			}
			due = g.handle(next)
		default:
			g.auditLater(true)
			return
		}
	}
	if due {
		g.auditLater(len(g.frames) == 0)
	}
}

// handle processes one frame, saves and tells the screens; it says whether auditing is due.
func (g *Guest) handle(f inFrame) bool {
	g.mu.Lock()
	changed := g.receive(f)
	if changed {
		g.save()
	}
	due := g.due
	g.mu.Unlock()
	if changed {
		g.notify()
	}
	return due
}

// auditLater does the auditing left so far, after a yield when idle (in a burst the screens
// are told once it is over anyway), and tells the screens of new verdicts. The auditor's work
// runs outside g.mu.
func (g *Guest) auditLater(idle bool) {
	if idle {
		if g.cfg.Yield != nil {
			g.cfg.Yield()
		} else {
			runtime.Gosched()
		}
	}
	g.mu.Lock()
	a, w := g.takeAudit()
	g.mu.Unlock()
	if a == nil {
		return
	}
	r := w.run(a)
	g.mu.Lock()
	changed := g.audit == a && g.applyAudit(w, r) // g.audit == a always: only this goroutine replaces it
	if changed {
		g.save()
	}
	g.mu.Unlock()
	if changed {
		g.notify()
	}
}

// auditNow does the auditing left so far at once, with g.mu held: before a message other than
// a view, when one frame brought several (a gap filled), so that message finds the audit done.
func (g *Guest) auditNow() {
	if a, w := g.takeAudit(); a != nil {
		g.applyAudit(w, w.run(a))
	}
}

// auditWork is the auditing left for later, and what it found.
type auditWork struct {
	shown  []shownAt
	shares []sharesAt
	replay bool
}

type auditFound struct {
	views  []error       // views that contradict one shown before for the same seq
	shares map[int]error // share sets refused, by epoch
}

// takeAudit hands over the auditing left so far (g.mu held).
func (g *Guest) takeAudit() (*fair.Auditor, auditWork) {
	w := auditWork{g.shown, g.sharesLater, g.replayDue}
	g.shown, g.sharesLater, g.due, g.replayDue = nil, nil, false, false
	return g.audit, w
}

// run does the work on the auditor alone.
func (w auditWork) run(a *fair.Auditor) auditFound {
	var r auditFound
	for _, s := range w.shown {
		if err := a.View(s.seq, s.Shown); err != nil && !errors.Is(err, fair.ErrViewPast) {
			r.views = append(r.views, err)
		}
	}
	for _, s := range w.shares {
		if err := a.Shares(s.epoch, s.shares); err != nil {
			if r.shares == nil {
				r.shares = map[int]error{}
			}
			r.shares[s.epoch] = err
		}
	}
	a.Presign()
	if w.replay {
		a.Replay()
	}
	return r
}

// applyAudit gives the verdicts (g.mu held) and says whether any may have changed.
func (g *Guest) applyAudit(w auditWork, r auditFound) bool {
	for e, err := range r.shares {
		if d, ok := g.deals[e]; ok {
			d.status.fail(wire.DealMismatch, err.Error())
		}
	}
	for _, err := range r.views {
		if vc, ok := errors.AsType[*fair.ViewChangedError](err); ok {
			g.failAll(*viewChanged(vc.Seq, err.Error()))
			continue
		}
		g.failAll(mismatch(err))
	}
	if w.replay {
		g.settle() // the verdicts (the replay is done: Settle only reads them), then our shares
	}
	return len(r.views) > 0 || len(r.shares) > 0 || w.replay
}
