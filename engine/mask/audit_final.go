package mask

// The audit's fast path: the whole chain checked at once against its final deck.

import (
	"filippo.io/edwards25519"

	"miskatonic/engine"
)

// finalCheck composes every step's plan: position j of the final deck must hold card Π(j) of
// D_0 re-masked by R_j, the sum of the r_j each step added along that card's path. It checks
// every position with one multi-scalar multiplication over the final deck and the card points:
//
//	Σ_j ρ_j·F_j.c1 + ρ'_j·(F_j.c2 − M_Π(j)) − (Σ_j ρ_j·R_j)·B − (Σ_j ρ'_j·R_j)·H = 0,
//
// with 128-bit weights ρ, ρ' hashed from every revealed σ and the final deck, so fixed only once
// every σ is out: no shuffler could aim at them, and a wrong deck passes with probability
// 2^-128. Half-length weights halve the additions; only the final deck is decoded (the
// intermediate decks cost nothing when all is well). It returns the deal and whether it holds;
// any fault at all (a missing σ, a bad point...) is left to auditSteps to name.
func finalCheck(sc Scope, deck *Deck, h *edwards25519.Point, steps []Step, sigmas map[engine.Seat]Hash) ([]int, bool) {
	n := deck.Len()
	if len(steps) == 0 {
		return nil, false
	}
	origin := make([]int, n) // origin[j]: canonical index of the card at position j
	mask := make([]*edwards25519.Scalar, n)
	for i := range origin {
		origin[i], mask[i] = i, edwards25519.NewScalar()
	}
	seen := make(map[engine.Seat]bool, len(steps))
	t := newTranscript("audit-final").scope(sc)
	for k, st := range steps {
		if stepFault(sc, k, st, n, seen, sigmas) != nil {
			return nil, false
		}
		sigma := sigmas[st.Seat]
		t.seat(st.Seat).bytes(sigma[:])
		plan := planStep(sc, st.Seat, sigma, n)
		nextO, nextM := make([]int, n), make([]*edwards25519.Scalar, n)
		for j, src := range plan.perm {
			nextO[j] = origin[src]
			nextM[j] = edwards25519.NewScalar().Add(mask[src], plan.r[j])
		}
		origin, mask = nextO, nextM
	}
	final := steps[len(steps)-1].Deck
	dec, _, err := decodeDeck(final)
	if err != nil {
		return nil, false
	}
	for _, m := range final {
		t.point(m.C1).point(m.C2)
	}
	seed := t.sum64()
	scalars := make([]*edwards25519.Scalar, 0, 3*n+2)
	points := make([]*edwards25519.Point, 0, 3*n+2)
	rb, rh := edwards25519.NewScalar(), edwards25519.NewScalar()
	for j := range final {
		rho, rho2 := auditWeights(seed, j)
		rb.MultiplyAdd(rho, mask[j], rb)
		rh.MultiplyAdd(rho2, mask[j], rh)
		// −M rather than −ρ': negating the point keeps the scalar short.
		scalars = append(scalars, rho, rho2, rho2)
		points = append(points, dec[j].c1, dec[j].c2, identityPoint().Negate(deck.elems[origin[j]]))
	}
	scalars = append(scalars, rb.Negate(rb), rh.Negate(rh))
	points = append(points, basePoint(), h)
	return origin, equalElements(identityPoint().VarTimeMultiScalarMult(scalars, points), identityPoint())
}

// auditWeights are position j's two 128-bit batching weights.
func auditWeights(seed [64]byte, j int) (*edwards25519.Scalar, *edwards25519.Scalar) {
	d := newTranscript("audit-weights").bytes(seed[:]).u64(uint64(j)).sum64()
	var a, b [32]byte
	copy(a[:16], d[:16])
	copy(b[:16], d[16:32])
	ra, _ := edwards25519.NewScalar().SetCanonicalBytes(a[:]) // < 2^128 < ℓ: cannot fail
	rb, _ := edwards25519.NewScalar().SetCanonicalBytes(b[:])
	return ra, rb
}
