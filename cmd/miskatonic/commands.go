//go:build !wasm

package main

import (
	"strings"

	"miskatonic/engine/games"
)

// commands maps a CLI subcommand to its entry point. Each subcommand lives in its own file and
// registers itself in an init function, so the pieces stay independent.
var commands = map[string]command{}

type command struct {
	summary string
	run     func(args []string) error
}

// gameNames lists the games of the registry (engine/games), for flag help.
func gameNames() string {
	var names []string
	for _, r := range games.All() {
		names = append(names, r.Name())
	}
	return strings.Join(names, ", ")
}
