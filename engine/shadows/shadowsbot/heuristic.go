// Package shadowsbot plays Ring of Shadows seats. Like every Miskatonic bot it sees only its
// seat's view and legal moves. In a co-operative game every seat pursues the same goal, so the
// bots share one plan: the Ring bearer collects knowledge and banishes shadows, the others feed
// it knowledge, keep corruption and their own madness down, and buy the assets that save actions.
package shadowsbot

import (
	"miskatonic/engine"
	"miskatonic/engine/bot"
	"miskatonic/engine/rng"
	"miskatonic/engine/shadows"
)

// Heuristic returns the rule-of-thumb bot. Ties are broken by a generator seeded with seed.
func Heuristic(seed uint64) bot.Func {
	r := rng.New(rng.Derive(rng.FromInt(seed).Seed(), "miskatonic/v1/bot/shadows/heuristic"))
	return bot.Typed("bot: shadows", viewOf, func(sv *shadows.View, legal []engine.Move) engine.Move { return Decide(sv, legal, r) })
}

// viewOf reads a view and checks the shape the bots index into: a view comes from the host,
// and a hostile one must give an error, never a panic.
func viewOf(v engine.View) (*shadows.View, error) {
	sv, err := bot.TypedView[shadows.View](v, "bot: shadows", "a Ring of Shadows")
	if err != nil {
		return nil, err
	}
	if sv.Phase == shadows.PhaseAction || sv.Phase == shadows.PhaseShadow {
		n := engine.Seat(len(sv.Characters))
		if sv.Threat == nil || len(sv.Corruption) != shadows.NumLocations || sv.Ring < 0 || sv.Ring >= n ||
			sv.Active < 0 || sv.Active >= n {
			return nil, engine.Errorf(engine.KindMalformed, "bot: shadows", "view of the wrong shape")
		}
	}
	return sv, nil
}

// characterOrder is the heuristic's preference when choosing characters: the knowledge-heavy
// characters first, since knowledge banishes.
var characterOrder = []string{"hale", "pierce", "marek", "calloway", "vanderholt"}

// assetValue ranks assets for Acquire (0: not worth an action).
var assetValue = map[string]int{
	"grimoire": 6, "library_pass": 7, "automobile": 5, "whiskey": 5, "hired_gun": 5, "warding_charm": 6,
	"police_escort": 3, "neighborhood_watch": 4, "family_trust": 3, "line_of_credit": 1, "loose_lips": 2,
	"deputy_badge": 1, "marked_deck": 2, "shadow_medium": 3, "detective": 4,
}

// Decide is the heuristic's choice for the seat owning legal (exported for the search bot's
// playouts and for tests). r breaks ties.
func Decide(v *shadows.View, legal []engine.Move, r *rng.Rand) engine.Move {
	me := legal[0].Seat
	find := func(kind string, ok func(engine.Move) bool) (engine.Move, bool) {
		for _, m := range legal {
			if m.Kind == kind && (ok == nil || ok(m)) {
				return m, true
			}
		}
		return engine.Move{}, false
	}
	switch v.Phase {
	case shadows.PhaseChoose:
		for _, k := range characterOrder {
			if m, ok := find(shadows.MoveCharacter, func(m engine.Move) bool { return m.Option == k }); ok {
				return m
			}
		}
		return legal[0]
	case shadows.PhaseRing:
		if m, ok := find(shadows.MoveRing, func(m engine.Move) bool { return m.To == v.RingSuggestion }); ok {
			return m
		}
		return legal[0]
	case shadows.PhaseShadow:
		if m, ok := find(shadows.MoveBanish, nil); ok {
			return m
		}
		return legal[len(legal)-1]
	}
	if !me.Valid(len(v.Characters)) {
		return legal[0]
	}
	p := newPlan(v, me)
	if m, ok := p.pick(find, legal, r); ok {
		return m
	}
	m, _ := find(shadows.MoveEnd, nil)
	return m
}

type plan struct {
	v       *shadows.View
	me      engine.Seat
	c       shadows.CharView
	bearer  shadows.CharView
	cost    int
	loss    int
	corrupt int
}

func newPlan(v *shadows.View, me engine.Seat) *plan {
	p := &plan{v: v, me: me, c: v.Characters[me], bearer: v.Characters[v.Ring], cost: v.Threat.Cost, loss: v.Limits.MadnessLoss}
	for _, n := range v.Corruption {
		p.corrupt += n
	}
	return p
}

func locIndex(l string) int {
	for i, x := range shadows.Locations {
		if x == l {
			return i
		}
	}
	return -1
}

// pick runs the plan's priorities; false means end the turn.
func (p *plan) pick(find func(string, func(engine.Move) bool) (engine.Move, bool), legal []engine.Move, r *rng.Rand) (engine.Move, bool) {
	v, c := p.v, p.c
	here := locIndex(c.Location)
	if here < 0 {
		return engine.Move{}, false
	}
	acts := v.ActionsLeft
	isBearer := v.Ring == p.me
	moveTo := func(loc string) (engine.Move, bool) {
		if c.Location == loc {
			return engine.Move{}, false
		}
		if m, ok := find(shadows.MoveDrive, func(m engine.Move) bool { return m.Option == loc }); ok {
			return m, true
		}
		return find(shadows.MoveMove, func(m engine.Move) bool { return m.Option == loc })
	}
	useAsset := func(key string) (engine.Move, bool) {
		return find(shadows.MoveUse, func(m engine.Move) bool { return assetKey(m.Card) == key })
	}
	// 1. Madness that could end the game.
	if c.Madness >= p.loss-1 {
		if m, ok := useAsset("whiskey"); ok {
			return m, true
		}
		if m, ok := find(shadows.MoveHeal, nil); ok {
			return m, true
		}
	}
	// 2. A threat at its limit: the Warding Charm buys a round.
	if v.Threat.Tokens >= v.Threat.Limit {
		if m, ok := useAsset("warding_charm"); ok {
			return m, true
		}
	}
	// 3. The bearer banishes when it can pay. An elder whose Final limits the payer's shadow
	// tokens needs a bearer below that limit: hand the Ring on when ours is too dark.
	canPay := c.Knowledge >= p.cost
	if ms := p.maxShadow(); ms >= 0 {
		if isBearer && c.Shadow > ms {
			for _, m := range legal {
				if m.Kind == shadows.MovePassRing && v.Characters[m.To].Shadow <= ms {
					return m, true
				}
			}
			canPay = false
		} else if !isBearer && c.Shadow <= ms && p.bearer.Shadow > ms && acts > 0 {
			if m, ok := moveTo(p.bearer.Location); ok {
				return m, true
			}
		}
	}
	if isBearer && canPay && c.Ability == "glimpse" && p.maxShadow() >= 0 && c.Shadow >= p.maxShadow() {
		canPay = c.Knowledge >= p.cost // view with an action rather than gain a shadow token
		if m, ok := find(shadows.MoveView, func(m engine.Move) bool { return m.Option == "" }); ok && canPay {
			return m, true
		}
	}
	if isBearer && canPay {
		if m, ok := find(shadows.MoveAbility, func(engine.Move) bool { return c.Ability == "glimpse" }); ok {
			return m, true
		}
		if m, ok := find(shadows.MoveView, func(m engine.Move) bool { return m.Option == "" }); ok {
			return m, true
		}
	}
	if !isBearer && canPay && c.Knowledge > p.bearer.Knowledge && v.Threat.Known {
		if m, ok := find(shadows.MoveView, func(m engine.Move) bool { return m.Option == shadows.ViewMedium }); ok {
			return m, true
		}
	}
	if acts == 0 {
		return engine.Move{}, false
	}
	// 4. Corruption close to the loss: clear where we stand, or hire muscle to.
	danger := p.corrupt >= v.Limits.CorruptionLoss-3
	if danger || v.Corruption[here] >= 2 {
		if m, ok := useAsset("hired_gun"); ok {
			return m, true
		}
		if m, ok := best(legal, shadows.MoveClear); ok {
			return m, true
		}
	}
	// 5. Feed the bearer.
	if !isBearer {
		room := p.bearer.KnowledgeLimit - p.bearer.Knowledge
		if c.Knowledge > 0 && room > 0 && c.Location == p.bearer.Location {
			n := min(c.Knowledge, room)
			if m, ok := find(shadows.MoveShare, func(m engine.Move) bool {
				return m.To == v.Ring && m.Option == shadows.ShareKnowledge && m.N == n
			}); ok {
				return m, true
			}
		}
		if m, ok := find(shadows.MoveRetainer, func(m engine.Move) bool {
			return m.To == v.Ring && m.Option == shadows.ShareKnowledge && m.N == min(c.Knowledge, room)
		}); ok && c.Knowledge > 0 {
			return m, true
		}
		if c.Knowledge >= 2 && p.bearer.Knowledge < p.cost && room > 0 {
			if m, ok := moveTo(p.bearer.Location); ok {
				return m, true
			}
		}
	} else if c.Knowledge < p.cost {
		if m, ok := find(shadows.MoveAbility, func(engine.Move) bool { return c.Ability == "insight" }); ok {
			return m, true
		}
	}
	// 6. Heal early when madness mounts.
	if c.Madness >= 2 && c.Knowledge >= 2 {
		if m, ok := find(shadows.MoveHeal, nil); ok {
			return m, true
		}
	}
	// 7. Buy a good asset standing in the row here.
	bestA, bestV := engine.Move{}, 0
	for _, m := range legal {
		if m.Kind == shadows.MoveAcquire && assetValue[assetKey(m.Card)] > bestV {
			bestA, bestV = m, assetValue[assetKey(m.Card)]
		}
	}
	if bestV >= 3 {
		return bestA, true
	}
	// 8. Clear corruption where we stand when we carry muscle for it.
	if v.Corruption[here] > 0 && c.Muscle > 0 {
		if m, ok := best(legal, shadows.MoveClear); ok {
			return m, true
		}
	}
	// 9. Gather knowledge.
	if m, ok := find(shadows.MoveResearch, nil); ok {
		return m, true
	}
	if m, ok := find(shadows.MoveBuySell, func(m engine.Move) bool { return m.Option == shadows.BuyKnowledge }); ok && c.Bills >= 2 {
		return m, true
	}
	// 10. With corruption high and no muscle, hire some.
	if danger && c.Muscle == 0 {
		if m, ok := best(legal, shadows.MoveHire); ok {
			return m, true
		}
		if c.Bills > 0 {
			if m, ok := moveTo("club"); ok {
				return m, true
			}
		}
	}
	// 11. Knowledge full: bring it to the bearer, else earn bills for assets.
	if c.Knowledge >= c.KnowledgeLimit && !isBearer {
		if m, ok := moveTo(p.bearer.Location); ok {
			return m, true
		}
	}
	if c.Knowledge >= c.KnowledgeLimit {
		if m, ok := find(shadows.MoveWithdraw, nil); ok {
			return m, true
		}
		if c.Bills < 3 {
			if m, ok := moveTo("bank"); ok {
				return m, true
			}
		}
		return engine.Move{}, false
	}
	if m, ok := moveTo("university"); ok {
		return m, true
	}
	return engine.Move{}, false
}

// maxShadow is the Final's shadow-token limit when the elder's Final is the current shadow
// (or the next), else -1.
func (p *plan) maxShadow() int {
	e := p.v.Elder
	if e == nil || e.FinalMaxShadow < 0 || p.v.Threat.Left > 1 {
		return -1
	}
	return e.FinalMaxShadow
}

// best is the legal move of kind with the largest N.
func best(legal []engine.Move, kind string) (engine.Move, bool) {
	var out engine.Move
	found := false
	for _, m := range legal {
		if m.Kind == kind && (!found || m.N > out.N) {
			out, found = m, true
		}
	}
	return out, found
}

func assetKey(card int) string {
	as := shadows.Cards().Assets
	if card < 1 || card > len(as) {
		return ""
	}
	return as[card-1].Key
}
