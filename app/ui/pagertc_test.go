package ui

import (
	"reflect"
	"testing"

	"miskatonic/app/rtc"
)

// TestPageRTC: the page reads the ICE set-up its deployment baked in; a credentials endpoint on
// its own origin becomes absolute; nothing, or garbage, is the default (one public STUN server).
func TestPageRTC(t *testing.T) {
	const origin = "https://play.example"
	for _, tc := range []struct {
		name, env string
		want      rtc.Config
	}{
		{"nothing baked in", "", rtc.DefaultConfig()},
		{"garbage", "{not json", rtc.DefaultConfig()},
		{"our relay at this origin", `{"servers":[{"urls":["stun:s.example"]}],"credentials":"/turn"}`,
			rtc.Config{Servers: []rtc.ICEServer{{URLs: []string{"stun:s.example"}}}, Credentials: origin + "/turn"}},
		{"a relay elsewhere", `{"credentials":"https://relay.example/turn"}`, rtc.Config{Credentials: "https://relay.example/turn"}},
		{"no servers at all", `{}`, rtc.Config{}},
		{"loopback is for native peers only", `{"loopback":true,"relay_only":true}`, rtc.Config{RelayOnly: true}},
	} {
		if got := pageRTC(tc.env, origin); !reflect.DeepEqual(got, tc.want) {
			t.Errorf("%s: %+v, want %+v", tc.name, got, tc.want)
		}
	}
}
