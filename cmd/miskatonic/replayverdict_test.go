//go:build !wasm

package main

import (
	"os"
	"path/filepath"
	"testing"

	records "miskatonic/engine/replay"
)

// `miskatonic replay` prints what the replay page shows: the verdict's kind, the table code and
// each seat's key fingerprint; an old-format record is unproven, never verified.
func TestReplayPrintsVerdictAndFingerprints(t *testing.T) {
	dir := filepath.Join("..", "..", "engine", "replay", "testdata")
	for _, c := range []struct {
		file string
		kind records.Kind
		code bool
	}{{"arkham.json", records.Verified, true}, {"shadows.json", records.Verified, true}, {"rituals-v1.json", records.Unproven, false}} {
		b, err := os.ReadFile(filepath.Join(dir, c.file))
		if err != nil {
			t.Fatal(err)
		}
		rep, err := replay(b)
		if err != nil {
			t.Fatalf("%s: %v", c.file, err)
		}
		if rep.Verdict.Kind != c.kind || (rep.Who.Code != "") != c.code || rep.Verdict.Verified != (c.kind == records.Verified) {
			t.Fatalf("%s: verdict %+v, who %+v", c.file, rep.Verdict, rep.Who)
		}
		if len(rep.Who.Seats) != rep.Config.Seats || rep.Outcome == nil {
			t.Fatalf("%s: %d seats listed, outcome %v", c.file, len(rep.Who.Seats), rep.Outcome)
		}
		if c.code && rep.Who.Seats[0].Fingerprint == "" {
			t.Fatalf("%s: no fingerprint at seat 0", c.file)
		}
	}
}
