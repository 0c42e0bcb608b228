//go:build !wasm

package main

import (
	"flag"
	"testing"
)

// TestSignalFlag: the transport list comes from -signal, else $MISKATONIC_SIGNAL, else the
// command's default; "self" means our relay; a broken list is refused before anything is built.
func TestSignalFlag(t *testing.T) {
	cases := []struct {
		name, env, def string
		args           []string
		want           string
		bad            bool
	}{
		{"static default", "", DefaultPublicSignal, nil, DefaultPublicSignal, false},
		{"serve default", "", "self", nil, "", false},
		{"env", "nostr:wss://r.example", "self", nil, "nostr:wss://r.example", false},
		{"flag beats env", "nostr:wss://r.example", "self", []string{"-signal", "mqtt:wss://b.example/mqtt"}, "mqtt:wss://b.example/mqtt", false},
		{"self", "", DefaultPublicSignal, []string{"-signal", "self"}, "", false},
		{"broken", "", "self", []string{"-signal", "mqtt:ftp://x"}, "", true},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			t.Setenv(EnvSignal, tc.env)
			fs := flag.NewFlagSet("x", flag.ContinueOnError)
			get := signalFlag(fs, tc.def)
			if err := fs.Parse(tc.args); err != nil {
				t.Fatal(err)
			}
			got, err := get()
			if (err != nil) != tc.bad || got != tc.want {
				t.Fatalf("got %q, %v", got, err)
			}
		})
	}
}
