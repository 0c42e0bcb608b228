package nostr

import (
	"crypto/rand"
	"crypto/sha256"
	"errors"
	"math/big"
	"sync"
)

// BIP-340 Schnorr signing over secp256k1, the little of it Nostr needs, on math/big (which the
// app links anyway). A library (btcec) costs 0.5 MiB of brotli'd wasm for its precomputed
// tables, a quarter of the whole app; this costs a few KiB.
//
// Why hand-written crypto is acceptable here: the signature is not a guarantee of ours. It only
// makes public relays accept the events; the key is drawn per connection and thrown away, and
// what we trust inside an event is the AES-GCM seal and the host's ed25519 signature. So neither
// speed nor constant time matters, only that relays verify it (tested against btcec and
// against a real relay).

var (
	curveP  = hexInt("FFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFEFFFFFC2F")
	curveN  = hexInt("FFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFEBAAEDCE6AF48A03BBFD25E8CD0364141")
	curveGx = hexInt("79BE667EF9DCBBAC55A06295CE870B07029BFCDB2DCE28D959F2815B16F81798")
	curveGy = hexInt("483ADA7726A3C4655DA4FBFC0E1108A8FD17B448A68554199C47D08FFB10D4B8")
)

func hexInt(s string) *big.Int {
	n, _ := new(big.Int).SetString(s, 16)
	return n
}

// point is affine; nil is the point at infinity.
type point struct{ x, y *big.Int }

// jac is a point in Jacobian coordinates (x/z², y/z³); z = 0 is infinity.
type jac struct{ x, y, z *big.Int }

func mod(a *big.Int) *big.Int { return a.Mod(a, curveP) }

func mul(a, b *big.Int) *big.Int { return mod(new(big.Int).Mul(a, b)) }

func sub(a, b *big.Int) *big.Int { return mod(new(big.Int).Sub(a, b)) }

// double is dbl-2009-l (a = 0).
func (p jac) double() jac {
	if p.z.Sign() == 0 || p.y.Sign() == 0 {
		return jac{big.NewInt(0), big.NewInt(1), big.NewInt(0)}
	}
	a := mul(p.x, p.x)
	b := mul(p.y, p.y)
	c := mul(b, b)
	xb := new(big.Int).Add(p.x, b)
	d := sub(sub(mul(xb, xb), a), c)
	d = mod(d.Lsh(d, 1))
	e := mod(new(big.Int).Mul(a, big.NewInt(3)))
	f := mul(e, e)
	x3 := sub(f, new(big.Int).Lsh(d, 1))
	y3 := sub(mul(e, sub(d, x3)), new(big.Int).Lsh(c, 3))
	z3 := mul(new(big.Int).Lsh(p.y, 1), p.z)
	return jac{x3, y3, z3}
}

// addAffine is madd-2007-bl: p + q with q affine.
func (p jac) addAffine(q point) jac {
	if p.z.Sign() == 0 {
		return jac{new(big.Int).Set(q.x), new(big.Int).Set(q.y), big.NewInt(1)}
	}
	z1z1 := mul(p.z, p.z)
	u2 := mul(q.x, z1z1)
	s2 := mul(mul(q.y, p.z), z1z1)
	h := sub(u2, p.x)
	r := sub(s2, p.y)
	if h.Sign() == 0 {
		if r.Sign() == 0 {
			return p.double()
		}
		return jac{big.NewInt(0), big.NewInt(1), big.NewInt(0)}
	}
	hh := mul(h, h)
	i := mod(new(big.Int).Lsh(hh, 2))
	j := mul(h, i)
	r = mod(r.Lsh(r, 1))
	v := mul(p.x, i)
	x3 := sub(sub(mul(r, r), j), new(big.Int).Lsh(v, 1))
	y3 := sub(mul(r, sub(v, x3)), mod(new(big.Int).Lsh(mul(p.y, j), 1)))
	zh := new(big.Int).Add(p.z, h)
	z3 := sub(sub(mul(zh, zh), z1z1), hh)
	return jac{x3, y3, z3}
}

func (p jac) affine() point {
	if p.z.Sign() == 0 {
		return point{}
	}
	zi := new(big.Int).ModInverse(p.z, curveP)
	zi2 := mul(zi, zi)
	return point{mul(p.x, zi2), mul(p.y, mul(zi2, zi))}
}

// baseMul is k·G with a fixed 4-bit comb: 64 additions of precomputed points, six times fewer
// operations than double-and-add (a signature costs tens of ms in wasm on math/big otherwise,
// on the page's one thread). Not constant time: see above.
func baseMul(k *big.Int) point {
	combOnce.Do(buildComb)
	acc := jac{big.NewInt(0), big.NewInt(1), big.NewInt(0)}
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
// inversion (Montgomery's trick): an inversion costs about 2 ms in wasm on math/big, so one per
// point took 1.8 s; this takes a few tens of ms.
func buildComb() {
	var all [64][16]jac
	base := jac{curveGx, curveGy, big.NewInt(1)}
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
	prefix := make([]*big.Int, len(pts))
	acc := big.NewInt(1)
	for k, p := range pts {
		acc = mul(acc, p.z)
		prefix[k] = acc
	}
	inv := new(big.Int).ModInverse(acc, curveP)
	for k := len(pts) - 1; k >= 0; k-- {
		zi := inv
		if k > 0 {
			zi = mul(inv, prefix[k-1])
		}
		inv = mul(inv, pts[k].z)
		zi2 := mul(zi, zi)
		pts[k].x, pts[k].y = mul(pts[k].x, zi2), mul(pts[k].y, mul(zi2, zi))
	}
	for i := range all {
		for j := 1; j < 16; j++ {
			comb[i][j] = point{all[i][j].x, all[i][j].y}
		}
	}
}

// add is add-2007-bl: p + q, both Jacobian.
func (p jac) add(q jac) jac {
	if p.z.Sign() == 0 {
		return q
	}
	if q.z.Sign() == 0 {
		return p
	}
	z1z1, z2z2 := mul(p.z, p.z), mul(q.z, q.z)
	u1, u2 := mul(p.x, z2z2), mul(q.x, z1z1)
	s1, s2 := mul(mul(p.y, q.z), z2z2), mul(mul(q.y, p.z), z1z1)
	h := sub(u2, u1)
	r := sub(s2, s1)
	if h.Sign() == 0 {
		if r.Sign() == 0 {
			return p.double()
		}
		return jac{big.NewInt(0), big.NewInt(1), big.NewInt(0)}
	}
	h2 := mod(new(big.Int).Lsh(h, 1))
	i := mul(h2, h2)
	j := mul(h, i)
	r = mod(r.Lsh(r, 1))
	v := mul(u1, i)
	x3 := sub(sub(mul(r, r), j), new(big.Int).Lsh(v, 1))
	y3 := sub(mul(r, sub(v, x3)), mod(new(big.Int).Lsh(mul(s1, j), 1)))
	zz := new(big.Int).Add(p.z, q.z)
	z3 := mul(sub(sub(mul(zz, zz), z1z1), z2z2), h)
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
	if p.y.Bit(0) == 1 {
		d.Sub(curveN, d)
	}
	return &key{d: d, px: bytes32(p.x)}, nil
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
	if r.y.Bit(0) == 1 {
		kk.Sub(curveN, kk)
	}
	rx := bytes32(r.x)
	e := new(big.Int).SetBytes(taggedHash("BIP0340/challenge", rx, k.px, m))
	e.Mod(e, curveN)
	s := e.Mul(e, k.d)
	s.Add(s, kk).Mod(s, curveN)
	return append(rx, bytes32(s)...), nil
}
