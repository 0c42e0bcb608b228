//go:build !wasm

package main

import (
	"flag"
	"io"
	"strings"
	"testing"

	"miskatonic/app/rtc"
	"miskatonic/app/turnserver"
)

func parseTURN(t *testing.T, args ...string) (func() (*turnserver.Config, error), error) {
	t.Helper()
	fs := flag.NewFlagSet("t", flag.ContinueOnError)
	fs.SetOutput(io.Discard)
	get := turnFlags(fs)
	return get, fs.Parse(args)
}

// TestTURNFlags: TURN is off unless asked for; what is asked for wrongly is refused with a
// way forward; the server it describes starts and hands out its own URLs.
func TestTURNFlags(t *testing.T) {
	t.Setenv(EnvTURNSecret, "")
	get, err := parseTURN(t)
	if err != nil {
		t.Fatal(err)
	}
	if c, err := get(); c != nil || err != nil {
		t.Fatalf("no -turn: %+v %v, want no TURN", c, err)
	}
	for _, tc := range []struct {
		args []string
		want string
	}{
		{[]string{"-turn-tls", ":5349"}, "-turn-cert"},
		{[]string{"-turn", ":3478", "-turn-ip", "not-an-ip"}, "-turn-ip"},
		{[]string{"-turn", ":3478", "-turn-ports", "lots"}, "MIN-MAX"},
		{[]string{"-turn", ":3478", "-turn-allow-peers", "10.0.0.0"}, "-turn-allow-peers"},
		{[]string{"-turn-urls", "turn:coturn.example:3478"}, EnvTURNSecret},
	} {
		get, err := parseTURN(t, tc.args...)
		if err == nil {
			_, err = get()
		}
		if err == nil || !strings.Contains(err.Error(), tc.want) {
			t.Errorf("%v: %v, want an error mentioning %s", tc.args, err, tc.want)
		}
	}
	// Listening everywhere without the public address cannot hand out a usable URL.
	get, _ = parseTURN(t, "-turn", ":0")
	c, err := get()
	if err != nil {
		t.Fatal(err)
	}
	if _, err := startTURN(c, func(string) bool { return true }); err == nil || !strings.Contains(err.Error(), "-turn-ip") {
		t.Fatalf("-turn :0 with no -turn-ip: %v", err)
	}
	get, _ = parseTURN(t, "-turn", "127.0.0.1:0", "-turn-room-allocs", "3")
	c, _ = get()
	open := map[string]bool{"hosted": true}
	s, err := startTURN(c, func(r string) bool { return open[r] })
	if err != nil {
		t.Fatal(err)
	}
	defer s.Close()
	if urls := s.URLs(); len(urls) != 2 || !strings.HasPrefix(urls[0], "turn:127.0.0.1:") {
		t.Fatalf("URLs %v", urls)
	}
	if c.RoomOpen == nil || c.RoomOpen("elsewhere") || !c.RoomOpen("hosted") || c.RoomAllocs != 3 {
		t.Fatal("the relay's rooms do not decide who gets credentials")
	}
	// A coturn fleet: no TURN here, its URLs handed out under the shared secret.
	t.Setenv(EnvTURNSecret, "fleet secret")
	get, _ = parseTURN(t, "-turn-urls", "turn:a.example:3478?transport=udp, turns:a.example:5349?transport=tcp", "-turn-any-room")
	c, _ = get()
	f, err := startTURN(c, nil)
	if err != nil {
		t.Fatal(err)
	}
	if cr := f.Credentials("r"); len(cr.URIs) != 2 || f.Secret() != "fleet secret" || c.RoomOpen != nil {
		t.Fatalf("fleet credentials %+v", cr)
	}
}

// TestStaticCredentials: a static build's "relay" is the relay it signals through; with none
// (or several) the operator is asked to name it.
func TestStaticCredentials(t *testing.T) {
	c := rtc.Config{Credentials: rtc.RelayCredentialsPath}
	if err := staticCredentials(&c, "wss://relay.example.org/signal"); err != nil || c.Credentials != "https://relay.example.org/turn" {
		t.Fatalf("%q %v", c.Credentials, err)
	}
	c = rtc.Config{Credentials: rtc.RelayCredentialsPath}
	if err := staticCredentials(&c, DefaultPublicSignal); err == nil || !strings.Contains(err.Error(), "relay:https://") {
		t.Fatalf("public brokers only: %v, want to be asked for the relay", err)
	}
	c = rtc.Config{Credentials: "https://elsewhere.example/turn"}
	if err := staticCredentials(&c, DefaultPublicSignal); err != nil || c.Credentials != "https://elsewhere.example/turn" {
		t.Fatalf("a named relay was changed: %q %v", c.Credentials, err)
	}
}

// TestSignalsThroughRelay: serve checks TURN rooms against its relay only when its pages meet
// there.
func TestSignalsThroughRelay(t *testing.T) {
	for spec, want := range map[string]bool{
		"":                           true,
		"wss://relay.example/signal": true,
		"mqtt:wss://b.example/mqtt,relay:wss://r.example/signal": true,
		DefaultPublicSignal: false,
	} {
		if got := signalsThroughRelay(spec); got != want {
			t.Errorf("signalsThroughRelay(%q) = %v, want %v", spec, got, want)
		}
	}
}
