package blindreplay

import (
	"bytes"
	"os"
	"testing"
)

// TestFixtureVerifies: a host-blind record kept in testdata (a 3-seat game played by real pages
// over real pipes; refreshed by BLIND_RECORD_DIR=... go test ./engine/blindtable -run
// TestRecordVerifies) verifies to its end, and one byte changed in it does not.
func TestFixtureVerifies(t *testing.T) {
	data, err := os.ReadFile("testdata/arkham-blind-3.json")
	if err != nil {
		t.Fatal(err)
	}
	if !IsBlind(data) || IsBlind([]byte(`{"game":"arkham","moves":[]}`)) {
		t.Fatal("IsBlind does not tell the records apart")
	}
	r, err := Verify(data)
	if err != nil || r.Verdict != nil || !r.Status.Over {
		t.Fatalf("fixture: %+v, %v", r, err)
	}
	t.Logf("fixture: %d entries, %d deals audited, %d moves", r.Entries, r.Deals, r.Moves)
	i := bytes.Index(data, []byte(`"deck":[{"c1":"`)) + len(`"deck":[{"c1":"`) + 5
	bad := bytes.Clone(data)
	bad[i] ^= 0x01
	if r, err := Verify(bad); err == nil && r.Verdict == nil {
		t.Fatal("a changed chain step verifies")
	} else {
		t.Logf("changed: %v %v", err, r.Verdict)
	}
}
