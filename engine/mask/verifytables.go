package mask

// Variable-time fixed-base tables for verifying proofs. Every token proof checks s·B − e·Y_i for
// the same few points: B and each holder's key Y_i, fixed for the whole deal. With the radix-16
// table of fixedbase.go for each, that is 64 + 64 additions and no doubling, against 256
// doublings for a fresh double-scalar multiplication. Verification handles public values only,
// so the table is indexed directly (variable time); secrets keep the constant-time fixedBase.mul.

import (
	"sync"

	"filippo.io/edwards25519"

	"miskatonic/engine"
)

// baseTable is B's table, built on first use.
var baseTable = sync.OnceValue(func() *fixedBase { return newFixedBase(basePoint()) })

// keyTables are a key set's tables, built together on the first proof checked (at deal time):
// a holder's table costs about two proof checks, and each page checks dozens per holder a round.
type keyTables struct {
	once sync.Once
	y    map[engine.Seat]*fixedBase
}

func (ks *KeySet) tables() map[engine.Seat]*fixedBase {
	if ks.vt == nil { // a KeySet not made by NewKeySet holds no key
		return nil
	}
	ks.vt.once.Do(func() {
		ks.vt.y = make(map[engine.Seat]*fixedBase, len(ks.elems))
		for s, y := range ks.elems {
			ks.vt.y[s] = newFixedBase(y)
		}
	})
	return ks.vt.y
}

// addVarTime adds d·16^i·P for each signed digit d of digits, from P's table, to acc.
func (fb *fixedBase) addVarTime(acc *extended, digits *[64]int8) {
	for i, d := range digits {
		switch {
		case d > 0:
			acc.add(acc, &fb[i][d-1])
		case d < 0:
			acc.sub(acc, &fb[i][-d-1])
		}
	}
}

// sub sets v = p − q.
func (v *extended) sub(p *extended, q *niels) *extended {
	var neg niels
	neg.ypx.Set(&q.ymx)
	neg.ymx.Set(&q.ypx)
	neg.z.Set(&q.z)
	neg.t2d.Negate(&q.t2d)
	return v.add(p, &neg)
}

// doubleBaseVarTime returns a·B + b·P, P with table fb.
func doubleBaseVarTime(a *edwards25519.Scalar, b *edwards25519.Scalar, fb *fixedBase) *edwards25519.Point {
	da, db := signedRadix16(a), signedRadix16(b)
	var acc extended
	acc.y.One()
	acc.z.One()
	baseTable().addVarTime(&acc, &da)
	fb.addVarTime(&acc, &db)
	p, err := new(edwards25519.Point).SetExtendedCoordinates(&acc.x, &acc.y, &acc.z, &acc.t)
	if err != nil {
		panic("mask: fixed-base multiplication left the curve") // complete formulas: unreachable
	}
	return p
}
