package session

import (
	"reflect"
	"testing"
)

// TestPageICE: a page reads the ICE set-up its deployment baked in; a credentials endpoint on
// its own origin becomes absolute; nothing, or garbage, is the default (one public STUN server).
func TestPageICE(t *testing.T) {
	const origin = "https://play.example"
	for _, tc := range []struct {
		name, env string
		want      ICE
	}{
		{"nothing baked in", "", DefaultICE()},
		{"garbage", "{not json", DefaultICE()},
		{"our relay at this origin", `{"servers":[{"urls":["stun:s.example"]}],"credentials":"/turn"}`,
			ICE{Servers: []ICEServer{{URLs: []string{"stun:s.example"}}}, Credentials: origin + "/turn"}},
		{"a relay elsewhere", `{"credentials":"https://relay.example/turn"}`, ICE{Credentials: "https://relay.example/turn"}},
		{"no servers at all", `{}`, ICE{}},
		{"loopback is for native peers only", `{"loopback":true,"relay_only":true}`, ICE{RelayOnly: true}},
	} {
		got, err := PageICE(tc.env, origin)
		if !reflect.DeepEqual(got, tc.want) {
			t.Errorf("%s: %+v, want %+v", tc.name, got, tc.want)
		}
		if (err != nil) != (tc.name == "garbage") {
			t.Errorf("%s: error %v", tc.name, err)
		}
	}
}
