package arkhambot

import (
	"miskatonic/engine"
	"miskatonic/engine/arkham"
)

// akCursed says by card id which cards are cursed, for the hot loops.
var akCursed [arkham.Mystery + 1]bool

func init() {
	for id := arkham.CardID(1); id <= arkham.Mystery; id++ {
		akCursed[id] = id.Card().Colour == arkham.Cursed
	}
}

// tableState is the round as the bot models it: who holds what (0 where unknown), sanity, and
// the rules that change scoring.
type tableState struct {
	players, npos int
	competitive   bool
	doom          int // 0 when the Doom Track is off
	sanity        [arkham.MaxPositions]int
	held          [arkham.MaxPositions]arkham.CardID
	onTable       [arkham.MaxPositions]bool
}

func (t *tableState) fromView(v *arkham.View) {
	t.players, t.npos = v.Players, len(v.Positions)
	t.competitive = v.Options.Variant == "competitive"
	t.doom = v.Doom
	for p, pos := range v.Positions {
		if p >= arkham.MaxPositions {
			break
		}
		t.sanity[p], t.held[p], t.onTable[p] = pos.Sanity, pos.Card, pos.HandOnTable
	}
}

// endDeltas is each player's sanity change if the round ended normally with t.held: the
// engine's own scoring (arkham.RoundDeltas).
func (t *tableState) endDeltas() [arkham.MaxPositions]int {
	return arkham.RoundDeltas(t.held[:t.npos], t.sanity[:t.players], t.doom, 0, -1)
}

// oldOneDeltas is each player's change when the Great Old One c held at h wakes, scored by the
// engine. The Mystery Card is modelled as Cthulhu, the harshest of its four picks.
func (t *tableState) oldOneDeltas(h int, c arkham.CardID) [arkham.MaxPositions]int {
	if c == arkham.Mystery {
		c = arkham.Cthulhu
	}
	return arkham.RoundDeltas(t.held[:t.npos], t.sanity[:t.players], t.doom, c, h)
}

// afterTake is the round's result if position p took card x now and the round then ended: the
// card p discards fires if it is a Gate (waking any held Great Old One); an Elder Sign ends the
// round, which is what the model assumes anyway.
func (t *tableState) afterTake(p int, x arkham.CardID) [arkham.MaxPositions]int {
	old := t.held[p]
	t.held[p] = x
	defer func() { t.held[p] = old }()
	if old == arkham.GateA || old == arkham.GateB {
		for q, c := range t.held[:t.npos] {
			if c.IsOldOne() {
				return t.oldOneDeltas(q, c)
			}
		}
	}
	return t.endDeltas()
}

// utility is how good sanity after (per player) is for seat me. over says the game has ended.
func (t *tableState) utility(after [arkham.MaxPositions]int, me int, over bool) float64 {
	mine := after[me]
	best, sum, zero := -1, 0, false
	for p := 0; p < t.players; p++ {
		if after[p] <= 0 {
			zero = true
		}
		if p == me {
			continue
		}
		best = max(best, after[p])
		sum += after[p]
	}
	mean := float64(sum) / float64(t.players-1)
	ends := over || zero
	if t.competitive {
		u := float64(mine-best) + 0.3*(float64(mine)-mean)
		if ends {
			if mine >= best {
				u += 6
			} else {
				u -= 6
			}
		}
		return u
	}
	switch {
	case mine <= 0:
		return -10
	case ends:
		return 6
	}
	return float64(mine) - 0.3*mean
}

func (t *tableState) plus(d [arkham.MaxPositions]int) (after [arkham.MaxPositions]int) {
	for p := 0; p < t.players; p++ {
		after[p] = t.sanity[p] + d[p]
	}
	return after
}

// situation is one decision as the heuristic sees it: the table with the seat's own card
// unknown (0) unless it tracked it, the cards it has not seen, and what it knows privately.
type situation struct {
	t        tableState
	me       int
	phase    string
	pool     []arkham.CardID // cards whose place the seat does not know
	mine     arkham.CardID   // own card when tracked (a peeked card it then took), else 0
	transit  arkham.CardID   // the card in transit when the seat drew or peeked it, else 0
	chainLen int             // seats that handled the card in transit, drawer included
	orbTop   arkham.CardID   // the Orb's peeked card, in the orb phase
	// belief, if set, weighs each guess at the own card (by card id); nil means all alike.
	belief *[arkham.Mystery + 1]float64
}

// fromView builds the situation of v.Seat.
func (s *situation) fromView(v *arkham.View) {
	s.t.fromView(v)
	s.me = int(v.Seat)
	s.phase = v.Phase
	s.mine, s.transit, s.orbTop, s.chainLen, s.belief = 0, 0, 0, 0, nil
	if v.Passing != nil {
		s.chainLen = len(v.Passing.Chain)
	}
	// The engine's own accounting. Its error is ignored on purpose: a view showing impossible
	// cards still yields the accounting of what could be placed, which is all a bot can use.
	a, _ := arkham.Account(v)
	s.mine, s.transit, s.orbTop = a.Mine, a.Transit, a.OrbTop
	s.pool = a.Pool(s.pool[:0])
	s.t.held[s.me] = s.mine
}

// hyp is one guess at the two cards the seat may not know: its own and the one in transit.
type hyp struct{ mine, transit arkham.CardID }

// maxPairs bounds the (own, transit) guesses a decision weighs when both are unknown.
const maxPairs = 48

// hypotheses lists guesses at the unknown cards, deterministically: every own card when only
// that is unknown, else a fixed spread of pairs (each own card with several transit cards).
func (s *situation) hypotheses(dst []hyp, needTransit bool) []hyp {
	dst = dst[:0]
	n := len(s.pool)
	switch {
	case s.mine != 0 && (s.transit != 0 || !needTransit):
		dst = append(dst, hyp{s.mine, s.transit})
	case s.mine != 0:
		for _, c := range s.pool {
			dst = append(dst, hyp{s.mine, c})
		}
	case s.transit != 0 || !needTransit:
		for _, c := range s.pool {
			dst = append(dst, hyp{c, s.transit})
		}
	case n >= 2:
		// Offsets spread over the whole pool: the pool is in id order, so neighbouring offsets
		// would pair cards of the same artifact type far more often than chance.
		k := min(n-1, (maxPairs+n-1)/n)
		for j := 0; j < k; j++ {
			off := 1 + j*(n-1)/k
			for i, a := range s.pool {
				dst = append(dst, hyp{a, s.pool[(i+off)%n]})
			}
		}
	}
	return dst
}

// arkhamHeuristic is the rule-of-thumb player. It is deterministic: the same view gives the
// same move (so search bots can model it exactly).
type arkhamHeuristic struct {
	sit   situation
	hyps  []hyp
	stays []float64 // scratch: per guess, the value of keeping our card
	// marginFirst is held against taking a card straight from its drawer (who saw it and chose
	// us), marginLater against taking one that was passed on; negative favours taking.
	marginFirst, marginLater float64
	passTake                 float64 // the chance a pass's receiver is modelled to take
}

// The defaults were tuned in 5-seat competitive tournaments (seats rotated): against random
// players the old (0.75, 0.25, 0.5) won 32.5% to random's 29.9%; these win about 37% to 28.5%.
func newArkhamHeuristic() *arkhamHeuristic {
	return &arkhamHeuristic{marginFirst: 0.25, marginLater: -0.25, passTake: 0.25}
}

// decide picks a move for v.Seat among legal.
func (h *arkhamHeuristic) decide(v *arkham.View, legal []engine.Move) engine.Move {
	if len(legal) == 1 {
		return legal[0]
	}
	h.sit.fromView(v)
	return legal[h.choose(&h.sit, legal)]
}

// choose returns the index in legal of the heuristic's move in situation s.
func (h *arkhamHeuristic) choose(s *situation, legal []engine.Move) int {
	if len(legal) == 1 {
		return 0
	}
	t := &s.t
	me := s.me
	switch s.phase {
	case arkham.PhaseOrb:
		return orbChoice(s.orbTop, legal)
	case arkham.PhaseGive:
		h.hyps = s.hypotheses(h.hyps, false)
	default:
		h.hyps = s.hypotheses(h.hyps, true)
	}
	if len(h.hyps) == 0 {
		return 0
	}
	defer func() { t.held[me] = s.mine }()
	// Leader bias: among equal moves, aim at the seat with the most sanity.
	lead := func(to engine.Seat) float64 { return 0.01 * float64(t.sanity[to]) }
	best, bestV := 0, 0.0
	consider := func(i int, val float64) {
		if i == 0 || val > bestV {
			best, bestV = i, val
		}
	}
	weight := func(hy hyp) float64 {
		if s.belief == nil {
			return 1
		}
		return s.belief[hy.mine]
	}
	total := 0.0
	for _, hy := range h.hyps {
		total += weight(hy)
	}
	if total <= 0 {
		return 0
	}
	if s.phase == arkham.PhaseGive {
		for i, m := range legal {
			sum := 0.0
			for _, hy := range h.hyps {
				t.held[me] = hy.mine
				sum += weight(hy) * t.utility(t.plus(t.afterTake(int(m.To), s.transit)), me, false)
			}
			consider(i, sum/total+lead(m.To))
		}
		return best
	}
	// Respond: take, pass or drop.
	margin := h.marginLater
	if s.chainLen <= 2 {
		margin = h.marginFirst // straight from the drawer, who saw it and chose us
	}
	if s.transit != 0 {
		margin = 0 // we know the card ourselves
	}
	// The value of keeping our card, per guess, once for all moves.
	h.stays = h.stays[:0]
	for _, hy := range h.hyps {
		t.held[me] = hy.mine
		h.stays = append(h.stays, t.utility(t.plus(t.endDeltas()), me, false))
	}
	for i, m := range legal {
		sum := 0.0
		for k, hy := range h.hyps {
			t.held[me] = hy.mine
			w := weight(hy)
			stay := h.stays[k]
			switch m.Kind {
			case arkham.MoveTake:
				sum += w * (t.utility(t.plus(t.afterTake(me, hy.transit)), me, false) - margin)
			case arkham.MovePass:
				sum += w * (h.passTake*t.utility(t.plus(t.afterTake(int(m.To), hy.transit)), me, false) + (1-h.passTake)*stay)
			default:
				sum += w * stay
			}
		}
		val := sum / total
		if m.Kind == arkham.MovePass {
			val += lead(m.To)
		}
		consider(i, val)
	}
	return best
}

// orbChoice decides what to do with the peeked top card: Great Old Ones, cursed cards and the
// Cultist are removed, anything else goes back (the seat will know it when it comes round).
func orbChoice(top arkham.CardID, legal []engine.Move) int {
	want := arkham.OrbReturn
	if top.IsOldOne() || (top.Valid() && akCursed[top]) || top == arkham.Cultist {
		want = arkham.OrbRemove
	}
	for i, m := range legal {
		if m.Option == want {
			return i
		}
	}
	return 0
}
