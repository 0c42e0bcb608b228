package mask

// Round-end audit of the shuffle chain: with every σ revealed, each step is recomputed from the
// deck its seat was given (the previous step as published), so a wrong card points at exactly
// the step, and the seat, that produced it.

import (
	"fmt"

	"filippo.io/edwards25519"

	"miskatonic/engine"
)

// Step is one published link of the shuffle chain: the seat that shuffled, its commitment to σ
// (published before the chain began) and the deck it passed on.
type Step struct {
	Seat   engine.Seat `json:"seat"`
	Commit Hash        `json:"commit"`
	Deck   []Masked    `json:"deck"`
}

// Audit recomputes the chain from D_0 (deck.Initial()) with the revealed secrets and returns,
// for each position of the final deck, the index of its card in the deck's canonical order: the
// whole deal, opened. A step that does not follow from its σ returns a *Fault naming its seat
// (errors.Is(err, ErrCheat)); the first faulty step is the one named, since every later step
// is checked against what was actually published before it.
//
// The honest case is checked at once (finalCheck): the final deck must be exactly what the
// revealed σ make of D_0. A single wrong step always changes the final deck, since every later
// step is a bijection of what it was given; only then is the chain walked step by step to name
// the seat. (Steps that deviate together and still land on the σ-determined final deck have
// dealt exactly the deal the σ committed to: nothing to convict, nothing changed.)
func Audit(sc Scope, deck *Deck, joint Point, steps []Step, sigmas map[engine.Seat]Hash) ([]int, error) {
	h, err := joint.element()
	if err != nil {
		return nil, fmt.Errorf("joint key: %w", err)
	}
	if order, ok := finalCheck(sc, deck, h, steps, sigmas); ok {
		return order, nil
	}
	return auditSteps(sc, deck, h, steps, sigmas)
}

// auditSteps is the step-by-step audit: each step against the deck published before it.
func auditSteps(sc Scope, deck *Deck, h *edwards25519.Point, steps []Step, sigmas map[engine.Seat]Hash) ([]int, error) {
	n := deck.Len()
	prev := deck.Initial()
	prevDec, _, err := decodeDeck(prev)
	if err != nil {
		return nil, err
	}
	origin := make([]int, n) // origin[j]: canonical index of the card at position j of prev
	for i := range origin {
		origin[i] = i
	}
	seen := make(map[engine.Seat]bool, len(steps))
	for k, st := range steps {
		if f := stepFault(sc, k, st, n, seen, sigmas); f != nil {
			return nil, f
		}
		out, at, err := decodeDeck(st.Deck)
		if err != nil {
			return nil, &Fault{Seat: st.Seat, Step: k, Handle: at, Kind: FaultMalformed, Detail: "not a point"}
		}
		sigma := sigmas[st.Seat]
		plan := planStep(sc, st.Seat, sigma, n)
		if !plan.batchCheck(sc, st.Seat, sigma, prevDec, out, st.Deck, h) {
			// Recompute card by card to say which card went wrong and how.
			want := plan.apply(prevDec, h)
			j := firstDiff(want, st.Deck)
			if j < 0 { // unreachable but for a hash collision; convict without a card
				return nil, &Fault{Seat: st.Seat, Step: k, Handle: -1, Kind: FaultMasked}
			}
			return nil, &Fault{Seat: st.Seat, Step: k, Handle: j, Kind: classify(want, st.Deck, j)}
		}
		next := make([]int, n)
		for j, src := range plan.perm {
			next[j] = origin[src]
		}
		origin, prevDec = next, out
	}
	return origin, nil
}

// stepFault is what convicts step k without any curve arithmetic: a second step by one seat, a
// σ not revealed or not opening its commitment, a deck of the wrong size.
func stepFault(sc Scope, k int, st Step, n int, seen map[engine.Seat]bool, sigmas map[engine.Seat]Hash) *Fault {
	if seen[st.Seat] {
		return &Fault{Seat: st.Seat, Step: k, Handle: -1, Kind: FaultMalformed, Detail: "shuffled twice"}
	}
	seen[st.Seat] = true
	sigma, ok := sigmas[st.Seat]
	if !ok {
		return &Fault{Seat: st.Seat, Step: k, Handle: -1, Kind: FaultMissing, Detail: "σ not revealed"}
	}
	if !Opens(sc, st.Seat, sigma, st.Commit) {
		return &Fault{Seat: st.Seat, Step: k, Handle: -1, Kind: FaultCommitment, Detail: "revealed σ does not open the commitment"}
	}
	if len(st.Deck) != n {
		return &Fault{Seat: st.Seat, Step: k, Handle: -1, Kind: FaultMalformed, Detail: fmt.Sprintf("%d cards, want %d", len(st.Deck), n)}
	}
	return nil
}

// batchCheck verifies a whole step at once: out_j = in_π(j) + r_j·(B, H) for every j holds
// (but for probability 2^-252) iff
//
//	Σ ρ_j·(out_j.c1 − in_π(j).c1) − R·B + γ·(Σ ρ_j·(out_j.c2 − in_π(j).c2) − R·H) = 0,
//
// R = Σ ρ_j·r_j, with ρ_j and γ hashed from the published output and σ, so fixed only after the
// shuffler is bound to its deck. One multi-scalar multiplication replaces n re-maskings and 2n
// encodings: the audit runs several times faster than the shuffles it checks.
func (p stepPlan) batchCheck(sc Scope, seat engine.Seat, sigma Hash, in, out []elemPair, published []Masked, h *edwards25519.Point) bool {
	t := newTranscript("audit-batch").scope(sc).seat(seat).bytes(sigma[:])
	for _, m := range published {
		t.point(m.C1).point(m.C2)
	}
	seed := t.sum64()
	gamma := newTranscript("audit-gamma").bytes(seed[:]).scalar()
	n := len(out)
	scalars := make([]*edwards25519.Scalar, 0, 2*n+2)
	points := make([]*edwards25519.Point, 0, 2*n+2)
	r := edwards25519.NewScalar()
	for j, src := range p.perm {
		rho := newTranscript("audit-rho").bytes(seed[:]).u64(uint64(j)).scalar()
		r.MultiplyAdd(rho, p.r[j], r)
		d1 := identityPoint().Subtract(out[j].c1, in[src].c1)
		d2 := identityPoint().Subtract(out[j].c2, in[src].c2)
		scalars = append(scalars, rho, edwards25519.NewScalar().Multiply(rho, gamma))
		points = append(points, d1, d2)
	}
	negR := edwards25519.NewScalar().Negate(r)
	scalars = append(scalars, negR, edwards25519.NewScalar().Multiply(negR, gamma))
	points = append(points, basePoint(), h)
	return equalElements(identityPoint().VarTimeMultiScalarMult(scalars, points), identityPoint())
}

func firstDiff(want, got []Masked) int {
	for j := range want {
		if want[j] != got[j] {
			return j
		}
	}
	return -1
}

// classify says how position j of a step's output went wrong, for people: the seat is
// convicted either way.
func classify(want, got []Masked, j int) string {
	for i := range got {
		if i != j && got[i] == got[j] {
			return FaultDuplicated
		}
	}
	for i := range want {
		if i != j && want[i] == got[j] {
			return FaultMoved
		}
	}
	if want[j].C1 == got[j].C1 {
		return FaultSubstitute
	}
	return FaultMasked
}
