package nostr

import (
	"crypto/rand"
	"crypto/sha256"
	"errors"
	"math/big"
	"sync"
)

// BIP-340 Schnorr signing over secp256k1, the little of it Nostr needs: points on four-limb
// field arithmetic (field.go), scalars on math/big (which the app links anyway). A library
// (btcec) costs 0.5 MiB of brotli'd wasm for its precomputed tables, a quarter of the whole
// app; this costs a few KiB.
//
// Why hand-written crypto is acceptable here: the signature is not a guarantee of ours. It only
// makes public relays accept the events; the key is drawn per connection and thrown away, and
// what we trust inside an event is the AES-GCM seal and the host's ed25519 signature. So
// constant time does not matter, only that relays verify it (tested against BIP-340's vectors,
// btcec and a real relay) and speed: every relayed frame over Nostr is one signed event.

// The curve's order and generator, written out (TestCurveConstants checks them against SEC 2's
// hex; G as field elements, limbs least significant first) rather than parsed from hex by
// math/big at every page's start, before the first drawing.
var (
	curveN = new(big.Int).SetBytes([]byte{
		0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFE,
		0xBA, 0xAE, 0xDC, 0xE6, 0xAF, 0x48, 0xA0, 0x3B, 0xBF, 0xD2, 0x5E, 0x8C, 0xD0, 0x36, 0x41, 0x41})
	curveGx = fe{0x59F2815B16F81798, 0x029BFCDB2DCE28D9, 0x55A06295CE870B07, 0x79BE667EF9DCBBAC}
	curveGy = fe{0x9C47D08FFB10D4B8, 0xFD17B448A6855419, 0x5DA4FBFC0E1108A8, 0x483ADA7726A3C465}
)

// point is affine (field.go's elements); baseMul of a scalar in [1, n) is never infinity.
type point struct{ x, y fe }

// jac is a point in Jacobian coordinates (x/z², y/z³); z = 0 is infinity.
type jac struct{ x, y, z fe }

var infinity = jac{y: fe{1}}

// double is dbl-2009-l (a = 0).
func (p jac) double() jac {
	if p.z.isZero() || p.y.isZero() {
		return infinity
	}
	a := feSqr(p.x)
	b := feSqr(p.y)
	c := feSqr(b)
	xb := feAdd(p.x, b)
	d := feSub(feSub(feSqr(xb), a), c)
	d = feAdd(d, d)
	e := feAdd(feAdd(a, a), a)
	f := feSqr(e)
	x3 := feSub(f, feAdd(d, d))
	c8 := feAdd(c, c)
	c8 = feAdd(c8, c8)
	c8 = feAdd(c8, c8)
	y3 := feSub(feMul(e, feSub(d, x3)), c8)
	yz := feMul(p.y, p.z)
	return jac{x3, y3, feAdd(yz, yz)}
}

// addAffine is madd-2007-bl: p + q with q affine.
func (p jac) addAffine(q point) jac {
	if p.z.isZero() {
		return jac{q.x, q.y, fe{1}}
	}
	z1z1 := feSqr(p.z)
	u2 := feMul(q.x, z1z1)
	s2 := feMul(feMul(q.y, p.z), z1z1)
	h := feSub(u2, p.x)
	r := feSub(s2, p.y)
	if h.isZero() {
		if r.isZero() {
			return p.double()
		}
		return infinity
	}
	hh := feSqr(h)
	i := feAdd(hh, hh)
	i = feAdd(i, i)
	j := feMul(h, i)
	r = feAdd(r, r)
	v := feMul(p.x, i)
	x3 := feSub(feSub(feSqr(r), j), feAdd(v, v))
	yj := feMul(p.y, j)
	y3 := feSub(feMul(r, feSub(v, x3)), feAdd(yj, yj))
	zh := feAdd(p.z, h)
	z3 := feSub(feSub(feSqr(zh), z1z1), hh)
	return jac{x3, y3, z3}
}

func (p jac) affine() point {
	if p.z.isZero() {
		return point{}
	}
	zi := feInv(p.z)
	zi2 := feSqr(zi)
	return point{feMul(p.x, zi2), feMul(p.y, feMul(zi2, zi))}
}

// baseMul is k·G with a fixed 4-bit comb: 64 additions of precomputed points, six times fewer
// operations than double-and-add. Not constant time: see above.
func baseMul(k *big.Int) point {
	combOnce.Do(buildComb)
	acc := infinity
	for i := range comb {
		nib := k.Bit(4*i) | k.Bit(4*i+1)<<1 | k.Bit(4*i+2)<<2 | k.Bit(4*i+3)<<3
		if nib != 0 {
			acc = acc.addAffine(comb[i][nib])
		}
	}
	return acc.affine()
}

var (
	combOnce sync.Once
	comb     [64][16]point // comb[i][j] = j·16^i·G
)

// buildComb works in Jacobian coordinates and turns the 960 points affine with one shared
// inversion (Montgomery's trick) instead of one each.
func buildComb() {
	var all [64][16]jac
	base := jac{curveGx, curveGy, fe{1}}
	for i := range all {
		all[i][1] = base
		for j := 2; j < 16; j++ {
			all[i][j] = all[i][j-1].add(base)
		}
		base = base.double().double().double().double()
	}
	// prefix[k] = z_0·…·z_k over the points in order; one inversion of the total, then walk back.
	var pts []*jac
	for i := range all {
		for j := 1; j < 16; j++ {
			pts = append(pts, &all[i][j])
		}
	}
	prefix := make([]fe, len(pts))
	acc := fe{1}
	for k, p := range pts {
		acc = feMul(acc, p.z)
		prefix[k] = acc
	}
	inv := feInv(acc)
	for k := len(pts) - 1; k >= 0; k-- {
		zi := inv
		if k > 0 {
			zi = feMul(inv, prefix[k-1])
		}
		inv = feMul(inv, pts[k].z)
		zi2 := feSqr(zi)
		pts[k].x, pts[k].y = feMul(pts[k].x, zi2), feMul(pts[k].y, feMul(zi2, zi))
	}
	for i := range all {
		for j := 1; j < 16; j++ {
			comb[i][j] = point{all[i][j].x, all[i][j].y}
		}
	}
}

// add is add-2007-bl: p + q, both Jacobian.
func (p jac) add(q jac) jac {
	if p.z.isZero() {
		return q
	}
	if q.z.isZero() {
		return p
	}
	z1z1, z2z2 := feSqr(p.z), feSqr(q.z)
	u1, u2 := feMul(p.x, z2z2), feMul(q.x, z1z1)
	s1, s2 := feMul(feMul(p.y, q.z), z2z2), feMul(feMul(q.y, p.z), z1z1)
	h := feSub(u2, u1)
	r := feSub(s2, s1)
	if h.isZero() {
		if r.isZero() {
			return p.double()
		}
		return infinity
	}
	h2 := feAdd(h, h)
	i := feSqr(h2)
	j := feMul(h, i)
	r = feAdd(r, r)
	v := feMul(u1, i)
	x3 := feSub(feSub(feSqr(r), j), feAdd(v, v))
	sj := feMul(s1, j)
	y3 := feSub(feMul(r, feSub(v, x3)), feAdd(sj, sj))
	zz := feAdd(p.z, q.z)
	z3 := feMul(feSub(feSub(feSqr(zz), z1z1), z2z2), h)
	return jac{x3, y3, z3}
}

func bytes32(n *big.Int) []byte { return n.FillBytes(make([]byte, 32)) }

func taggedHash(tag string, parts ...[]byte) []byte {
	t := sha256.Sum256([]byte(tag))
	h := sha256.New()
	h.Write(t[:])
	h.Write(t[:])
	for _, p := range parts {
		h.Write(p)
	}
	return h.Sum(nil)
}

// key is a throwaway BIP-340 signing key.
type key struct {
	d  *big.Int // the secret, already negated if needed so that d·G has an even y
	px []byte   // x-only public key
}

func newKey() (*key, error) {
	for {
		b := make([]byte, 32)
		if _, err := rand.Read(b); err != nil {
			return nil, err
		}
		if k, err := keyFrom(b); err == nil {
			return k, nil
		}
	}
}

func keyFrom(secret []byte) (*key, error) {
	d := new(big.Int).SetBytes(secret)
	if d.Sign() == 0 || d.Cmp(curveN) >= 0 {
		return nil, errors.New("nostr: secret key out of range")
	}
	p := baseMul(d)
	if p.y.isOdd() {
		d.Sub(curveN, d)
	}
	return &key{d: d, px: p.x.bytes()}, nil
}

// sign is BIP-340's Sign(sk, m, aux) for a 32-byte message.
func (k *key) sign(m, aux []byte) ([]byte, error) {
	t := taggedHash("BIP0340/aux", aux)
	db := bytes32(k.d)
	for i := range t {
		t[i] ^= db[i]
	}
	kk := new(big.Int).SetBytes(taggedHash("BIP0340/nonce", t, k.px, m))
	kk.Mod(kk, curveN)
	if kk.Sign() == 0 {
		return nil, errors.New("nostr: zero nonce")
	}
	r := baseMul(kk)
	if r.y.isOdd() {
		kk.Sub(curveN, kk)
	}
	rx := r.x.bytes()
	e := new(big.Int).SetBytes(taggedHash("BIP0340/challenge", rx, k.px, m))
	e.Mod(e, curveN)
	s := e.Mul(e, k.d)
	s.Add(s, kk).Mod(s, curveN)
	return append(rx, bytes32(s)...), nil
}
