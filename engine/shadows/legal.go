package shadows

import "miskatonic/engine"

// resources that Share moves.
var shareKinds = [...]string{ShareBills, ShareKnowledge, ShareMuscle}

// Legal lists every move s may make now, in a deterministic order.
func (g *Game) Legal(s engine.Seat) []engine.Move {
	mover, ok := g.Mover()
	if !ok || s != mover || s == engine.Dealer || g.waiting {
		return nil
	}
	me := int8(s)
	out := make([]engine.Move, 0, 48)
	add := func(m engine.Move) { m.Seat = s; out = append(out, m) }
	switch g.phase {
	case phChoose:
		for i, ch := range cards().Characters {
			if !g.taken(int8(i)) {
				add(engine.Move{Kind: MoveCharacter, Option: ch.Key})
			}
		}
		return out
	case phRing:
		for t := int8(0); t < g.seats; t++ {
			add(engine.Move{Kind: MoveRing, To: engine.Seat(t)})
		}
		return out
	case phShadow:
		if g.canBanish(me) {
			add(engine.Move{Kind: MoveBanish})
		}
		add(engine.Move{Kind: MoveLeave})
		return out
	}
	c := &g.chars[me]
	act := g.flags.actions > 0
	add(engine.Move{Kind: MoveEnd})
	for l := int8(0); l < NumLocations; l++ {
		if l == c.loc {
			continue
		}
		if act && g.canMove(me) {
			add(engine.Move{Kind: MoveMove, Option: Locations[l]})
		}
		if !g.flags.drive && g.has(me, "free_move") >= 0 && g.canMove(me) {
			add(engine.Move{Kind: MoveDrive, Option: Locations[l]})
		}
	}
	if act && g.canHeal(me) {
		add(engine.Move{Kind: MoveHeal})
	}
	if act {
		per := int8(1)
		if n, ok := g.shadowRule("clear_cost"); ok {
			per = int8(n)
		}
		for n := int8(1); n <= g.corruption[c.loc] && n*per <= c.musc; n++ {
			add(engine.Move{Kind: MoveClear, N: int(n)})
		}
	}
	if _, no := g.shadowRule("no_share"); !no {
		if act {
			out = g.appendShares(out, me, MoveShare, true)
		}
		if !g.flags.retainer && g.has(me, "free_share") >= 0 {
			out = g.appendShares(out, me, MoveRetainer, false)
		}
	}
	if act && g.ring == me {
		for t := int8(0); t < g.seats; t++ {
			if t != me && g.chars[t].loc == c.loc {
				add(engine.Move{Kind: MovePassRing, To: engine.Seat(t)})
			}
		}
	}
	if act && g.ring == me {
		add(engine.Move{Kind: MoveView})
	}
	if act && !g.flags.medium && g.has(me, "medium") >= 0 {
		add(engine.Move{Kind: MoveView, Option: ViewMedium})
	}
	if g.canAbility(me) {
		ab := cards().Abilities[c.ability]
		switch ab.Key {
		case "twist":
			if g.active != g.marker {
				add(engine.Move{Kind: MoveAbility})
			}
		case "step":
			for t := int8(0); t < g.seats; t++ {
				for l := int8(0); l < NumLocations; l++ {
					if g.chars[t].loc != l {
						add(engine.Move{Kind: MoveAbility, To: engine.Seat(t), Option: Locations[l]})
					}
				}
			}
		case "insight":
			if c.know < g.knowLimit(me) {
				add(engine.Move{Kind: MoveAbility})
			}
		case "veil":
			if !g.flags.veil {
				add(engine.Move{Kind: MoveAbility})
			}
		default:
			add(engine.Move{Kind: MoveAbility})
		}
	}
	for _, a := range g.carried(me) {
		as := cards().Assets[a]
		ok := false
		switch as.Effect {
		case "discard_token":
			ok = g.tokens > 0
		case "discard_clear":
			ok = g.corruption[c.loc] > 0
		case "discard_heal":
			ok = c.mad > 0
		}
		if ok {
			add(engine.Move{Kind: MoveUse, Card: a + 1})
		}
	}
	if !act {
		return out
	}
	here := Locations[c.loc]
	switch here {
	case "university":
		if c.know < g.knowLimit(me) {
			add(engine.Move{Kind: MoveResearch})
		}
	case "club":
		extra := int8(0)
		if n, ok := g.shadowRule("hire_extra"); ok {
			extra = int8(n)
		}
		for n := int8(1); n+extra <= c.bills && c.musc+n <= g.muscLimit(me); n++ {
			add(engine.Move{Kind: MoveHire, N: int(n)})
		}
	case "roadhouse":
		if c.bills >= 1 && c.know < g.knowLimit(me) {
			add(engine.Move{Kind: MoveBuySell, Option: BuyKnowledge})
		}
		if c.know >= 1 && c.bills < g.billLimit() {
			add(engine.Move{Kind: MoveBuySell, Option: SellKnowledge})
		}
	case "police":
		if c.know >= int8(g.reportCost(me)) && c.musc < g.muscLimit(me) {
			add(engine.Move{Kind: MoveReport})
		}
	case "bank":
		if c.bills < g.billLimit() {
			add(engine.Move{Kind: MoveWithdraw})
		}
	}
	if g.nCarried(me) < cards().Knobs.AssetCarry {
		for _, r := range g.row {
			if r > 0 && cards().Assets[r-1].Location == here && c.bills >= int8(g.assetCost(me, int(r-1))) {
				add(engine.Move{Kind: MoveAcquire, Card: int(r)})
			}
		}
	}
	return out
}

func (g *Game) taken(ch int8) bool {
	for s := int8(0); s < g.seats; s++ {
		if g.chars[s].char == ch {
			return true
		}
	}
	return false
}

// appendShares lists Share moves: to each other character (at my location unless anywhere),
// each resource in amounts the receiver can hold, and each asset it has room for.
func (g *Game) appendShares(out []engine.Move, me int8, kind string, local bool) []engine.Move {
	c := &g.chars[me]
	for t := int8(0); t < g.seats; t++ {
		o := &g.chars[t]
		if t == me || (local && o.loc != c.loc) {
			continue
		}
		room := [3]int8{g.billLimit() - o.bills, g.knowLimit(t) - o.know, g.muscLimit(t) - o.musc}
		have := [3]int8{c.bills, c.know, c.musc}
		for r, name := range shareKinds {
			for n := int8(1); n <= have[r] && n <= room[r]; n++ {
				out = append(out, engine.Move{Seat: engine.Seat(me), Kind: kind, To: engine.Seat(t), Option: name, N: int(n)})
			}
		}
		if g.nCarried(t) < cards().Knobs.AssetCarry {
			for _, a := range g.carried(me) {
				out = append(out, engine.Move{Seat: engine.Seat(me), Kind: kind, To: engine.Seat(t), Option: ShareAsset, Card: a + 1})
			}
		}
	}
	return out
}

func (g *Game) canMove(s int8) bool { return true }

func (g *Game) healCost() int8 {
	if n, ok := g.shadowRule("heal_cost"); ok {
		return int8(n)
	}
	return int8(g.knobs().HealCost)
}

func (g *Game) canHeal(s int8) bool {
	c := &g.chars[s]
	if c.mad == 0 || c.know < g.healCost() {
		return false
	}
	if n, ok := g.shadowRule("heal_per_turn"); ok && g.flags.heals >= int8(n) {
		return false
	}
	return true
}

func (g *Game) reportCost(s int8) int {
	if g.adv(s, "on_the_force") {
		return 0
	}
	if n, ok := g.shadowRule("report_cost"); ok {
		return n
	}
	return 1
}

func (g *Game) assetCost(s int8, a int) int {
	cost := cards().Assets[a].Cost
	if g.adv(s, "deep_pockets") {
		cost = max(cost-g.char(s).Advantage.N, 1)
	}
	return cost
}

// abilityGain is how many shadow tokens s would gain by using its ability.
func (g *Game) abilityGain(s int8) int8 {
	gain := cards().Abilities[g.chars[s].ability].Shadow
	if g.adv(s, "attuned") {
		gain = max(gain-g.char(s).Advantage.N, 0)
	}
	return int8(gain)
}

func (g *Game) canAbility(s int8) bool {
	if g.ring != s || g.flags.ability || g.chars[s].ability < 0 {
		return false
	}
	if _, no := g.shadowRule("no_abilities"); no {
		return false
	}
	return g.chars[s].shadow+g.abilityGain(s) <= int8(g.knobs().ShadowCap)
}

// banishCost is the knowledge the current shadow asks.
func (g *Game) banishCost() int8 {
	b := g.deck[g.deckN-1]
	if b.card < 0 {
		return int8(g.elderCard().Final.Knowledge)
	}
	return int8(g.knobs().BanishCost[b.level])
}

func (g *Game) canBanish(s int8) bool {
	c := &g.chars[s]
	if c.know < g.banishCost() {
		return false
	}
	if b := g.deck[g.deckN-1]; b.card < 0 {
		if m := g.elderCard().Final.MaxShadow; m != nil && c.shadow > int8(*m) {
			return false
		}
	}
	return true
}
