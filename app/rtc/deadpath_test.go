package rtc

import (
	"testing"
	"time"
)

// TestPathDeadRule: the browser's dead-path rule gives up only when ICE has nothing left to
// check, never while a pair may still work (a slow TURN or loaded direct path).
func TestPathDeadRule(t *testing.T) {
	done := func(pairs ...pairStat) iceSnapshot { return iceSnapshot{gatheringComplete: true, pairs: pairs} }
	silent := pairStat{state: "in-progress", sent: DeadChecks}    // checked enough, never heard back
	early := pairStat{state: "in-progress", sent: DeadChecks - 1} // not checked enough yet
	failed := pairStat{state: "failed", sent: 9}
	late := DeadGrace + time.Second
	for _, c := range []struct {
		name               string
		snap               iceSnapshot
		sinceAnswer, quiet time.Duration
		dead               bool
	}{
		{"no pair at all, gathering done, grace and quiet over", done(), late, late, true},
		{"every pair failed", done(failed, failed), late, late, true},
		{"every pair checked enough and silent (symmetric NATs)", done(silent, failed, silent), late, late, true},
		{"exactly at the grace and quiet times", done(silent), DeadGrace, DeadQuiet, true},
		{"no pair yet, within the grace after the answer", done(), DeadGrace - time.Millisecond, late, false},
		{"silent pairs, within the grace", done(silent), DeadGrace - time.Millisecond, late, false},
		{"no pair, a remote candidate just arrived", done(), late, DeadQuiet - time.Millisecond, false},
		{"no pair, our gathering still going (a TURN allocation pending)", iceSnapshot{pairs: []pairStat{silent}}, late, late, false},
		{"a pair not yet checked enough (loaded machine)", done(silent, early), late, late, false},
		{"a pair waiting its turn", done(failed, pairStat{state: "waiting"}), late, late, false},
		{"a frozen pair", done(pairStat{state: "frozen"}), late, late, false},
		{"a pair that got one response (slow TURN)", done(silent, pairStat{state: "in-progress", sent: 12, responses: 1}), late, late, false},
		{"a pair the peer's checks reach (its NAT opening)", done(silent, pairStat{state: "in-progress", sent: 12, peerChecks: 1}), late, late, false},
		{"a pair succeeded (channel about to open)", done(failed, pairStat{state: "succeeded", sent: 30}), late, late, false},
	} {
		t.Run(c.name, func(t *testing.T) {
			if got := pathDead(c.snap, c.sinceAnswer, c.quiet); got != c.dead {
				t.Fatalf("pathDead(%+v, %v, %v) = %v, want %v", c.snap, c.sinceAnswer, c.quiet, got, c.dead)
			}
		})
	}
}

// TestLastSeen: the quiet time runs from the last remote candidate, or from the answer when
// none came after it.
func TestLastSeen(t *testing.T) {
	t0 := time.Unix(1000, 0)
	var l lastSeen
	if got := l.since(t0, t0.Add(2*time.Second)); got != 2*time.Second {
		t.Fatalf("no candidate: since = %v, want 2s from the answer", got)
	}
	l.mark(t0.Add(-time.Second)) // before the answer: the answer counts
	if got := l.since(t0, t0.Add(2*time.Second)); got != 2*time.Second {
		t.Fatalf("candidate before the answer: since = %v, want 2s", got)
	}
	l.mark(t0.Add(1500 * time.Millisecond))
	if got := l.since(t0, t0.Add(2*time.Second)); got != 500*time.Millisecond {
		t.Fatalf("candidate 1.5s after the answer: since = %v, want 500ms", got)
	}
}
