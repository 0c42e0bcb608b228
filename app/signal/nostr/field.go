package nostr

import "math/bits"

// Arithmetic modulo secp256k1's p = 2²⁵⁶ − 2³² − 977 on four 64-bit limbs. It replaced math/big
// for the curve's points: every relayed frame over Nostr is one signed event, and big.Int's
// allocations and long divisions made a signature cost about 0.7 ms natively (far more in
// wasm, on the page's one thread); here a product is reduced with two multiplications by
// 2³² + 977. Not constant time, like the rest (see schnorr.go).

// fe is a field element, little-endian limbs, always fully reduced (< p).
type fe [4]uint64

// fieldC is 2²⁵⁶ mod p.
const fieldC = 0x1000003D1

var fieldP = fe{0xFFFFFFFEFFFFFC2F, 0xFFFFFFFFFFFFFFFF, 0xFFFFFFFFFFFFFFFF, 0xFFFFFFFFFFFFFFFF}

// bytes is a as 32 bytes, big-endian.
func (a fe) bytes() []byte {
	b := make([]byte, 32)
	for i := range 4 {
		for j := range 8 {
			b[31-8*i-j] = byte(a[i] >> (8 * j))
		}
	}
	return b
}

func (a fe) isZero() bool { return a[0]|a[1]|a[2]|a[3] == 0 }

func (a fe) isOdd() bool { return a[0]&1 == 1 }

// subP returns a − p when a ≥ p (or when carry says a is really 2²⁵⁶ more), else a.
func subP(a fe, carry uint64) fe {
	var d fe
	var b uint64
	d[0], b = bits.Sub64(a[0], fieldP[0], 0)
	d[1], b = bits.Sub64(a[1], fieldP[1], b)
	d[2], b = bits.Sub64(a[2], fieldP[2], b)
	d[3], b = bits.Sub64(a[3], fieldP[3], b)
	if carry != 0 || b == 0 {
		return d
	}
	return a
}

func feAdd(a, b fe) fe {
	var s fe
	var c uint64
	s[0], c = bits.Add64(a[0], b[0], 0)
	s[1], c = bits.Add64(a[1], b[1], c)
	s[2], c = bits.Add64(a[2], b[2], c)
	s[3], c = bits.Add64(a[3], b[3], c)
	return subP(s, c)
}

func feSub(a, b fe) fe {
	var d fe
	var bw uint64
	d[0], bw = bits.Sub64(a[0], b[0], 0)
	d[1], bw = bits.Sub64(a[1], b[1], bw)
	d[2], bw = bits.Sub64(a[2], b[2], bw)
	d[3], bw = bits.Sub64(a[3], b[3], bw)
	if bw != 0 { // wrapped below zero: add p back
		var c uint64
		d[0], c = bits.Add64(d[0], fieldP[0], 0)
		d[1], c = bits.Add64(d[1], fieldP[1], c)
		d[2], c = bits.Add64(d[2], fieldP[2], c)
		d[3], _ = bits.Add64(d[3], fieldP[3], c)
	}
	return d
}

func feMul(a, b fe) fe {
	var t [8]uint64
	for i := range 4 {
		var carry uint64
		for j := range 4 {
			hi, lo := bits.Mul64(a[i], b[j])
			var c uint64
			lo, c = bits.Add64(lo, t[i+j], 0)
			hi += c
			lo, c = bits.Add64(lo, carry, 0)
			hi += c
			t[i+j], carry = lo, hi
		}
		t[i+4] = carry
	}
	// t = lo + hi·2²⁵⁶ ≡ lo + hi·fieldC: fold the top half down, then the little left over.
	var r fe
	var carry uint64
	for i := range 4 {
		hi, lo := bits.Mul64(t[4+i], fieldC)
		var c uint64
		lo, c = bits.Add64(lo, t[i], 0)
		hi += c
		lo, c = bits.Add64(lo, carry, 0)
		hi += c
		r[i], carry = lo, hi
	}
	hi, lo := bits.Mul64(carry, fieldC) // carry < 2³⁴
	var c uint64
	r[0], c = bits.Add64(r[0], lo, 0)
	r[1], c = bits.Add64(r[1], hi, c)
	r[2], c = bits.Add64(r[2], 0, c)
	r[3], c = bits.Add64(r[3], 0, c)
	if c != 0 { // past 2²⁵⁶ once more: that 2²⁵⁶ is fieldC (r is small now, no carry follows)
		r[0], c = bits.Add64(r[0], fieldC, 0)
		r[1], c = bits.Add64(r[1], 0, c)
		r[2], c = bits.Add64(r[2], 0, c)
		r[3], _ = bits.Add64(r[3], 0, c)
	}
	return subP(r, 0)
}

func feSqr(a fe) fe { return feMul(a, a) }

// feInv is a⁻¹ = a^(p−2) (Fermat); a must not be zero.
func feInv(a fe) fe {
	e := fieldP
	e[0] -= 2
	r := fe{1}
	for i := 255; i >= 0; i-- {
		r = feSqr(r)
		if e[i/64]>>(i%64)&1 == 1 {
			r = feMul(r, a)
		}
	}
	return r
}
