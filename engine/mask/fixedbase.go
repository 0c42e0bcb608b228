package mask

// Constant-time multiplication of one point by many secret scalars. A shuffle re-masks every
// card with r_j·H for the same joint key H; edwards25519 builds no table for a point other than
// B, so ScalarMult spends 256 doublings on each card. Here H's table is built once per shuffle
// (d·16^i·H for d = 1…8, i = 0…63, as the library does for B) and each r_j·H is 64 additions
// of entries chosen in constant time. Formulas: Hisil–Wong–Carter–Dawson unified addition in
// extended coordinates, complete on edwards25519; the results are checked against ScalarMult
// in fixedbase_test.go and pinned by the golden chain.

import (
	"filippo.io/edwards25519"
	"filippo.io/edwards25519/field"
)

type extended struct{ x, y, z, t field.Element }

// niels is a point in projective Niels form: (Y+X, Y−X, Z, 2d·T).
type niels struct{ ypx, ymx, z, t2d field.Element }

var feD2 = new(field.Element).Add(feD, feD)

func (p *extended) toNiels(n *niels) {
	n.ypx.Add(&p.y, &p.x)
	n.ymx.Subtract(&p.y, &p.x)
	n.z.Set(&p.z)
	n.t2d.Multiply(&p.t, feD2)
}

// add sets v = p + q.
func (v *extended) add(p *extended, q *niels) *extended {
	var a, b, c, d, e, f, g, h field.Element
	a.Subtract(&p.y, &p.x)
	a.Multiply(&a, &q.ymx)
	b.Add(&p.y, &p.x)
	b.Multiply(&b, &q.ypx)
	c.Multiply(&p.t, &q.t2d)
	d.Multiply(&p.z, &q.z)
	d.Add(&d, &d)
	e.Subtract(&b, &a)
	f.Subtract(&d, &c)
	g.Add(&d, &c)
	h.Add(&b, &a)
	v.x.Multiply(&e, &f)
	v.y.Multiply(&g, &h)
	v.t.Multiply(&e, &h)
	v.z.Multiply(&f, &g)
	return v
}

type fixedBase [64][8]niels

func newFixedBase(p *edwards25519.Point) *fixedBase {
	fb := new(fixedBase)
	var row extended // 16^i · p
	x, y, z, t := p.ExtendedCoordinates()
	row.x.Set(x)
	row.y.Set(y)
	row.z.Set(z)
	row.t.Set(t)
	for i := range fb {
		var base niels
		row.toNiels(&base)
		fb[i][0] = base
		acc := row
		for d := 1; d < 8; d++ {
			acc.add(&acc, &base)
			acc.toNiels(&fb[i][d])
		}
		// 16 · row = 8·row + 8·row
		row.add(&acc, &fb[i][7])
	}
	return fb
}

// signedRadix16 writes s (< 2^253) as 64 digits in [−8, 8): s = Σ e_i·16^i.
func signedRadix16(s *edwards25519.Scalar) [64]int8 {
	b := s.Bytes()
	var e [64]int8
	for i, v := range b {
		e[2*i] = int8(v & 15)
		e[2*i+1] = int8(v >> 4)
	}
	for i := range 63 {
		carry := (e[i] + 8) >> 4
		e[i] -= carry << 4
		e[i+1] += carry
	}
	return e
}

// mul returns s·P in constant time (no branch or index depends on s).
func (fb *fixedBase) mul(s *edwards25519.Scalar) *edwards25519.Point {
	digits := signedRadix16(s)
	var acc extended
	acc.y.One()
	acc.z.One()
	for i := range fb {
		d := int32(digits[i])
		neg := int((uint32(d) >> 31) & 1)
		abs := (d ^ -int32(neg)) + int32(neg)
		var sel niels // the identity: (1, 1, 1, 0)
		sel.ypx.One()
		sel.ymx.One()
		sel.z.One()
		for j := range int32(8) {
			eq := ctEq(abs, j+1)
			sel.ypx.Select(&fb[i][j].ypx, &sel.ypx, eq)
			sel.ymx.Select(&fb[i][j].ymx, &sel.ymx, eq)
			sel.z.Select(&fb[i][j].z, &sel.z, eq)
			sel.t2d.Select(&fb[i][j].t2d, &sel.t2d, eq)
		}
		// −(x, y) = (−x, y): swap Y+X with Y−X and negate 2dT.
		sel.ypx.Swap(&sel.ymx, neg)
		var negT field.Element
		negT.Negate(&sel.t2d)
		sel.t2d.Select(&negT, &sel.t2d, neg)
		acc.add(&acc, &sel)
	}
	p, err := new(edwards25519.Point).SetExtendedCoordinates(&acc.x, &acc.y, &acc.z, &acc.t)
	if err != nil {
		panic("mask: fixed-base multiplication left the curve") // complete formulas: unreachable
	}
	return p
}

// ctEq is 1 if a == b, else 0, without branching.
func ctEq(a, b int32) int {
	x := uint32(a ^ b)
	return int(((x | -x) >> 31) ^ 1)
}
