//go:build !wasm

// Package relay is the signaling relay: per-room mailboxes of sealed set-up messages passed
// between browsers over WebSocket. It never sees a payload in the clear.
package relay

import "net/http"

// Config bounds the relay. The zero value means sensible defaults.
type Config struct{}

// New returns the relay as an http.Handler, to be mounted at /signal.
// (Placeholder until the relay lands: it answers 501.)
func New(cfg Config) http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		http.Error(w, "signaling relay not built yet", http.StatusNotImplemented)
	})
}
