package mask

// The ristretto255 group (RFC 9496) over filippo.io/edwards25519: encoding, decoding, equality and
// the one-way map from 64 uniform bytes. Ristretto gives a prime-order group with canonical
// encodings, so no card point, key or token can hide a small-order component (the cofactor
// pitfalls of plain Edwards points). The curve arithmetic is filippo.io/edwards25519 (the code
// Go's own crypto/ed25519 runs); only the thin map of RFC 9496 §4.3 lives here, pinned by the
// RFC's test vectors in ristretto_test.go.

import (
	"filippo.io/edwards25519"
	"filippo.io/edwards25519/field"
)

// Constants of RFC 9496 §4.1, little-endian; ristretto_test.go checks the relations that define
// them (SQRT_M1² = −1 and so on).
var (
	feOne          = new(field.Element).One()
	feMinusOne     = new(field.Element).Negate(feOne)
	feD            = mustFE([]byte{0xa3, 0x78, 0x59, 0x13, 0xca, 0x4d, 0xeb, 0x75, 0xab, 0xd8, 0x41, 0x41, 0x4d, 0x0a, 0x70, 0x00, 0x98, 0xe8, 0x79, 0x77, 0x79, 0x40, 0xc7, 0x8c, 0x73, 0xfe, 0x6f, 0x2b, 0xee, 0x6c, 0x03, 0x52})
	feSqrtM1       = mustFE([]byte{0xb0, 0xa0, 0x0e, 0x4a, 0x27, 0x1b, 0xee, 0xc4, 0x78, 0xe4, 0x2f, 0xad, 0x06, 0x18, 0x43, 0x2f, 0xa7, 0xd7, 0xfb, 0x3d, 0x99, 0x00, 0x4d, 0x2b, 0x0b, 0xdf, 0xc1, 0x4f, 0x80, 0x24, 0x83, 0x2b})
	feSqrtADMinus1 = mustFE([]byte{0x1b, 0x2e, 0x7b, 0x49, 0xa0, 0xf6, 0x97, 0x7e, 0xbd, 0x54, 0x78, 0x1b, 0x0c, 0x8e, 0x9d, 0xaf, 0xfd, 0xd1, 0xf5, 0x31, 0xc9, 0xfc, 0x3c, 0x0f, 0xac, 0x48, 0x83, 0x2b, 0xbf, 0x31, 0x69, 0x37})
	feInvSqrtAMinD = mustFE([]byte{0xea, 0x40, 0x5d, 0x80, 0xaa, 0xfd, 0xc8, 0x99, 0xbe, 0x72, 0x41, 0x5a, 0x17, 0x16, 0x2f, 0x9d, 0x40, 0xd8, 0x01, 0xfe, 0x91, 0x7b, 0xc2, 0x16, 0xa2, 0xfc, 0xaf, 0xcf, 0x05, 0x89, 0x6c, 0x78})
	feOneMinusDSq  = mustFE([]byte{0x76, 0xc1, 0x5f, 0x94, 0xc1, 0x09, 0x7c, 0xe2, 0x0f, 0x35, 0x5e, 0xcd, 0x38, 0xa1, 0x81, 0x2c, 0xe4, 0xdf, 0x70, 0xbe, 0xdd, 0xab, 0x94, 0x99, 0xd7, 0xe0, 0xb3, 0xb2, 0xa8, 0x72, 0x90, 0x02})
	feDMinusOneSq  = mustFE([]byte{0x20, 0x4d, 0xed, 0x44, 0xaa, 0x5a, 0xad, 0x31, 0x99, 0x19, 0x1e, 0xb0, 0x2c, 0x4a, 0x9e, 0xd2, 0xeb, 0x4e, 0x9b, 0x52, 0x2f, 0xd3, 0xdc, 0x4c, 0x41, 0x22, 0x6c, 0xf6, 0x7a, 0xb3, 0x68, 0x59})
)

func mustFE(b []byte) *field.Element {
	e, err := new(field.Element).SetBytes(b)
	if err != nil {
		panic("mask: bad constant") // fixed 32-byte literals: unreachable
	}
	return e
}

// encodeElement writes the canonical 32-byte encoding of p (RFC 9496 §4.3.2).
func encodeElement(p *edwards25519.Point) [32]byte {
	x0, y0, z0, t0 := p.ExtendedCoordinates()
	fe := func() *field.Element { return new(field.Element) }

	u1 := fe().Multiply(fe().Add(z0, y0), fe().Subtract(z0, y0))
	u2 := fe().Multiply(x0, y0)
	invsqrt, _ := fe().SqrtRatio(feOne, fe().Multiply(u1, fe().Square(u2)))
	den1 := fe().Multiply(invsqrt, u1)
	den2 := fe().Multiply(invsqrt, u2)
	zInv := fe().Multiply(fe().Multiply(den1, den2), t0)
	ix0 := fe().Multiply(x0, feSqrtM1)
	iy0 := fe().Multiply(y0, feSqrtM1)
	enchanted := fe().Multiply(den1, feInvSqrtAMinD)
	rotate := fe().Multiply(t0, zInv).IsNegative()

	x := fe().Select(iy0, x0, rotate)
	y := fe().Select(ix0, y0, rotate)
	denInv := fe().Select(enchanted, den2, rotate)
	y.Select(fe().Negate(y), y, fe().Multiply(x, zInv).IsNegative())
	s := fe().Absolute(fe().Multiply(denInv, fe().Subtract(z0, y)))

	var out [32]byte
	copy(out[:], s.Bytes())
	return out
}

// decodeElement parses a canonical encoding (RFC 9496 §4.3.1); every other 32-byte string is
// refused, so each group element has exactly one encoding on the wire.
func decodeElement(b [32]byte) (*edwards25519.Point, error) {
	fe := func() *field.Element { return new(field.Element) }
	s, err := fe().SetBytes(b[:])
	if err != nil {
		return nil, ErrBadPoint
	}
	// SetBytes ignores the top bit and reduces 2^255−19…2^255−1: re-encode to insist on the
	// canonical, non-negative form.
	if [32]byte(s.Bytes()) != b || s.IsNegative() == 1 {
		return nil, ErrBadPoint
	}
	ss := fe().Square(s)
	u1 := fe().Subtract(feOne, ss)
	u2 := fe().Add(feOne, ss)
	u2sq := fe().Square(u2)
	v := fe().Subtract(fe().Negate(fe().Multiply(feD, fe().Square(u1))), u2sq)
	invsqrt, wasSquare := fe().SqrtRatio(feOne, fe().Multiply(v, u2sq))
	denX := fe().Multiply(invsqrt, u2)
	denY := fe().Multiply(fe().Multiply(invsqrt, denX), v)
	x := fe().Absolute(fe().Multiply(fe().Add(s, s), denX))
	y := fe().Multiply(u1, denY)
	t := fe().Multiply(x, y)
	if wasSquare == 0 || t.IsNegative() == 1 || y.Equal(fe().Zero()) == 1 {
		return nil, ErrBadPoint
	}
	p, err := new(edwards25519.Point).SetExtendedCoordinates(x, y, feOne, t)
	if err != nil {
		return nil, ErrBadPoint
	}
	return p, nil
}

// equalElements is ristretto equality (RFC 9496 §4.3.3): two Edwards points that differ by a
// small-order point are the same group element.
func equalElements(p, q *edwards25519.Point) bool {
	x1, y1, _, _ := p.ExtendedCoordinates()
	x2, y2, _, _ := q.ExtendedCoordinates()
	fe := func() *field.Element { return new(field.Element) }
	a := fe().Multiply(x1, y2).Equal(fe().Multiply(y1, x2))
	b := fe().Multiply(y1, y2).Equal(fe().Multiply(x1, x2))
	return a|b == 1
}

// elementFromUniform is RFC 9496 §4.3.4: two applications of the one-way map, added, so the
// result is indistinguishable from a random element and nobody knows its discrete log.
func elementFromUniform(b *[64]byte) *edwards25519.Point {
	p := mapToPoint(b[:32])
	return p.Add(p, mapToPoint(b[32:]))
}

func mapToPoint(b []byte) *edwards25519.Point {
	fe := func() *field.Element { return new(field.Element) }
	var r0 [32]byte
	copy(r0[:], b)
	r0[31] &= 0x7f
	t, _ := fe().SetBytes(r0[:]) // 32 bytes: cannot fail

	r := fe().Multiply(feSqrtM1, fe().Square(t))
	u := fe().Multiply(fe().Add(r, feOne), feOneMinusDSq)
	v := fe().Multiply(fe().Subtract(feMinusOne, fe().Multiply(r, feD)), fe().Add(r, feD))
	s, wasSquare := fe().SqrtRatio(u, v)
	sPrime := fe().Negate(fe().Absolute(fe().Multiply(s, t)))
	s.Select(s, sPrime, wasSquare)
	c := fe().Select(feMinusOne, r, wasSquare)
	n := fe().Subtract(fe().Multiply(fe().Multiply(c, fe().Subtract(r, feOne)), feDMinusOneSq), v)
	ss := fe().Square(s)
	w0 := fe().Multiply(fe().Add(s, s), v)
	w1 := fe().Multiply(n, feSqrtADMinus1)
	w2 := fe().Subtract(feOne, ss)
	w3 := fe().Add(feOne, ss)

	p, err := new(edwards25519.Point).SetExtendedCoordinates(
		fe().Multiply(w0, w3), fe().Multiply(w2, w1), fe().Multiply(w1, w3), fe().Multiply(w0, w2))
	if err != nil {
		panic("mask: ristretto map left the curve") // the map's output is always on the curve
	}
	return p
}
