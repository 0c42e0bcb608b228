package sigcheck

import (
	"crypto/ed25519"
	"math/rand/v2"
	"testing"
)

// TestSeenForgeries is what a forger tries once a page has remembered a good signature: the
// same signature with one bit of the signature, the message or the key changed, the signature
// under another key, and a signature of the wrong length. Each is refused, every time it is
// asked, by Verify and VerifyNow alike, and none is remembered.
func TestSeenForgeries(t *testing.T) {
	Forget()
	r := rand.New(rand.NewPCG(26, 1))
	key, other := keyFrom(r), keyFrom(r)
	pub, otherPub := []byte(key.Public().(ed25519.PublicKey)), []byte(other.Public().(ed25519.PublicKey))
	msg := []byte("move 7: seat 1 plays the Elder Sign")
	sig := ed25519.Sign(key, msg)
	if !Verify(pub, msg, sig) || !VerifyNow(pub, msg, sig) {
		t.Fatal("the honest signature is refused")
	}
	flip := func(b []byte, i int) []byte {
		c := append([]byte(nil), b...)
		c[i/8%len(c)] ^= 1 << (i % 8)
		return c
	}
	cases := []struct {
		name          string
		pub, msg, sig []byte
	}{
		{"signature bit", pub, msg, flip(sig, 3)},
		{"signature S bit", pub, msg, flip(sig, 40*8+1)},
		{"message bit", pub, flip(msg, 9), sig},
		{"longer message", pub, append(append([]byte(nil), msg...), 0), sig},
		{"key bit", flip(pub, 5), msg, sig},
		{"another key", otherPub, msg, sig},
		{"short signature", pub, msg, sig[:63]},
		{"signature and message swapped", pub, sig, msg},
	}
	for _, tc := range cases {
		for round := 0; round < 2; round++ {
			if Verify(tc.pub, tc.msg, tc.sig) || VerifyNow(tc.pub, tc.msg, tc.sig) {
				t.Fatalf("%s (round %d): accepted", tc.name, round)
			}
		}
		if len(tc.pub) == 32 && len(tc.sig) == 64 {
			seenMu.Lock()
			_, planted := seen[seenKey(tc.pub, tc.msg, tc.sig)]
			seenMu.Unlock()
			if planted {
				t.Fatalf("%s: a refused signature was remembered", tc.name)
			}
		}
	}
}

// TestSeenAnswersAsGo: over random keys, messages and signatures, honest and with one bit
// changed, each asked several times in a random order, Verify and VerifyNow answer exactly as
// crypto/ed25519.Verify does, remembered or not; the memory never holds more than seenCap.
func TestSeenAnswersAsGo(t *testing.T) {
	Forget()
	r := rand.New(rand.NewPCG(26, 2))
	type triple struct{ pub, msg, sig []byte }
	var all []triple
	for i := 0; i < 60; i++ {
		k := keyFrom(r)
		msg := make([]byte, 1+r.IntN(200))
		for j := range msg {
			msg[j] = byte(r.Uint32())
		}
		tr := triple{k.Public().(ed25519.PublicKey), msg, ed25519.Sign(k, msg)}
		if r.IntN(2) == 0 {
			part := [][]byte{tr.pub, tr.msg, tr.sig}[r.IntN(3)]
			part[r.IntN(len(part))] ^= byte(1 << r.IntN(8))
		}
		all = append(all, tr)
	}
	for n := 0; n < 400; n++ {
		tr := all[r.IntN(len(all))]
		want := ed25519.Verify(tr.pub, tr.msg, tr.sig)
		if got := Verify(tr.pub, tr.msg, tr.sig); got != want {
			t.Fatalf("check %d: Verify %v, crypto/ed25519 %v", n, got, want)
		}
		if got := VerifyNow(tr.pub, tr.msg, tr.sig); got != want {
			t.Fatalf("check %d: VerifyNow %v, crypto/ed25519 %v", n, got, want)
		}
	}
	// The memory is bounded: past seenCap it starts afresh.
	k := keyFrom(r)
	pub := k.Public().(ed25519.PublicKey)
	for i := 0; i <= seenCap; i++ {
		msg := []byte{byte(i), byte(i >> 8), 'm'}
		Signed(pub, msg, ed25519.Sign(k, msg))
	}
	seenMu.Lock()
	n := len(seen)
	seenMu.Unlock()
	if n > seenCap {
		t.Fatalf("%d signatures remembered, more than %d", n, seenCap)
	}
}

// TestSignedOwn: a signature the process made is answered at once, and only it: the same
// key over another message still gets a full check (and is refused when not signed).
func TestSignedOwn(t *testing.T) {
	Forget()
	k := keyFrom(rand.New(rand.NewPCG(26, 3)))
	pub := k.Public().(ed25519.PublicKey)
	msg := []byte("head 12")
	sig := ed25519.Sign(k, msg)
	Signed(pub, msg, sig)
	if !Verify(pub, msg, sig) {
		t.Fatal("a signature the page made is refused")
	}
	if Verify(pub, []byte("head 13"), sig) {
		t.Fatal("its signature passes for another message")
	}
	Signed(pub[:31], msg, sig) // wrong lengths are ignored, never a panic
	Signed(pub, msg, sig[:10])
}
