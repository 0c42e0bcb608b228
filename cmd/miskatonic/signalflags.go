//go:build !wasm

package main

import (
	"flag"
	"fmt"
	"os"

	"miskatonic/app/signal"
)

// EnvSignal names the signaling transports a build bakes into its pages: a list such as
// "mqtt:wss://broker.example/mqtt,nostr:wss://relay.example" (see signal.ParseEndpoints).
const EnvSignal = "MISKATONIC_SIGNAL"

// DefaultPublicSignal is what a static build uses when nothing is set: public MQTT brokers
// and Nostr relays that anyone may use and that serve WebSocket over TLS. A guest tries them
// all at once, so the invite works while any one of them is up; all they ever see is a
// hashed room name and sealed blobs.
const DefaultPublicSignal = "mqtt:wss://broker.emqx.io:8084/mqtt," +
	"mqtt:wss://broker.hivemq.com:8884/mqtt," +
	"nostr:wss://relay.damus.io," +
	"nostr:wss://nos.lol"

// signalFlag adds -signal, defaulting to $MISKATONIC_SIGNAL, then to def. "self" means our
// own relay at the page's origin (/signal).
func signalFlag(fs *flag.FlagSet, def string) func() (string, error) {
	if v := os.Getenv(EnvSignal); v != "" {
		def = v
	}
	v := fs.String("signal", def, "signaling transports baked into the pages: kind:url,... with kinds relay, mqtt, nostr; \"self\" for our relay at /signal (env "+EnvSignal+")")
	return func() (string, error) {
		if *v == "" || *v == "self" {
			return "", nil
		}
		if _, err := signal.ParseEndpoints(*v); err != nil {
			return "", fmt.Errorf("-signal: %w", err)
		}
		return *v, nil
	}
}
