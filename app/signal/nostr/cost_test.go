//go:build !wasm

package nostr

import (
	"bytes"
	"encoding/base64"
	"encoding/json"
	"fmt"
	"testing"

	gonostr "github.com/nbd-wtf/go-nostr"
)

// The per-event costs of the relayed path over Nostr, each step on its own: what the sender
// pays (id and signature, JSON), what the relay pays for every event it takes (khatru parses
// the envelope, recomputes the id and verifies the signature with go-nostr), and what a
// subscriber pays to read one. Figures, not assertions:
//
//	go test -run '^$' -bench . ./app/signal/nostr/
func benchEvent(b *testing.B, size int) (*Bus, Event, []byte) {
	k, err := newKey()
	if err != nil {
		b.Fatal(err)
	}
	bus := &Bus{key: k, pub: fmt.Sprintf("%x", k.px)}
	payload := bytes.Repeat([]byte{0xa5}, size)
	ev, err := bus.sign("topic-0123456789abcdef", payload, 1700000000)
	if err != nil {
		b.Fatal(err)
	}
	return bus, ev, payload
}

var sizes = []int{200, 8 << 10}

// BenchmarkEventSign is the sender's id (JSON + SHA-256) and BIP-340 signature for one event.
func BenchmarkEventSign(b *testing.B) {
	for _, n := range sizes {
		b.Run(fmt.Sprintf("%dB", n), func(b *testing.B) {
			bus, _, payload := benchEvent(b, n)
			for b.Loop() {
				if _, err := bus.sign("topic-0123456789abcdef", payload, 1700000000); err != nil {
					b.Fatal(err)
				}
			}
		})
	}
}

// BenchmarkEventID is the id alone (the JSON serialization NIP-01 hashes, and SHA-256).
func BenchmarkEventID(b *testing.B) {
	for _, n := range sizes {
		b.Run(fmt.Sprintf("%dB", n), func(b *testing.B) {
			_, ev, _ := benchEvent(b, n)
			for b.Loop() {
				ID(ev)
			}
		})
	}
}

// BenchmarkRelayChecks is what a khatru relay does with each event it is sent: parse the
// envelope, recompute the id, verify the signature.
func BenchmarkRelayChecks(b *testing.B) {
	for _, n := range sizes {
		b.Run(fmt.Sprintf("%dB", n), func(b *testing.B) {
			_, ev, _ := benchEvent(b, n)
			msg, err := json.Marshal([]any{"EVENT", ev})
			if err != nil {
				b.Fatal(err)
			}
			smp := gonostr.NewMessageParser()
			for b.Loop() {
				env, err := smp.ParseMessage(string(msg))
				if err != nil {
					b.Fatal(err)
				}
				e := env.(*gonostr.EventEnvelope).Event
				if !e.CheckID() {
					b.Fatal("id refused")
				}
				if ok, err := e.CheckSignature(); !ok || err != nil {
					b.Fatalf("signature refused: %v", err)
				}
			}
		})
	}
}

// BenchmarkEventRead is a subscriber's work per event (Bus.read): parse the relay's message,
// decode the content.
func BenchmarkEventRead(b *testing.B) {
	for _, n := range sizes {
		b.Run(fmt.Sprintf("%dB", n), func(b *testing.B) {
			_, ev, _ := benchEvent(b, n)
			data, err := json.Marshal([]any{"EVENT", "sub", ev})
			if err != nil {
				b.Fatal(err)
			}
			for b.Loop() {
				var msg []json.RawMessage
				var got Event
				if json.Unmarshal(data, &msg) != nil || json.Unmarshal(msg[2], &got) != nil {
					b.Fatal("unreadable")
				}
				if _, err := base64.RawURLEncoding.DecodeString(got.Content); err != nil {
					b.Fatal(err)
				}
			}
		})
	}
}

// BenchmarkRelayVerify is the relay's signature check alone (go-nostr over btcec).
func BenchmarkRelayVerify(b *testing.B) {
	_, ev, _ := benchEvent(b, 200)
	e := gonostr.Event{ID: ev.ID, PubKey: ev.PubKey, CreatedAt: gonostr.Timestamp(ev.CreatedAt), Kind: ev.Kind, Content: ev.Content, Sig: ev.Sig}
	for _, t := range ev.Tags {
		e.Tags = append(e.Tags, gonostr.Tag(t))
	}
	for b.Loop() {
		if ok, err := e.CheckSignature(); !ok || err != nil {
			b.Fatalf("signature refused: %v", err)
		}
	}
}
