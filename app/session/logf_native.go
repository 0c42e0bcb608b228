//go:build !(js && wasm)

package session

// tableLogf is nil natively: tests read tables through their state, not their logs.
var tableLogf func(format string, args ...any)
