//go:build !(js && wasm)

package session

import (
	"log"
	"os"
)

// tableLogf is nil natively (tests read tables through their state, not their logs) unless
// MISKATONIC_LOG is set, for a lab process whose story is told by its output (app/natlab).
var tableLogf func(format string, args ...any)

func init() {
	if os.Getenv("MISKATONIC_LOG") != "" {
		tableLogf = log.Printf
	}
}
