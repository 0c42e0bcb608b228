package table

import (
	"bytes"
	"encoding/json"
	"testing"
	"time"

	"miskatonic/engine/fair/toy"
	"miskatonic/engine/wire"
)

// A peer on another protocol version (an older or newer build) is told so, in words it reads,
// instead of a table that never answers; neither side takes the other for a cheat.
func TestProtocolVersionTold(t *testing.T) {
	defer checkNoLeak(t)()
	// A guest of version 2 at this host: answered with a bye in version 2's envelope.
	h, err := NewHost(toy.Rules{}, HostConfig{Rand: newRand(1)})
	if err != nil {
		t.Fatal(err)
	}
	a, b := Pipe()
	if err := h.AddGuest(a); err != nil {
		t.Fatal(err)
	}
	if _, err := b.Recv(); err != nil { // the challenge
		t.Fatal(err)
	}
	if err := b.Send([]byte(`{"v":2,"type":"resync","seq":1,"body":{"next":1}}`)); err != nil {
		t.Fatal(err)
	}
	// The table's preview (watch.go) may come first: it follows the challenge on every link.
	var f []byte
	for {
		if f, err = b.Recv(); err != nil {
			t.Fatal(err)
		}
		if !bytes.Contains(f, []byte(`"type":"preview"`)) {
			break
		}
	}
	// Read as a version 2 build reads it: its own Bye, strictly. Such a build words the code
	// "version" itself (session.ProblemVersion); no build ever showed the English reason.
	var env wire.Envelope
	var bye struct {
		Kind   string `json:"kind"`
		Code   string `json:"code,omitempty"`
		Reason string `json:"reason,omitempty"`
	}
	if err := json.Unmarshal(bytes.TrimRight(f, " "), &env); err != nil {
		t.Fatalf("the old guest got %s: %v", f, err)
	}
	dec := json.NewDecoder(bytes.NewReader(env.Body))
	dec.DisallowUnknownFields()
	if env.V != 2 || env.Type != wire.TBye || dec.Decode(&bye) != nil || bye.Code != "version" || bye.Kind != "version" || bye.Reason != "" {
		t.Fatalf("the old guest got %s", f)
	}
	b.Close()
	h.Close()

	// This guest at a host of version 2: it says so, and does not hang on.
	a, b = Pipe()
	g, err := NewGuest(b, GuestConfig{Name: "g", Identity: identity(1), Rand: newRand(2), Rules: lookup, Tick: 5 * time.Millisecond})
	if err != nil {
		t.Fatal(err)
	}
	a.Send([]byte(`{"v":2,"type":"challenge","seq":1,"body":{"nonce":"AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA=","game":"toy","rules":1,"table":"AAAAAAAAAAAAAAAAAAAAAA=="}}`))
	deadline := time.Now().Add(time.Minute) // a guard, not a timing
	for g.State().Dropped == nil && time.Now().Before(deadline) {
		time.Sleep(2 * time.Millisecond)
	}
	if d := g.State().Dropped; d == nil || d.Code != wire.ByeVersion || d.Kind != wire.KindVersion {
		t.Fatalf("dropped: %+v", d)
	}
	g.Close()
	a.Close()
}
