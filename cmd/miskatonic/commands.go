//go:build !wasm

package main

// commands maps a CLI subcommand to its entry point. Each subcommand lives in its own file and
// registers itself in an init function, so the pieces stay independent.
var commands = map[string]command{}

type command struct {
	summary string
	run     func(args []string) error
}
