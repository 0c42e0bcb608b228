package signal

import (
	"errors"
	"math"
	"strings"
	"testing"
	"time"
)

// TestCodePassResistsOfflineSearch: an attacker photographed an offer code and searches the
// pass. The pass must carry at least 64 bits, each code its own salt (no table precomputed
// for one pass serves another code), and a near-miss pass must not open it.
func TestCodePassResistsOfflineSearch(t *testing.T) {
	if bits := float64(PassLen) * math.Log2(float64(len(passAlphabet))); bits < 64 {
		t.Fatalf("pass carries %.0f bits", bits)
	}
	pass, err := NewPass()
	if err != nil {
		t.Fatal(err)
	}
	sdp := "v=0\r\n"
	a, err := SealCode(CodeOffer, pass, sdp)
	if err != nil {
		t.Fatal(err)
	}
	forget()
	b, err := SealCode(CodeOffer, pass, sdp)
	if err != nil {
		t.Fatal(err)
	}
	saltOf := func(code string) string {
		_, body, _ := strings.Cut(code, ".")
		return body[:22] // 16 bytes of salt, base64
	}
	if saltOf(a) == saltOf(b) {
		t.Fatal("two codes under one pass share a salt")
	}
	// One symbol off, as a guess from a good dictionary would be.
	near := []byte(strings.ReplaceAll(pass, "-", ""))
	near[len(near)-1] = passAlphabet[(strings.IndexByte(passAlphabet, near[len(near)-1])+1)%32]
	forget()
	if _, err := OpenCode(CodeOffer, string(near), a); !errors.Is(err, ErrBadCode) {
		t.Fatalf("a near-miss pass opened the code: %v", err)
	}
	// The real pass still opens both, each with its own salt.
	for _, c := range []string{a, b} {
		forget()
		if got, err := OpenCode(CodeOffer, pass, c); err != nil || got != sdp {
			t.Fatalf("open: %q %v", got, err)
		}
	}
	// The host opens the answer, sealed by the guest under the offer's salt, without a second
	// derivation; a fresh page with the pass opens it too.
	forget()
	if _, err := OpenCode(CodeOffer, pass, a); err != nil {
		t.Fatal(err)
	}
	ans, err := SealCode(CodeAnswer, pass, "answer")
	if err != nil || saltOf(ans) != saltOf(a) {
		t.Fatalf("answer salt %q, offer %q (%v)", saltOf(ans), saltOf(a), err)
	}
}

func forget() {
	kdfCache.Lock()
	kdfCache.entries = nil
	kdfCache.Unlock()
}

// BenchmarkPassGuess is one attacker's guess: one Argon2id derivation with a new salt (and
// the cheap AES-GCM open after it). It reports the core-years to search half the pass space
// at this speed. Under wasm (Node) it is also what a phone pays, a few times slower, per code.
func BenchmarkPassGuess(b *testing.B) {
	salt := make([]byte, saltLen)
	start := time.Now()
	for i := 0; i < b.N; i++ {
		salt[0], salt[1] = byte(i), byte(i>>8)
		forget()
		passKey("0123456789ABC", salt)
	}
	per := time.Since(start).Seconds() / float64(b.N)
	half := math.Exp2(float64(PassLen)*5 - 1)
	b.ReportMetric(per*1000, "ms/guess")
	b.ReportMetric(half*per/(365.25*24*3600), "core-years/half-space")
}
