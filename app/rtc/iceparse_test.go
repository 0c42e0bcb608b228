//go:build !js

package rtc

import (
	"encoding/json"
	"reflect"
	"strings"
	"testing"
)

// TestParseICE: the deployment's ICE list, as an operator writes it in -ice or MISKATONIC_ICE.
func TestParseICE(t *testing.T) {
	stun := ICEServer{URLs: []string{"stun:stun.example.org:3478"}}
	turnUDP := ICEServer{URLs: []string{"turn:turn.example.org:3478?transport=udp"}, Username: "alice", Credential: "s3:cr@t"}
	for _, tc := range []struct {
		spec string
		want Config
	}{
		{"", DefaultConfig()},
		{"default", DefaultConfig()},
		{"none", Config{}},
		{"stun:stun.example.org:3478", Config{Servers: []ICEServer{stun}}},
		{" stun:stun.example.org:3478 , alice:s3:cr@t@turn:turn.example.org:3478?transport=udp ", Config{Servers: []ICEServer{stun, turnUDP}}},
		{"default,relay", Config{Servers: DefaultServers(), Credentials: "/turn"}},
		{"relay:https://relay.example.org", Config{Credentials: "https://relay.example.org/turn"}},
		{"relay:wss://relay.example.org/signal", Config{Credentials: "https://relay.example.org/turn"}},
		{"relay:https://relay.example.org/creds", Config{Credentials: "https://relay.example.org/creds"}},
		{"u:p@turns:turn.example.org:5349?transport=tcp", Config{Servers: []ICEServer{{URLs: []string{"turns:turn.example.org:5349?transport=tcp"}, Username: "u", Credential: "p"}}}},
		{`[{"urls":"stun:stun.example.org:3478"},{"urls":["turn:turn.example.org:3478?transport=udp"],"username":"alice","credential":"s3:cr@t"}]`, Config{Servers: []ICEServer{stun, turnUDP}}},
	} {
		got, err := ParseICE(tc.spec)
		if err != nil {
			t.Errorf("ParseICE(%q): %v", tc.spec, err)
			continue
		}
		if !reflect.DeepEqual(got, tc.want) {
			t.Errorf("ParseICE(%q) = %+v, want %+v", tc.spec, got, tc.want)
		}
	}
}

// TestParseICERefuses: what a browser would refuse, or what is surely a mistake, is refused
// with the reason, and a password never shows in the message.
func TestParseICERefuses(t *testing.T) {
	for _, tc := range []struct{ spec, want string }{
		{"turn:turn.example.org:3478", "needs credentials"},
		{"u:secretpw@stun:stun.example.org", "bad host"},
		{"u:secretpw@turn:turn.example.org?transport=sctp", "transport"},
		{"u:secretpw@turns:turn.example.org?transport=udp", "TCP only"},
		{"stun:stun.example.org?transport=udp", "no ?transport"},
		{"http://stun.example.org", "want stun:host"},
		{"https:stun.example.org", "unknown scheme"},
		{"stun://stun.example.org", "want stun:host"},
		{"none,default", "none"},
		{"relay,relay:https://x.example", "more than one relay"},
		{"relay:ftp://x.example", "https"},
		{`[{"urls":5}]`, "urls"},
		{`[{"urls":"turn:t.example"}]`, "needs credentials"},
		{`[not json`, "JSON"},
	} {
		_, err := ParseICE(tc.spec)
		if err == nil || !strings.Contains(err.Error(), tc.want) {
			t.Errorf("ParseICE(%q) = %v, want an error mentioning %q", tc.spec, err, tc.want)
			continue
		}
		if strings.Contains(err.Error(), "secretpw") {
			t.Errorf("ParseICE(%q) shows the password: %v", tc.spec, err)
		}
	}
}

// TestParseTURNCredentials: a relay's answer is checked before it goes into a peer connection.
func TestParseTURNCredentials(t *testing.T) {
	good := `{"username":"1700000000:room","password":"cGFzcw==","ttl":21600,"uris":["turn:1.2.3.4:3478?transport=udp","turns:t.example:5349?transport=tcp"]}`
	c, err := ParseTURNCredentials([]byte(good))
	if err != nil || c.Server().Username != "1700000000:room" || len(c.Server().URLs) != 2 {
		t.Fatalf("%+v %v", c, err)
	}
	for name, body := range map[string]string{
		"no password":   `{"username":"1:r","ttl":1,"uris":["turn:h"]}`,
		"no ttl":        `{"username":"1:r","password":"p","uris":["turn:h"]}`,
		"no URLs":       `{"username":"1:r","password":"p","ttl":1,"uris":[]}`,
		"not TURN":      `{"username":"1:r","password":"p","ttl":1,"uris":["https://evil.example"]}`,
		"too many URLs": `{"username":"1:r","password":"p","ttl":1,"uris":["turn:a","turn:a","turn:a","turn:a","turn:a","turn:a","turn:a","turn:a","turn:a"]}`,
		"not JSON":      `<html>`,
		"oversized":     `{"username":"` + strings.Repeat("x", 20<<10) + `"}`,
	} {
		if _, err := ParseTURNCredentials([]byte(body)); err == nil {
			t.Errorf("%s: accepted", name)
		}
	}
}

// FuzzParseICE: any spec is parsed or refused without panicking; what is accepted names only
// STUN and TURN URLs, TURN ones with credentials, and survives the trip through the page's JSON.
func FuzzParseICE(f *testing.F) {
	for _, s := range []string{"", "default,relay", "u:p@turn:h:3478?transport=udp", `[{"urls":"stun:h"}]`, "relay:wss://r.example/signal", "none"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, spec string) {
		c, err := ParseICE(spec)
		if err != nil {
			return
		}
		for _, s := range c.Servers {
			for _, u := range s.URLs {
				turn := strings.HasPrefix(u, "turn:") || strings.HasPrefix(u, "turns:")
				if !turn && !strings.HasPrefix(u, "stun:") && !strings.HasPrefix(u, "stuns:") {
					t.Fatalf("%q accepted URL %q", spec, u)
				}
				if turn && (s.Username == "" || s.Credential == "") {
					t.Fatalf("%q accepted TURN without credentials", spec)
				}
			}
		}
		b, err := json.Marshal(c)
		if err != nil {
			t.Fatal(err)
		}
		var back Config
		if err := json.Unmarshal(b, &back); err != nil || !reflect.DeepEqual(back, c) {
			t.Fatalf("%q: %+v came back as %+v (%v)", spec, c, back, err)
		}
	})
}

// FuzzParseTURNCredentials: a relay's answer, however broken, is refused or checked.
func FuzzParseTURNCredentials(f *testing.F) {
	f.Add([]byte(`{"username":"1:r","password":"p","ttl":1,"uris":["turn:h"]}`))
	f.Add([]byte(`{}`))
	f.Fuzz(func(t *testing.T, body []byte) {
		c, err := ParseTURNCredentials(body)
		if err == nil && (c.Username == "" || c.Password == "" || c.TTL <= 0 || len(c.URIs) == 0) {
			t.Fatalf("accepted %+v", c)
		}
	})
}
