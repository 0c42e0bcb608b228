//go:build js && wasm

package sigcheck

import (
	"testing"
	"time"
)

// TestWebCryptoAgrees runs under the runtime's own WebCrypto (Node's here; the browser test
// TestWebCryptoEd25519Edges asks Chromium's): it passes the self-test, Verify then hands it the
// plain signatures and still gives crypto/ed25519's verdict on every edge case. Where the raw
// WebCrypto answer differs from Go's, the case must not be plain.
func TestWebCryptoAgrees(t *testing.T) {
	Verify(make([]byte, 32), nil, make([]byte, 64)) // starts the self-test
	for end := time.Now().Add(10 * time.Second); state.Load() == stateTesting && time.Now().Before(end); {
		time.Sleep(time.Millisecond)
	}
	if state.Load() != stateOn {
		t.Skipf("this runtime's WebCrypto has no Ed25519 that passes the self-test: %v", lastVerdict.Load())
	}
	fastCalls := 0
	for _, c := range EdgeCases() {
		if Plain(c.Pub, c.Sig) {
			fastCalls++
		}
		if got := Verify(c.Pub, c.Msg, c.Sig); got != c.Go {
			t.Errorf("%s: Verify %v, crypto/ed25519 %v", c.Name, got, c.Go)
		}
		raw, answered := webVerify(c.Pub, c.Msg, c.Sig)
		if answered && raw != c.Go {
			t.Logf("%s: WebCrypto alone says %v, Go %v (plain: %v)", c.Name, raw, c.Go, Plain(c.Pub, c.Sig))
			if Plain(c.Pub, c.Sig) {
				t.Errorf("%s: WebCrypto and Go differ on a plain signature", c.Name)
			}
		}
	}
	if fastCalls == 0 {
		t.Fatal("no edge case is plain: none went to WebCrypto")
	}
}
