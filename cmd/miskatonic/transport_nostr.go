//go:build !nonostr

package main

// Nostr relays as a signaling transport (build with -tags nonostr to leave it out).
import _ "miskatonic/app/signal/nostr"
