package rtc

import (
	"sync/atomic"
	"time"
)

// Dead-path detection for browsers (issue 22, "detect a dead path in seconds"). Native pion
// declares ICE failed about 1.5 s into checking when no pair works. Chromium does not: its ICE
// transport turns "failed" only once every connection it made has been pruned as dead, which
// takes 10 to 30 s for pairs that never hear back, and never when no pair forms at all (host
// candidates behind two NATs hidden behind mDNS names that cannot resolve across them). Our
// PathWait backstop (12 s) then decided. The browser guest now reads the peer connection's own
// stats and gives the path up as soon as ICE has nothing left that could work:
//
//   - our gathering is complete (no candidate of ours is still to come),
//   - DeadGrace (4 s) has passed since the answer, and no remote candidate came in the last
//     DeadQuiet (1 s): the host's candidates trickle in after its answer, its relay candidate,
//     the slowest, after about four round trips to its TURN server (1.2 s at 300 ms RTT);
//     TURN seats a browser guest about 2 s after the answer, direct paths sooner;
//   - and every candidate pair is hopeless: "failed", or it has sent DeadChecks (5) checks and
//     heard nothing back, neither a response nor a check of the peer's. With no pair at all,
//     nothing is left either.
//
// A pair that got a response or a check from the peer, or has not yet sent DeadChecks, keeps
// the path alive, and then only PathWait ends it: a slow but working path (TURN, a direct pair
// on a loaded machine) has heard from the peer by then. Chromium checks an unanswered pair
// about every 60 ms (65 checks in 4 s in natlab's symmetric-NAT browser test), so the count
// only spares a pair formed a moment ago; the grace and quiet times carry the weight.
//
// Measured (TestNATBrowsers, Chromium both sides behind symmetric NATs, TURN off): Join →
// seated 12.6 s before (PathWait), 4.3 s after; the rule fired 4.0 s after the answer on one
// pair in progress, 65 checks sent, none answered. With TURN the guest is seated 0.7 s after
// Join, well inside the grace, and the rule never fires.

// DeadGrace is the least time from the host's answer before a path with no live pair is given
// up; DeadQuiet is the least time since the last remote candidate arrived; DeadChecks is how
// many unanswered checks make a pair hopeless.
var (
	DeadGrace  = 4 * time.Second
	DeadQuiet  = time.Second
	DeadChecks = 5
)

// pairStat is one candidate pair from the stats (RTCIceCandidatePairStats).
type pairStat struct {
	state                       string // frozen, waiting, in-progress, failed, succeeded
	sent, responses, peerChecks int    // requestsSent, responsesReceived, requestsReceived
}

// hopeless: the pair failed, or sent DeadChecks checks and never heard from the peer.
func (p pairStat) hopeless() bool {
	if p.state == "failed" {
		return true
	}
	return p.state != "succeeded" && p.responses == 0 && p.peerChecks == 0 && p.sent >= DeadChecks
}

// iceSnapshot is what the rule reads from a peer connection at one moment.
type iceSnapshot struct {
	gatheringComplete bool
	pairs             []pairStat
}

// pathDead applies the rule to a snapshot taken sinceAnswer after the host's answer and
// sinceRemote after the last remote candidate arrived (or the answer, if none did).
func pathDead(s iceSnapshot, sinceAnswer, sinceRemote time.Duration) bool {
	if !s.gatheringComplete || sinceAnswer < DeadGrace || sinceRemote < DeadQuiet {
		return false
	}
	for _, p := range s.pairs {
		if !p.hopeless() {
			return false
		}
	}
	return true
}

// lastSeen records when a remote candidate last arrived, for the rule's quiet time.
type lastSeen struct{ at atomic.Int64 }

func (l *lastSeen) mark(t time.Time) { l.at.Store(t.UnixNano()) }

// since is the time from the last mark (or from t0 when there was none after it) to now.
func (l *lastSeen) since(t0, now time.Time) time.Duration {
	last := time.Unix(0, l.at.Load())
	if last.Before(t0) {
		last = t0
	}
	return now.Sub(last)
}
