package signal

import (
	"math/rand/v2"
	"testing"
)

// FuzzParseInvite: any pasted text either parses to an invite that round-trips, or is refused.
func FuzzParseInvite(f *testing.F) {
	in, _ := NewInviteFrom(rand.NewChaCha8([32]byte{9}))
	f.Add(in.Link("https://h"))
	f.Add("#/join/x.y")
	f.Add("")
	f.Fuzz(func(t *testing.T, s string) {
		got, err := ParseInvite(s)
		if err != nil {
			return
		}
		again, err := ParseInvite(got.Link("https://h"))
		if err != nil || again != got {
			t.Fatalf("%q → %+v does not round-trip: %+v %v", s, got, again, err)
		}
	})
}

// FuzzOpen: arbitrary bytes never open under a room key, and never panic.
func FuzzOpen(f *testing.F) {
	in, _ := NewInviteFrom(rand.NewChaCha8([32]byte{10}))
	box, _ := NewBox(in)
	f.Add(box.Seal(ToHost, Session{1}, 1, []byte(`{"kind":"bye"}`)))
	f.Add([]byte{1, 1})
	f.Fuzz(func(t *testing.T, b []byte) {
		_, _, msg, err := box.Open(ToHost, b)
		if err == nil {
			// Only a genuine seal opens; the corpus seed is the one such input.
			if _, err := DecodeMessage(msg); err != nil {
				t.Fatalf("opened a payload that is not a message: %v", err)
			}
		}
		ParseFrame(b)
	})
}

// FuzzDecodeMessage: decoding never panics and whatever decodes re-encodes.
func FuzzDecodeMessage(f *testing.F) {
	f.Add([]byte(`{"kind":"offer","sdp":"v=0","name":"Ada"}`))
	f.Add([]byte(`{"kind":"candidate","candidate":{"candidate":""}}`))
	f.Fuzz(func(t *testing.T, b []byte) {
		m, err := DecodeMessage(b)
		if err != nil {
			return
		}
		if _, err := m.Encode(); err != nil {
			t.Fatalf("decoded message does not encode: %v", err)
		}
	})
}

// FuzzOpenCode: pasted junk is refused cleanly.
func FuzzOpenCode(f *testing.F) {
	code, _ := SealCode(CodeOffer, "ABCD-EFGH", "v=0")
	f.Add(code, "ABCD-EFGH")
	f.Add("MK1O.", "")
	f.Fuzz(func(t *testing.T, code, pass string) {
		OpenCode(CodeOffer, pass, code)
	})
}
