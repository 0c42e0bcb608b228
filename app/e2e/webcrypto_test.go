//go:build browser

package e2e

import (
	"crypto/ed25519"
	"encoding/hex"
	"fmt"
	"math/rand/v2"
	"strings"
	"testing"

	"miskatonic/internal/sigcheck"
)

// TestWebCryptoEd25519Edges is the forger's test of the pages' signature checks: Chromium's own
// Ed25519 (crypto.subtle.verify, which internal/sigcheck hands plain signatures to) is asked
// about every edge case — malleable S, R with a torsion part, small-order and non-canonical
// keys and R, keys with a torsion part, points off the curve — and must give crypto/ed25519's
// verdict on every one sigcheck would hand it. Where it differs on the others, that is printed:
// it is why they stay with Go.
func TestWebCryptoEd25519Edges(t *testing.T) {
	srv := StartApp(t)
	b := NewBrowser(t, "webcrypto", Laptop)
	b.Open(srv.URL + "/")
	b.WaitApp()
	plain, agreed := 0, 0
	var differ []string
	cases := append(sigcheck.EdgeCases(), damaged(60)...)
	for _, c := range cases {
		got, err := Eval[string](b, fmt.Sprintf(`(async () => {
		  const h = (s) => Uint8Array.from(s.match(/../g) || [], (x) => parseInt(x, 16));
		  try {
		    const k = await crypto.subtle.importKey('raw', h(%q), {name: 'Ed25519'}, false, ['verify']);
		    return String(await crypto.subtle.verify({name: 'Ed25519'}, k, h(%q), h(%q)));
		  } catch (e) { return 'error: ' + e.name; }
		})()`, hex.EncodeToString(c.Pub), hex.EncodeToString(c.Sig), hex.EncodeToString(c.Msg)))
		if err != nil {
			t.Fatalf("%s: %v", c.Name, err)
		}
		isPlain := sigcheck.Plain(c.Pub, c.Sig)
		if isPlain {
			plain++
			if got != fmt.Sprint(c.Go) {
				t.Errorf("%s: Chromium's Ed25519 says %s, crypto/ed25519 %v, and sigcheck would ask Chromium", c.Name, got, c.Go)
			}
		}
		if got == fmt.Sprint(c.Go) {
			agreed++
		} else {
			differ = append(differ, fmt.Sprintf("%s (Chromium %s, Go %v)", c.Name, got, c.Go))
		}
	}
	if plain < 30 {
		t.Fatalf("only %d edge cases are plain: the test asks Chromium too little", plain)
	}
	t.Logf("FIGURE Chromium's Ed25519 against crypto/ed25519 on %d edge cases and damaged signatures: %d agree, %d plain (handed to Chromium) all agree; kept with Go where they differ: %s",
		len(cases), agreed, plain, strings.Join(differ, "; "))
}

// damaged are n honest signatures (seeded keys and messages), every other one with one bit
// flipped somewhere in its key, signature or message, each with crypto/ed25519's verdict.
func damaged(n int) []sigcheck.Case {
	r := rand.New(rand.NewPCG(26, 1))
	var out []sigcheck.Case
	for i := 0; i < n; i++ {
		seed := make([]byte, ed25519.SeedSize)
		for j := range seed {
			seed[j] = byte(r.Uint32())
		}
		priv := ed25519.NewKeyFromSeed(seed)
		c := sigcheck.Case{Name: fmt.Sprintf("damaged %d", i), Pub: priv.Public().(ed25519.PublicKey), Msg: fmt.Appendf(nil, "move %d", r.Uint32())}
		c.Sig = ed25519.Sign(priv, c.Msg)
		if i%2 == 1 {
			all := [][]byte{c.Pub, c.Sig, c.Msg}
			part := all[r.IntN(3)]
			part[r.IntN(len(part))] ^= 1 << r.IntN(8)
		}
		c.Go = ed25519.Verify(c.Pub, c.Msg, c.Sig)
		out = append(out, c)
	}
	return out
}

// logSigChecks prints which Ed25519 each page's self-test chose, how many signatures each kind
// checked and their mean wall time from call to answer (internal/sigcheck's trace: a WebCrypto
// check's includes its promise's round trip through the page's event loop), and fails if a page
// did not use WebCrypto.
func logSigChecks(t *testing.T, bs ...*Browser) {
	t.Helper()
	var parts []string
	for _, b := range bs {
		used, _ := Eval[string](b, `window.__mkSig || 'not yet'`)
		n, _ := Eval[[]float64](b, `window.__mkSigN || [0, 0, 0, 0]`)
		if len(n) != 4 {
			n = []float64{0, 0, 0, 0}
		}
		mean := func(c, ms float64) float64 { return ms / max(c, 1) }
		parts = append(parts, fmt.Sprintf("%s %s: WebCrypto n=%.0f mean %.2f ms, Go n=%.0f mean %.2f ms", b.Name, used,
			n[0], mean(n[0], n[1]), n[2], mean(n[2], n[3])))
		if used != "webcrypto" {
			t.Errorf("%s did not check signatures with WebCrypto: %s", b.Name, used)
		}
	}
	t.Logf("FIGURE signature checks per page (load %s): %s", loadAvg(), strings.Join(parts, "; "))
}
