package mask

// Round-end audit of the shuffle chain: with every σ revealed, each step is recomputed from the
// deck its seat was given (the previous step as published), so a wrong card points at exactly
// the step, and the seat, that produced it.

import (
	"fmt"

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
func Audit(sc Scope, deck *Deck, joint Point, steps []Step, sigmas map[engine.Seat]Hash) ([]int, error) {
	h, err := joint.element()
	if err != nil {
		return nil, fmt.Errorf("joint key: %w", err)
	}
	n := deck.Len()
	prev := deck.Initial()
	origin := make([]int, n) // origin[j]: canonical index of the card at position j of prev
	for i := range origin {
		origin[i] = i
	}
	seen := make(map[engine.Seat]bool, len(steps))
	for k, st := range steps {
		if seen[st.Seat] {
			return nil, &Fault{Seat: st.Seat, Step: k, Handle: -1, Kind: FaultMalformed, Detail: "shuffled twice"}
		}
		seen[st.Seat] = true
		sigma, ok := sigmas[st.Seat]
		if !ok {
			return nil, &Fault{Seat: st.Seat, Step: k, Handle: -1, Kind: FaultMissing, Detail: "σ not revealed"}
		}
		if !Opens(sc, st.Seat, sigma, st.Commit) {
			return nil, &Fault{Seat: st.Seat, Step: k, Handle: -1, Kind: FaultCommitment, Detail: "revealed σ does not open the commitment"}
		}
		if len(st.Deck) != n {
			return nil, &Fault{Seat: st.Seat, Step: k, Handle: -1, Kind: FaultMalformed, Detail: fmt.Sprintf("%d cards, want %d", len(st.Deck), n)}
		}
		if _, at, err := decodeDeck(st.Deck); err != nil {
			return nil, &Fault{Seat: st.Seat, Step: k, Handle: at, Kind: FaultMalformed, Detail: "not a point"}
		}
		in, _, err := decodeDeck(prev)
		if err != nil { // prev was checked as the previous step's output
			return nil, err
		}
		plan := planStep(sc, st.Seat, sigma, n)
		want := plan.apply(in, h, true)
		if j := firstDiff(want, st.Deck); j >= 0 {
			return nil, &Fault{Seat: st.Seat, Step: k, Handle: j, Kind: classify(want, st.Deck, j)}
		}
		next := make([]int, n)
		for j, src := range plan.perm {
			next[j] = origin[src]
		}
		origin, prev = next, st.Deck
	}
	return origin, nil
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
