package table

// Auditing after the screens are told. A frame's view decides what the guest shows; recording
// it for the audit, checking its move's signature and, at a round's end, replaying the revealed
// deal decide only verdicts. So the guest's goroutine handles a frame, tells its screens, lets
// them draw (GuestConfig.Yield), and only then audits, before it takes the next frame: the
// audit runs in the same order against the same record as when it ran inside the frame, only
// a moment later, and nothing waits on it but the verdicts and our share of the next deal
// (contribute holds it back until every earlier deal is verified, as it always did).
//
// The replay, the costly part, runs outside g.mu: the auditor is only ever written on this
// goroutine (in receive, tick and here), and the replay changes nothing State or anything
// under g.mu reads of it (see fair.Auditor.Replay), so State and Send never wait for it.

import (
	"runtime"

	"miskatonic/engine/fair"
)

// shownAt is a view as shown at game seq seq, waiting to be recorded by the auditor.
type shownAt struct {
	seq int
	fair.Shown
}

// later queues what the host showed at seq for the auditor.
func (g *Guest) later(seq int, s fair.Shown) {
	g.shown = append(g.shown, shownAt{seq, s})
	g.due = true
}

// auditLater does the auditing the last frame left, after a yield when no frame waits (in a
// burst the screens are told once it is over anyway), and tells the screens of new verdicts.
func (g *Guest) auditLater() {
	if len(g.frames) == 0 {
		if g.cfg.Yield != nil {
			g.cfg.Yield()
		} else {
			runtime.Gosched()
		}
	}
	g.mu.Lock()
	a, shown, replay := g.audit, g.shown, g.replayDue
	g.shown, g.due, g.replayDue = nil, false, false
	g.mu.Unlock()
	if a == nil {
		return
	}
	var errs []error
	for _, s := range shown {
		if err := a.View(s.seq, s.Shown); err != nil {
			errs = append(errs, err)
		}
	}
	a.Presign()
	if replay {
		a.Replay()
	}
	g.mu.Lock()
	if g.audit != a { // never: only this goroutine replaces the auditor
		g.mu.Unlock()
		return
	}
	for _, err := range errs {
		g.failAll(mismatch(err))
	}
	if replay {
		g.settle() // the verdicts (the replay is done: Settle only reads them), then our shares
	}
	changed := len(errs) > 0 || replay
	if changed {
		g.save()
	}
	g.mu.Unlock()
	if changed {
		g.notify()
	}
}
