// Package sigcheck verifies Ed25519 signatures under exactly crypto/ed25519's rules, letting the
// browser's own Ed25519 (WebCrypto, native code) do the arithmetic where it is present: in
// wasm, Go's verify costs ~2.5 ms of the page's one thread, WebCrypto's ~0.15 ms round trip.
//
// Implementations of Ed25519 differ at the edges (RFC 8032 leaves them open), and a signature
// one peer accepts and another refuses would split a table. So only signatures whose every
// part is plain go to the browser: S canonical (S < L, which Go requires too), R and A
// canonical encodings of points that are not of small order, A of prime order (checked once per
// key). Everything else is answered by crypto/ed25519 itself. Among plain signatures the
// implementations left differ only in cofactored against cofactorless checking, which a
// signature whose R carries a torsion part tells apart (Go refuses it); the browser's Ed25519
// is used only after it answered a set of such signatures as Go does (selfTest).
package sigcheck

import (
	"crypto/ed25519"
	"sync"

	"filippo.io/edwards25519"
)

// Verify reports whether sig is pub's signature of msg, as crypto/ed25519.Verify does (a key or
// signature of the wrong length is refused rather than a panic). In the browser it may wait for
// a turn of the page's event loop: call it from a goroutine, never from a js.Func callback.
func Verify(pub, msg, sig []byte) bool {
	if len(pub) != ed25519.PublicKeySize || len(sig) != ed25519.SignatureSize {
		return false
	}
	return once(pub, msg, sig, func() bool {
		if haveFast && fastReady() && Plain(pub, sig) {
			if ok, answered := fast(pub, msg, sig); answered {
				return ok
			}
		}
		return slow(pub, msg, sig)
	})
}

// VerifyNow is Verify without the browser: crypto/ed25519 at once, for a check a player waits
// on. Measured in the three-browser test (Chromium, loaded 2-core machine): Go's check of a
// move's signature takes ~0.4 ms of the page's thread, WebCrypto's answer 0.8 ms on a guest's
// page and 3.2-3.6 ms on the busy host's, its promise waiting behind the page's other tasks. So
// WebCrypto spares the page's thread (audits, replays) but would delay the host's applying of a
// move.
func VerifyNow(pub, msg, sig []byte) bool {
	if len(pub) != ed25519.PublicKeySize || len(sig) != ed25519.SignatureSize {
		return false
	}
	return once(pub, msg, sig, func() bool { return slow(pub, msg, sig) })
}

// Plain reports whether a 32-byte pub and 64-byte sig are plain enough that every correct
// Ed25519 implementation, cofactored or not, decides them as crypto/ed25519 does.
func Plain(pub, sig []byte) bool {
	if sig[63]&0xe0 != 0 {
		return false // S ≥ 2^253: Go refuses
	}
	if _, err := edwards25519.NewScalar().SetCanonicalBytes(sig[32:]); err != nil {
		return false // S ≥ L: Go refuses; some implementations reduce it
	}
	if !canonicalY(sig[:32]) || smallOrder(sig[:32]) {
		return false
	}
	return primeOrderKey(pub)
}

// p is 2^255-19, little-endian.
var p = [32]byte{0xed, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff,
	0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0x7f}

// canonicalY reports whether the encoding's y (its low 255 bits) is below p.
func canonicalY(b []byte) bool {
	for i := 31; i >= 0; i-- {
		c := b[i]
		if i == 31 {
			c &= 0x7f
		}
		if c != p[i] {
			return c < p[i]
		}
	}
	return false // y == p
}

// smallOrderY are the y coordinates of the eight points of order dividing 8 (0, 1, p-1 and the
// two of the order-8 points), little-endian: with either sign bit, the encodings of small-order
// points (TestSmallOrderList checks the list against the curve).
var smallOrderY = [][32]byte{
	{},
	{1},
	{0xec, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff,
		0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0x7f},
	{0x26, 0xe8, 0x95, 0x8f, 0xc2, 0xb2, 0x27, 0xb0, 0x45, 0xc3, 0xf4, 0x89, 0xf2, 0xef, 0x98, 0xf0,
		0xd5, 0xdf, 0xac, 0x05, 0xd3, 0xc6, 0x33, 0x39, 0xb1, 0x38, 0x02, 0x88, 0x6d, 0x53, 0xfc, 0x05},
	{0xc7, 0x17, 0x6a, 0x70, 0x3d, 0x4d, 0xd8, 0x4f, 0xba, 0x3c, 0x0b, 0x76, 0x0d, 0x10, 0x67, 0x0f,
		0x2a, 0x20, 0x53, 0xfa, 0x2c, 0x39, 0xcc, 0xc6, 0x4e, 0xc7, 0xfd, 0x77, 0x92, 0xac, 0x03, 0x7a},
}

func smallOrder(b []byte) bool {
	var y [32]byte
	copy(y[:], b)
	y[31] &= 0x7f
	for _, s := range smallOrderY {
		if y == s {
			return true
		}
	}
	return false
}

// keys remembers which public keys are plain (a table has a handful; the map is bounded so a
// stream of made-up keys costs memory only up to keyCap).
var (
	keyMu sync.Mutex
	keys  = map[[32]byte]bool{}
)

const keyCap = 1024

// inv8 is 8⁻¹ mod L: [8]([inv8]A) is A's prime-order part, equal to A iff A has no torsion.
// Written out (TestInv8 checks 8·inv8 = 1) rather than inverted at every page's start: an
// inversion is ~250 multiplications, run there by V8's baseline code before the first drawing.
var inv8 = mustScalar([32]byte{0x79, 0x2f, 0xdc, 0xe2, 0x29, 0xe5, 0x06, 0x61, 0xd0, 0xda, 0x1c, 0x7d, 0xb3, 0x9d, 0xd3, 0x07,
	0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x06})

// mustScalar is the scalar with canonical encoding b, a constant of this package.
func mustScalar(b [32]byte) *edwards25519.Scalar {
	s, err := edwards25519.NewScalar().SetCanonicalBytes(b[:])
	if err != nil {
		panic(err) // fixed literals, checked by the tests: unreachable
	}
	return s
}

// primeOrderKey reports whether pub is the canonical encoding of a point of prime order L.
func primeOrderKey(pub []byte) bool {
	k := [32]byte(pub)
	keyMu.Lock()
	ok, known := keys[k]
	keyMu.Unlock()
	if known {
		return ok
	}
	ok = primeOrder(pub)
	keyMu.Lock()
	if len(keys) >= keyCap {
		clear(keys)
	}
	keys[k] = ok
	keyMu.Unlock()
	return ok
}

func primeOrder(b []byte) bool {
	a, err := edwards25519.NewIdentityPoint().SetBytes(b)
	if err != nil || string(a.Bytes()) != string(b) || smallOrder(b) {
		return false // off the curve, non-canonical (y ≥ p, or x = 0 with the sign bit), small order
	}
	q := edwards25519.NewIdentityPoint().ScalarMult(inv8, a)
	return q.MultByCofactor(q).Equal(a) == 1
}
