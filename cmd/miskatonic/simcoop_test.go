//go:build !wasm

package main

import (
	"bytes"
	"strings"
	"testing"

	"miskatonic/engine/shadows"
)

// TestSimCoopReport: a co-operative game's sim reports the table's win rate and end reasons,
// with bots playing every seat.
func TestSimCoopReport(t *testing.T) {
	var out bytes.Buffer
	if err := simMain([]string{"-game", "shadows", "-n", "6", "-players", "3", "-bot", "heuristic"}, &out); err != nil {
		t.Fatal(err)
	}
	s := out.String()
	for _, want := range []string{"co-op: the table won", "games ended by shadows.end."} {
		if !strings.Contains(s, want) {
			t.Errorf("no %q in:\n%s", want, s)
		}
	}
	if err := simMain([]string{"-game", "shadows", "-n", "1", "-bot", "grandmaster"}, &out); err == nil {
		t.Errorf("unknown bot level accepted")
	}
}

// TestShadowsRecordReplays: a simulated Ring of Shadows game's record replays to the same end.
func TestShadowsRecordReplays(t *testing.T) {
	var rec bytes.Buffer
	sp := simSpec{rules: shadows.Rules{}, n: 1, players: 4, seed: 3, record: &rec}
	if _, err := simulate(sp); err != nil {
		t.Fatal(err)
	}
	rep, err := replay(rec.Bytes())
	if err != nil {
		t.Fatal(err)
	}
	if rep.Outcome == nil || !rep.Outcome.Coop || !rep.Status.Over {
		t.Fatalf("replayed to %+v", rep.Status)
	}
	// A tampered deal replays differently or not at all: the record pins every draw.
	tampered := bytes.Replace(rec.Bytes(), []byte(`"kind": "deal"`), []byte(`"kind": "deal", "n": 1`), 1)
	if _, err := replay(tampered); err == nil {
		t.Fatalf("a deal with an extra field replayed")
	}
}
