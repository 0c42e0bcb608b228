package mask

import (
	"errors"
	"fmt"
	"testing"

	"miskatonic/engine"
)

// chainWith rebuilds tb's chain with step k's published deck changed by cheat; the honest
// holders after k shuffle what was published, as they would at a real table.
func chainWith(t *testing.T, tb *table, k int, cheat func([]Masked) []Masked) []Step {
	t.Helper()
	cur := tb.deck.Initial()
	var steps []Step
	for i, s := range tb.holders {
		next, err := Shuffle(tb.sc, s, tb.sigmas[s], tb.ks.Joint(), cur)
		if err != nil {
			t.Fatal(err)
		}
		if i == k {
			next = cheat(append([]Masked(nil), next...))
		}
		steps = append(steps, Step{Seat: s, Commit: Commit(tb.sc, s, tb.sigmas[s]), Deck: next})
		cur = next
	}
	return steps
}

// addTo adds a·B to p.
func bump(p Point) Point {
	e, _ := p.element()
	return pointOf(e.Add(e, basePoint()))
}

// Every way a shuffler can deviate from its committed σ is caught at the round-end audit and
// names that step's seat, wherever the step is in the chain (first, middle, last), at 3 and 7
// holders.
func TestAuditNamesCulprit(t *testing.T) {
	cheats := []struct {
		name string
		kind string
		f    func(tb *table, d []Masked) []Masked
	}{
		{"substituted card", FaultSubstitute, func(_ *table, d []Masked) []Masked { d[4].C2 = bump(d[4].C2); return d }},
		{"duplicated card", FaultDuplicated, func(_ *table, d []Masked) []Masked { d[4] = d[1]; return d }},
		{"wrongly masked card", FaultMasked, func(tb *table, d []Masked) []Masked {
			// Re-masked again with randomness σ does not give: the same card, another mask.
			c1, _ := d[4].C1.element()
			c2, _ := d[4].C2.element()
			h, _ := tb.ks.Joint().element()
			d[4] = Masked{C1: pointOf(c1.Add(c1, basePoint())), C2: pointOf(c2.Add(c2, h))}
			return d
		}},
		{"cards swapped", FaultMoved, func(_ *table, d []Masked) []Masked { d[4], d[5] = d[5], d[4]; return d }},
		{"card dropped", FaultMalformed, func(_ *table, d []Masked) []Masked { return d[:len(d)-1] }},
	}
	for _, players := range []int{3, 7} {
		for _, k := range []int{0, players / 2, players - 1} { // first, middle, last shuffler
			for _, c := range cheats {
				tb := newTable(t, uint64(100+players), players, 12)
				steps := chainWith(t, tb, k, func(d []Masked) []Masked { return c.f(tb, d) })
				_, err := Audit(tb.sc, tb.deck, tb.ks.Joint(), steps, tb.sigmas)
				var f *Fault
				if !errors.As(err, &f) || !errors.Is(err, ErrCheat) {
					t.Fatalf("%d players, %s at step %d: %v, want a fault", players, c.name, k, err)
				}
				if f.Seat != tb.holders[k] || f.Step != k || f.Kind != c.kind {
					t.Fatalf("%d players, %s at step %d: fault %+v, want seat %d kind %s", players, c.name, k, f, tb.holders[k], c.kind)
				}
			}
		}
	}
}

// Revealing anything but the committed σ, or nothing, names the seat too.
func TestAuditSecrets(t *testing.T) {
	tb := newTable(t, 5, 4, 10)
	other := func(s engine.Seat) map[engine.Seat]Hash {
		m := map[engine.Seat]Hash{}
		for k, v := range tb.sigmas {
			m[k] = v
		}
		sig := m[s]
		sig[0] ^= 1
		m[s] = sig
		return m
	}
	without := func(s engine.Seat) map[engine.Seat]Hash {
		m := map[engine.Seat]Hash{}
		for k, v := range tb.sigmas {
			if k != s {
				m[k] = v
			}
		}
		return m
	}
	// σ of seat 1 placed at seat 2: a holder that copies another's commitment opens nothing.
	copied := append([]Step(nil), tb.steps...)
	copied[2].Commit = Commit(tb.sc, 1, tb.sigmas[1])
	cases := []struct {
		name   string
		steps  []Step
		sigmas map[engine.Seat]Hash
		seat   engine.Seat
		kind   string
	}{
		{"σ other than committed", tb.steps, other(2), 2, FaultCommitment},
		{"σ withheld", tb.steps, without(3), 3, FaultMissing},
		{"commitment copied from another seat", copied, tb.sigmas, 2, FaultCommitment},
		{"same seat shuffles twice", append(append([]Step(nil), tb.steps...), tb.steps[0]), tb.sigmas, 0, FaultMalformed},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			_, err := Audit(tb.sc, tb.deck, tb.ks.Joint(), c.steps, c.sigmas)
			var f *Fault
			if !errors.As(err, &f) || f.Seat != c.seat || f.Kind != c.kind {
				t.Fatalf("got %v, want seat %d %s", err, c.seat, c.kind)
			}
		})
	}
	t.Run("malformed point in a step", func(t *testing.T) {
		steps := append([]Step(nil), tb.steps...)
		d := append([]Masked(nil), steps[1].Deck...)
		d[3].C1 = Point{0x01}
		steps[1].Deck = d
		// The record check walks every step and names it.
		rec := DealRecord{Scope: tb.sc, Keys: tb.pubs, Steps: steps, Sigmas: tb.sigmas}
		_, err := rec.Verify(tb.deck)
		var f *Fault
		if !errors.As(err, &f) || f.Seat != 1 || f.Kind != FaultMalformed || f.Handle != 3 {
			t.Fatalf("record: got %v", err)
		}
		// The live audit checks the final deck, which here is exactly what the σ make of D_0
		// (the steps after 1 ignored what 1 published, as only a collusion could): the deal
		// stands, the same as the honest chain's.
		want, err := Audit(tb.sc, tb.deck, tb.ks.Joint(), tb.steps, tb.sigmas)
		if err != nil {
			t.Fatal(err)
		}
		got, err := Audit(tb.sc, tb.deck, tb.ks.Joint(), steps, tb.sigmas)
		if err != nil || fmt.Sprint(got) != fmt.Sprint(want) {
			t.Fatalf("audit: %v %v, want %v", got, err, want)
		}
	})
}

// The fast path and the step-by-step walk agree on honest chains, and the fast path alone
// refuses a final deck one card off (so Audit's answer never rests on the walk when all is well,
// and never skips it when not).
func TestAuditFastPathAgrees(t *testing.T) {
	for seed := uint64(1); seed <= 6; seed++ {
		players := 2 + int(seed)%6
		tb := newTable(t, 300+seed, players, 22)
		h, _ := tb.ks.Joint().element()
		fast, ok := finalCheck(tb.sc, tb.deck, h, tb.steps, tb.sigmas)
		if !ok {
			t.Fatalf("seed %d: the fast path refuses an honest chain", seed)
		}
		slow, err := auditSteps(tb.sc, tb.deck, h, tb.steps, tb.sigmas)
		if err != nil || fmt.Sprint(fast) != fmt.Sprint(slow) {
			t.Fatalf("seed %d: fast %v, step by step %v %v", seed, fast, slow, err)
		}
		steps := append([]Step(nil), tb.steps...)
		last := &steps[len(steps)-1]
		last.Deck = append([]Masked(nil), last.Deck...)
		j := int(seed) % 22
		last.Deck[j].C2 = bump(last.Deck[j].C2)
		if _, ok := finalCheck(tb.sc, tb.deck, h, steps, tb.sigmas); ok {
			t.Fatalf("seed %d: the fast path takes a final deck with card %d changed", seed, j)
		}
	}
}
