package session

import (
	"bytes"
	"testing"
	"time"
)

// savedCaughtUp waits until storage holds s's hosted table as it stands now. The saver writes
// off the match goroutine, after the change that woke it: a page closed right after a move may
// have saved an earlier state (a fixed 50 ms sleep for it failed TestSoloRematchResumes on a
// loaded machine). The limit only guards against a saver that stopped; it judges no speed.
func savedCaughtUp(t *testing.T, s *Session) {
	t.Helper()
	for end := time.Now().Add(2 * time.Minute); ; time.Sleep(5 * time.Millisecond) {
		now, err := s.host.Snapshot()
		if err != nil {
			t.Fatal(err)
		}
		meta, ok, err := loadSaved(s.store, s.kind, s.game)
		if err != nil {
			t.Fatal(err)
		}
		if ok && bytes.Equal(meta.Snapshot, now) {
			return
		}
		if time.Now().After(end) {
			t.Fatalf("the saved %s table of %s never caught up with its host (saved: %v)", s.kind, s.game, ok)
		}
	}
}
