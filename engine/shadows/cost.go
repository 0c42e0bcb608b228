package shadows

import (
	"miskatonic/engine"
	"miskatonic/engine/rng"
)

// Cost is what a move asks of its mover before anything it gains: the price a board names on the
// move's button. Shadows and advantages change prices (a shadow's heal cost, Deep Pockets,
// Attuned, On the Force), so the price comes from the rules here and never from base numbers in
// the app. A move that could go either way (moving under a shadow that takes a bill, or a
// madness from someone who has none) shows the bill when the mover has it, as the rules then
// take it.
type Cost struct {
	Action    bool `json:"action,omitempty"`    // spends one of the turn's actions
	Bills     int  `json:"bills,omitempty"`     // paid
	Knowledge int  `json:"knowledge,omitempty"` // paid
	Muscle    int  `json:"muscle,omitempty"`    // paid
	Madness   int  `json:"madness,omitempty"`   // taken on
	Shadow    int  `json:"shadow,omitempty"`    // shadow tokens taken on
	Discard   bool `json:"discard,omitempty"`   // the asset used is discarded
}

// CostOf is the price of m for its mover in g now. m need not be legal; Character, Ring, End and
// Leave cost nothing.
func (g *Game) CostOf(m engine.Move) Cost {
	me := int8(m.Seat)
	if me < 0 || me >= g.seats {
		return Cost{}
	}
	var c Cost
	switch m.Kind {
	case MoveCharacter, MoveRing, MoveEnd, MoveLeave:
		return c
	case MoveBanish:
		c.Knowledge = int(g.banishCost())
		return c
	}
	c.Action = !(m.Kind == MoveDrive || m.Kind == MoveRetainer || m.Kind == MoveUse || m.Kind == MoveAbility)
	switch m.Kind {
	case MoveMove, MoveDrive:
		if n, ok := g.shadowRule("move_bill"); ok {
			if g.chars[me].bills >= int8(n) {
				c.Bills = n
			} else {
				c.Madness = 1
			}
		}
		if n, ok := g.shadowRule("move_shadow"); ok && g.ring == me {
			c.Shadow = n
		}
	case MoveHeal:
		c.Knowledge = int(g.healCost())
	case MoveClear:
		per := 1
		if n, ok := g.shadowRule("clear_cost"); ok {
			per = n
		}
		c.Muscle = m.N * per
	case MoveView:
		if m.Option == ViewMedium {
			c.Madness = 1
		}
	case MoveAbility:
		c.Shadow = int(g.abilityGain(me))
	case MoveUse:
		c.Discard = true
	case MoveHire:
		c.Bills = m.N
		if n, ok := g.shadowRule("hire_extra"); ok {
			c.Bills += n
		}
	case MoveBuySell:
		if m.Option == BuyKnowledge {
			c.Bills = 1
		} else {
			c.Knowledge = 1
		}
	case MoveReport:
		c.Knowledge = g.reportCost(me)
	case MoveAcquire:
		if a := m.Card - 1; a >= 0 && a < len(cards().Assets) {
			c.Bills = g.assetCost(me, a)
		}
	}
	return c
}

// CostInView is CostOf for a board that has only its view: the game is rebuilt from the view
// (the parts a view leaves out never change a price). ok is false outside the action and shadow
// phases, where no move has a price.
func CostInView(v *View, m engine.Move) (c Cost, ok bool) {
	g, err := FromView(v, rng.FromInt(0))
	if err != nil {
		return Cost{}, false
	}
	return g.CostOf(m), true
}
