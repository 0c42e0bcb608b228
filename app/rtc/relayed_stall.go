package rtc

import (
	"fmt"
	"time"
)

// When a relayed link is given up. A broker under load (a Nostr relay checks a signature per
// event, and so does every page that sends one) can take longer than relayStall to carry a
// frame and its acknowledgement, while the peer is alive and the link works. Wall time since a
// frame went out is then no sign of a dead peer: the link used to be given up after relayStall
// without an acknowledgement and redialled, on a busy machine every few minutes. So the link
// counts silence instead. Any authentic chunk from the peer (a frame, a piece, an
// acknowledgement: it opened under the link key and passed the replay check, so no broker can
// make one up) shows the peer is there, and a wait counts from the later of its start and the
// last chunk heard. The bound grows with the measured round trip (stallRTTs of it, up to
// relayStallMax), and relayGiveUp caps any one wait however chatty the peer: a frame the
// broker always loses, or a gap the peer never fills, ends the link as before, only later.
const (
	stallRTTs     = 4
	relayStallMax = 60 * time.Second
	relayGiveUp   = 3 * time.Minute
)

// hear notes that an authentic chunk came from the peer at now.
func (l *relayedLink) hear(now time.Time) {
	l.amu.Lock()
	l.heard = now
	l.amu.Unlock()
}

// stallBound is how long the peer may be silent while we wait on it (l.amu held).
func (l *relayedLink) stallBound() time.Duration {
	return max(relayStall, min(relayStallMax, stallRTTs*l.srtt))
}

// waitedOut reports whether a wait that began at from has outlasted the peer's silence bound
// or relayGiveUp at now (l.amu held).
func (l *relayedLink) waitedOut(from, now time.Time) bool {
	if from.IsZero() {
		return false
	}
	quiet := from
	if l.heard.After(quiet) {
		quiet = l.heard
	}
	return now.Sub(quiet) > l.stallBound() || now.Sub(from) > relayGiveUp
}

// stalled says why c's link must be given up at now, or "" while it may wait: a frame sent and
// not acknowledged, a frame arriving in pieces not completed, or a gap in the frames received,
// each waited out.
func (l *relayedLink) stalled(c *Conn, now time.Time) string {
	c.mu.Lock()
	gap := len(c.ahead) > 0
	c.mu.Unlock()
	l.mu.Lock()
	pieces := l.since
	l.mu.Unlock()
	l.amu.Lock()
	defer l.amu.Unlock()
	switch {
	case !gap:
		l.gapSince = time.Time{}
	case l.gapSince.IsZero():
		l.gapSince = now
	}
	for _, f := range l.unacked {
		if f.tries > 0 && l.waitedOut(f.first, now) {
			return fmt.Sprintf("frame %d never acknowledged", f.seq)
		}
	}
	if l.waitedOut(pieces, now) || l.waitedOut(l.gapSince, now) {
		return "a relayed frame never came"
	}
	return ""
}
