//go:build !wasm

package main

import (
	"bytes"
	"strings"
	"testing"
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
