//go:build !wasm

package main

import (
	"bytes"
	"strings"
	"testing"
)

func TestTournamentCommand(t *testing.T) {
	cases := []struct {
		name    string
		args    []string
		want    []string
		wantErr string
	}{
		{"table", []string{"-bots", "heuristic,random,random,random,random", "-n", "20", "-workers", "1"},
			[]string{"arkham: 20 games, 5 seats", "heuristic", "random", "95% CI", "mean decision"}, ""},
		{"aliases", []string{"-bots=easy,hard,random", "-n", "2"}, []string{"heuristic", "search"}, ""},
		{"no bots", []string{"-n", "2"}, nil, "-bots is required"},
		{"unknown level", []string{"-bots", "genius,random,random"}, nil, "unknown level"},
		{"too few seats", []string{"-bots", "random,random"}, nil, "takes 3..7 seats"},
		{"unknown game", []string{"-bots", "random,random,random", "-game", "chess"}, nil, "unknown game"},
		{"bad options", []string{"-bots", "random,random,random", "-options", "variant"}, nil, "not key=value"},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			var out bytes.Buffer
			err := runTournament(c.args, &out)
			if c.wantErr != "" {
				if err == nil || !strings.Contains(err.Error(), c.wantErr) {
					t.Fatalf("err = %v, want %q", err, c.wantErr)
				}
				return
			}
			if err != nil {
				t.Fatal(err)
			}
			for _, w := range c.want {
				if !strings.Contains(out.String(), w) {
					t.Fatalf("output lacks %q:\n%s", w, out.String())
				}
			}
		})
	}
	if !hasBotsFlag([]string{"-n", "3", "--bots=random"}) || hasBotsFlag([]string{"-n", "3"}) {
		t.Fatal("hasBotsFlag")
	}
	if _, ok := commands["sim"]; !ok {
		t.Fatal("sim is not registered")
	}
}
