package session

import (
	"bytes"
	"encoding/json"
	"testing"
)

// TestSavedEncode: the hand-spliced encoding of a saved table is byte for byte what
// json.Marshal makes of it, for every shape of snapshot the host hands over.
func TestSavedEncode(t *testing.T) {
	for _, tc := range []struct {
		name string
		meta saved
		snap string
	}{
		{"host", saved{Kind: Host, Game: "arkham", Name: "Ann <&>", Invite: json.RawMessage(`{"room":"r"}`), BotDelay: 7, Hands: 1}, `{"v":1,"moves":[{"kind":"deal"}],"sigs":["AAE="]}`},
		{"solo", saved{Kind: Solo, Game: "rituals", Name: "Bo"}, `{"v":1}`},
		{"nested object", saved{Kind: Solo}, `{"a":{"snapshot":null}}`},
	} {
		t.Run(tc.name, func(t *testing.T) {
			want := tc.meta
			want.Snapshot = json.RawMessage(tc.snap)
			w, err := json.Marshal(want)
			if err != nil {
				t.Fatal(err)
			}
			got, err := tc.meta.encode([]byte(tc.snap))
			if err != nil {
				t.Fatal(err)
			}
			if !bytes.Equal(got, w) {
				t.Fatalf("encode\n got %s\nwant %s", got, w)
			}
			var back saved
			if err := json.Unmarshal(got, &back); err != nil || string(back.Snapshot) != tc.snap {
				t.Fatalf("read back %q (%v)", back.Snapshot, err)
			}
		})
	}
}
