//go:build !wasm

package main

import (
	"bytes"
	"strings"
	"testing"
)

// The command runs for Rituals as typed: the default -options names an Arkham variant,
// which Rituals (no options) would refuse, so other games start from no options.
func TestTournamentRitualsDefaultOptions(t *testing.T) {
	var out bytes.Buffer
	if err := runTournament([]string{"-game", "rituals", "-bots", "search,heuristic,heuristic,heuristic", "-n", "2", "-workers", "1"}, &out); err != nil {
		t.Fatal(err)
	}
	for _, w := range []string{"rituals: 2 games, 4 seats", "search", "heuristic", "95% CI"} {
		if !strings.Contains(out.String(), w) {
			t.Fatalf("output lacks %q:\n%s", w, out.String())
		}
	}
	if err := runTournament([]string{"-game", "rituals", "-bots", "random,random", "-n", "1", "-options", "variant=competitive"}, &out); err == nil {
		t.Fatal("an explicit option Rituals does not have was accepted")
	}
}
