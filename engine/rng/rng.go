// Package rng is Miskatonic's only source of randomness: a deterministic generator seeded with 32
// bytes (ChaCha8 from math/rand/v2, whose output Go pins as part of its API) and a pinned
// Fisher–Yates shuffle. The same seed gives the same sequence natively and under wasm, in every
// Go release: we never call math/rand/v2 helpers whose algorithm may change (IntN, Shuffle).
package rng

import (
	"crypto/hkdf"
	"crypto/sha256"
	"math/bits"
	"math/rand/v2"
)

// Rand is a deterministic random source. It is not safe for concurrent use. The zero value must
// be seeded with Reseed before use.
type Rand struct{ c rand.ChaCha8 }

// New returns a generator seeded with seed.
func New(seed [32]byte) *Rand {
	r := new(Rand)
	r.c.Seed(seed)
	return r
}

// Reseed makes r behave exactly as New(seed). Hot loops (a deal every simulated round) keep a
// Rand on the stack and reseed it, allocating nothing.
func (r *Rand) Reseed(seed [32]byte) { r.c.Seed(seed) }

// FromInt is a convenience for tests and simulations: a generator seeded from an integer.
func FromInt(n uint64) *Rand {
	var s [32]byte
	for i := 0; i < 8; i++ {
		s[i] = byte(n >> (8 * i))
	}
	return New(s)
}

// Uint64 returns 64 uniformly random bits.
func (r *Rand) Uint64() uint64 { return r.c.Uint64() }

// Seed returns 32 fresh bytes from r (for seeding another generator or a deal key).
func (r *Rand) Seed() [32]byte {
	var s [32]byte
	for i := 0; i < 4; i++ {
		v := r.c.Uint64()
		for j := 0; j < 8; j++ {
			s[8*i+j] = byte(v >> (8 * j))
		}
	}
	return s
}

// Intn returns a uniform integer in [0, n). It panics if n <= 0 (a programming error, never input).
// The algorithm is Lemire's multiply-and-reject, written out so it never changes under us.
func (r *Rand) Intn(n int) int {
	if n <= 0 {
		panic("rng: Intn with n <= 0")
	}
	bound := uint64(n)
	hi, lo := bits.Mul64(r.c.Uint64(), bound)
	if lo < bound {
		thresh := -bound % bound
		for lo < thresh {
			hi, lo = bits.Mul64(r.c.Uint64(), bound)
		}
	}
	return int(hi)
}

// Shuffle permutes n elements with the pinned Fisher–Yates: for i from n-1 down to 1, swap i
// with Intn(i+1).
func (r *Rand) Shuffle(n int, swap func(i, j int)) {
	for i := n - 1; i > 0; i-- {
		swap(i, r.Intn(i+1))
	}
}

// Perm returns a pinned random permutation of 0..n-1.
func (r *Rand) Perm(n int) []int {
	p := make([]int, n)
	for i := range p {
		p[i] = i
	}
	r.Shuffle(n, func(i, j int) { p[i], p[j] = p[j], p[i] })
	return p
}

// Derive expands key into an independent 32-byte sub-key for one named use (HKDF-SHA-256 with an
// empty salt and label as info), so every random choice of a deal (deck order, first player,
// Mystery Card…) draws from its own stream.
//
// Games derive a key every round of every simulated game, so the usual labels take a path with
// no allocation: HKDF's extract and its single expand block written out as two HMAC-SHA-256s
// over stack buffers (crypto/hkdf costs 18 allocations). TestDeriveMatchesHKDF pins the two
// paths together; labels too long for the buffer take crypto/hkdf itself.
func Derive(key [32]byte, label string) [32]byte {
	if len(label) > maxFastLabel {
		return deriveHKDF(key, label)
	}
	var zero [32]byte
	prk := hmac32(&zero, key[:], "", 0) // extract: HMAC(salt = zeros, key)
	return hmac32(&prk, nil, label, 1)  // expand, first block: HMAC(prk, info || 0x01)
}

// deriveHKDF is Derive through crypto/hkdf, apart so that slicing its key for hkdf does not make
// Derive's own key escape to the heap.
func deriveHKDF(key [32]byte, label string) [32]byte {
	var out [32]byte
	b, err := hkdf.Key(sha256.New, key[:], nil, label, len(out))
	if err != nil { // only possible for absurd lengths
		panic("rng: hkdf: " + err.Error())
	}
	copy(out[:], b)
	return out
}

// maxFastLabel is the longest label hmac32's buffer holds beside the block and the counter byte.
const maxFastLabel = 127

// hmac32 is HMAC-SHA-256 with a 32-byte key over msg || label || (suffix, if non-zero); msg and
// label together must fit in 128 bytes (Derive guarantees it).
func hmac32(k *[32]byte, msg []byte, label string, suffix byte) [32]byte {
	const block = 64
	var buf [block + 128]byte
	for i := range block {
		var b byte
		if i < len(k) {
			b = k[i]
		}
		buf[i] = b ^ 0x36
	}
	n := block
	n += copy(buf[n:], msg)
	n += copy(buf[n:], label)
	if suffix != 0 {
		buf[n] = suffix
		n++
	}
	inner := sha256.Sum256(buf[:n])
	for i := range block {
		var b byte
		if i < len(k) {
			b = k[i]
		}
		buf[i] = b ^ 0x5c
	}
	copy(buf[block:], inner[:])
	return sha256.Sum256(buf[:block+len(inner)])
}
