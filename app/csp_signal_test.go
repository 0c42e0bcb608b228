//go:build !wasm

package app

import (
	"strings"
	"testing"
)

// TestCSPAllowsEveryTransport: a page built for a list of public transports may connect to each
// of them (and nowhere else beyond its own origin).
func TestCSPAllowsEveryTransport(t *testing.T) {
	csp := CSP("mqtt:wss://broker.example:8084/mqtt, nostr:wss://relay.example,nostr:wss://relay.example/other,wss://ours.example/signal")
	want := "connect-src 'self' wss://broker.example:8084 wss://ours.example wss://relay.example;"
	if !strings.Contains(csp, want) {
		t.Fatalf("CSP %q lacks %q", csp, want)
	}
	if csp := CSP("not a list"); !strings.Contains(csp, "connect-src 'self';") {
		t.Fatalf("a broken list must allow nothing more: %q", csp)
	}
}
