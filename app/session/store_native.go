//go:build !(js && wasm)

package session

var native = &MemStore{}

// DefaultStore is where sessions are kept: in memory outside the browser.
func DefaultStore() Store { return native }
