package shadows

import (
	"sort"
	"strconv"

	"miskatonic/engine"
)

// resolve makes a legal move. It may draw randomness (g.rand); Apply runs it first without a
// deal key and, if it asked for randomness, waits for the Dealer and runs it again with one.
func (g *Game) resolve(m engine.Move) {
	me := int8(m.Seat)
	c := &g.chars[me]
	switch m.Kind {
	case MoveCharacter:
		c.char = int8(cards().charIndex(m.Option))
		if g.chosen() == g.seats {
			g.phase = phRing
		}
		return
	case MoveRing:
		g.ring = int8(m.To)
		g.setup()
		return
	case MoveBanish:
		g.banish(me)
		return
	case MoveLeave:
		g.note(EventLeave, int(me), -1, 0, "")
		g.phase, g.viewer = phAction, -1
		return
	case MoveEnd:
		g.endTurn()
		return
	}
	free := m.Kind == MoveDrive || m.Kind == MoveRetainer || m.Kind == MoveUse || m.Kind == MoveAbility
	if !free {
		g.flags.actions--
	}
	g.note(EventKind(m.Kind), int(me), int(c.loc), m.N, m.Option)
	switch m.Kind {
	case MoveMove, MoveDrive:
		if m.Kind == MoveDrive {
			g.flags.drive = true
		}
		g.move(me, int8(locIndex(m.Option)))
	case MoveHeal:
		g.flags.heals++
		c.know -= g.healCost()
		amount := int8(g.knobs().HealAmount)
		if n, ok := g.shadowRule("heal_amount"); ok {
			amount = int8(n)
		}
		c.mad = max(c.mad-amount, 0)
	case MoveClear:
		per := int8(1)
		if n, ok := g.shadowRule("clear_cost"); ok {
			per = int8(n)
		}
		c.musc -= int8(m.N) * per
		g.corruption[c.loc] -= int8(m.N)
	case MoveShare, MoveRetainer:
		if m.Kind == MoveRetainer {
			g.flags.retainer = true
		}
		o := &g.chars[m.To]
		switch m.Option {
		case ShareBills:
			c.bills -= int8(m.N)
			o.bills += int8(m.N)
		case ShareKnowledge:
			c.know -= int8(m.N)
			o.know += int8(m.N)
		case ShareMuscle:
			c.musc -= int8(m.N)
			o.musc += int8(m.N)
		case ShareAsset:
			g.dropAsset(me, m.Card-1)
			g.giveAsset(int8(m.To), m.Card-1)
		}
	case MovePassRing:
		g.ring = int8(m.To) // the Threat Start Marker does not move (FAQ)
	case MoveView:
		if m.Option == ViewMedium {
			g.flags.medium = true
			g.madden(me, 1)
		}
		g.viewShadow(me)
	case MoveAbility:
		g.useAbility(me, m)
	case MoveUse:
		g.useAsset(me, m.Card-1)
	case MoveResearch, MoveHire, MoveBuySell, MoveReport, MoveWithdraw, MoveAcquire:
		g.locationAction(me, m)
	}
}

// setup deals everything random at the start (spec 3.4.1) and plays the first turn's opening.
func (g *Game) setup() {
	k := g.knobs()
	if g.elder < 0 {
		g.elder = int8(g.rand(labelElder).Intn(len(cards().Elders)))
	}
	for i, r := range cards().Rando {
		if r.Elder == "" {
			g.randoDeck[i] = 1
		}
	}
	for _, key := range g.elderCard().Randonomicon {
		g.randoDeck[cards().randoIndex(key)] = 1
	}
	var abil []int8
	for i, a := range cards().Abilities {
		if !a.Variant || g.seats == VariantSeats {
			abil = append(abil, int8(i))
		}
	}
	p := g.rand(labelAbilities).Perm(len(abil))
	for s := int8(0); s < g.seats; s++ {
		c := &g.chars[s]
		c.ability = abil[p[s]]
		c.bills, c.know, c.musc = int8(k.StartBills), int8(k.StartKnowledge), int8(k.StartMuscle)
		c.loc = 0
	}
	n := k.StartCorruption[strconv.Itoa(int(g.seats))]
	for _, l := range g.rand(labelCorruption).Perm(NumLocations)[:n] {
		g.corruption[l]++
	}
	for i := 0; i < k.AssetRow; i++ {
		g.refill(i)
	}
	per := int8(k.ThreatsPerLevel[g.opts.Length])
	g.deck[0] = slot{level: 0, card: -1}
	g.deckN = 1
	for lv := int8(3); lv >= 1; lv-- {
		for i := int8(0); i < per; i++ {
			g.deck[g.deckN] = slot{level: lv}
			g.deckN++
		}
	}
	g.marker, g.active, g.turn, g.round = 0, 0, 1, 1
	g.note(EventSetup, -1, -1, int(g.seats), g.elderCard().Key)
	g.phase = phAction
	g.flags = turnFlags{actions: g.actionsPerTurn()}
	// First turn (FOUND): resolve the elder's Awakening, cycle, skip the start phase.
	g.note(EventAwakening, -1, -1, 0, g.elderCard().Key)
	g.run(g.elderCard().Awakening.Effect)
	g.cycle()
}

func (g *Game) actionsPerTurn() int8 {
	return int8(g.knobs().Actions[strconv.Itoa(int(g.seats))])
}

// identify draws the identity of deck card i from its level's unused threats.
func (g *Game) identify(i int8) {
	if g.deck[i].card != 0 {
		return
	}
	lv := g.deck[i].level
	var pool []int8
	for t, th := range cards().Threats {
		if int8(th.Level) == lv && !g.usedThreat[t] {
			pool = append(pool, int8(t))
		}
	}
	t := pool[g.rand(labelThreat).Intn(len(pool))]
	g.usedThreat[t] = true
	g.deck[i].card = t + 1
}

// cycle moves the bottom card to the top (spec 3.4.8); its Arkham face becomes the threat.
func (g *Game) cycle() {
	b := g.deck[g.deckN-1]
	copy(g.deck[1:g.deckN], g.deck[:g.deckN-1])
	g.deck[0] = b
	g.identify(0)
	g.tokens, g.known = 0, false
	g.note(EventCycle, -1, -1, int(g.deck[0].level), strconv.Itoa(int(g.deck[0].card)))
	if g.deck[0].level == 3 && !g.stirred {
		g.stirred = true
		if st := g.elderCard().Stirring; st != nil {
			g.note(EventStirring, -1, -1, 0, g.elderCard().Key)
			g.run(st.Effect)
		}
	}
}

func (g *Game) viewShadow(me int8) {
	g.identify(g.deckN - 1)
	g.known = true
	g.viewer = me
	g.phase = phShadow
	g.note(EventView, int(me), -1, 0, strconv.Itoa(int(g.deck[g.deckN-1].card)))
}

func (g *Game) banish(me int8) {
	b := g.deck[g.deckN-1]
	g.phase, g.viewer = phAction, -1
	if b.card < 0 && g.elderCard().Final.Draw {
		if !cards().Rando[g.drawFor(purposeCheck, false)].Success {
			g.note(EventBanishFailed, int(me), -1, 0, "")
			return
		}
	}
	g.chars[me].know -= g.banishCost()
	g.note(EventBanish, int(me), -1, int(b.level), strconv.Itoa(int(b.card)))
	if b.card < 0 {
		g.finish(ReasonWin, true)
		return
	}
	g.banisher = me
	g.run(cards().Threats[b.card-1].Shadow.OnBanish)
	if n := g.elderCard().BanishShadow; n > 0 {
		g.gainShadow(me, int8(n))
	}
	g.banisher = -1
	g.cycle()
}

func (g *Game) useAbility(me int8, m engine.Move) {
	g.flags.ability = true
	ab := cards().Abilities[g.chars[me].ability]
	g.chars[me].shadow += g.abilityGain(me)
	g.note(EventAbility, int(me), -1, 0, ab.Key)
	switch ab.Key {
	case "glimpse":
		g.viewShadow(me)
	case "twist":
		g.marker = (g.marker + 1) % g.seats
	case "veil":
		g.flags.veil = true
	case "insight":
		c := &g.chars[me]
		c.know = min(c.know+int8(ab.N), g.knowLimit(me))
	case "step":
		g.chars[m.To].loc = int8(locIndex(m.Option))
	}
}

func (g *Game) useAsset(me int8, a int) {
	c := &g.chars[me]
	as := cards().Assets[a]
	g.dropAsset(me, a)
	switch as.Effect {
	case "discard_token":
		g.tokens = max(g.tokens-int8(as.N), 0)
	case "discard_clear":
		g.corruption[c.loc] = max(g.corruption[c.loc]-int8(as.N), 0)
	case "discard_heal":
		c.mad = max(c.mad-int8(as.N), 0)
	}
}

// move takes a Move (or the Automobile's free move) with the shadows' costs.
func (g *Game) move(me int8, to int8) {
	c := &g.chars[me]
	if n, ok := g.shadowRule("move_bill"); ok {
		if c.bills >= int8(n) {
			c.bills -= int8(n)
		} else {
			g.madden(me, 1)
		}
	}
	if n, ok := g.shadowRule("move_shadow"); ok && g.ring == me {
		g.gainShadow(me, int8(n))
	}
	c.loc = to
}

// locationAction runs Research, Hire, Buy/Sell, Report, Withdraw or Acquire, with the
// corruption check a corrupt location asks for.
func (g *Game) locationAction(me int8, m engine.Move) {
	c := &g.chars[me]
	check := g.corruption[c.loc] > 0
	if _, ok := g.shadowRule("research_check"); ok && m.Kind == MoveResearch {
		check = true
	}
	needQty := m.Kind == MoveBuySell || m.Kind == MoveReport || m.Kind == MoveWithdraw
	lower := false
	if _, ok := g.shadowRule("draw_lower"); ok && (m.Kind == MoveBuySell || m.Kind == MoveReport) {
		lower = true
	}
	ok, qty := true, int8(0)
	if check || needQty {
		ok, qty = g.locDraw(me, check, needQty, lower)
	}
	if !ok {
		g.note(EventFoiled, int(me), int(c.loc), 0, m.Kind)
		return
	}
	switch m.Kind {
	case MoveResearch:
		gain := int8(1)
		if g.adv(me, "scholar") {
			gain = int8(g.char(me).Advantage.N)
		}
		if a := g.has(me, "research_bonus"); a >= 0 && !g.flags.library {
			g.flags.library = true
			gain += int8(cards().Assets[a].N)
		}
		c.know = min(c.know+gain, g.knowLimit(me))
	case MoveHire:
		extra := int8(0)
		if n, ok := g.shadowRule("hire_extra"); ok {
			extra = int8(n)
		}
		c.bills -= int8(m.N) + extra
		c.musc += int8(m.N)
	case MoveBuySell:
		if a := g.has(me, "buysell_bonus"); a >= 0 {
			qty += int8(cards().Assets[a].N)
		}
		if m.Option == BuyKnowledge {
			c.bills--
			c.know = min(c.know+qty, g.knowLimit(me))
		} else {
			c.know--
			c.bills = min(c.bills+qty, g.billLimit())
		}
	case MoveReport:
		if a := g.has(me, "report_bonus"); a >= 0 {
			qty += int8(cards().Assets[a].N)
		}
		c.know -= int8(g.reportCost(me))
		c.musc = min(c.musc+qty, g.muscLimit(me))
	case MoveWithdraw:
		if a := g.has(me, "withdraw_bonus"); a >= 0 {
			qty += int8(cards().Assets[a].N)
		}
		if n, ok := g.shadowRule("withdraw_bonus"); ok {
			qty = max(qty+int8(n), 0)
		}
		c.bills = min(c.bills+qty, g.billLimit())
	case MoveAcquire:
		a := m.Card - 1
		c.bills -= int8(g.assetCost(me, a))
		for i, r := range g.row {
			if int(r) == m.Card {
				g.row[i] = 0
				g.giveAsset(me, a)
				g.refill(i)
			}
		}
	}
}

// endTurn runs the end phase (spec 3.4.2) and the next character's start phase.
func (g *Game) endTurn() {
	me := g.active
	g.note(EventEndTurn, int(me), -1, 0, "")
	if g.chars[me].mad >= g.madnessLoss() {
		g.finish(ReasonMadness, false)
		return
	}
	if g.totalCorruption() >= g.knobs().CorruptionLoss {
		g.finish(ReasonCorruption, false)
		return
	}
	g.active = (me + 1) % g.seats
	if g.active == 0 {
		g.round++
	}
	g.turn++
	g.startTurn()
}

// startTurn is the start phase of the active character.
func (g *Game) startTurn() {
	s := g.active
	c := &g.chars[s]
	g.flags = turnFlags{actions: g.actionsPerTurn()}
	g.note(EventTurn, int(s), int(c.loc), 0, "")
	if g.ring != s {
		c.shadow = max(c.shadow-1, 0)
	}
	if a := g.has(s, "start_bills"); a >= 0 {
		c.bills = min(c.bills+int8(cards().Assets[a].N), g.billLimit())
	}
	if a := g.has(s, "start_clear"); a >= 0 {
		g.corruption[c.loc] = max(g.corruption[c.loc]-int8(cards().Assets[a].N), 0)
	}
	if n, ok := g.shadowRule("start_draw"); ok {
		if !cards().Rando[g.drawFor(purposeSuccess, false)].Success {
			g.madden(s, int8(n))
		}
	}
	if g.marker == s {
		if g.tokens >= g.topLimit() {
			g.note(EventThreatLimit, int(s), -1, int(g.tokens), strconv.Itoa(int(g.deck[0].card)))
			g.finish(ReasonThreat, false)
			return
		}
		g.tokens++
		g.note(EventThreat, int(s), -1, int(g.tokens), strconv.Itoa(int(g.deck[0].card)))
		g.run(cards().Threats[g.deck[0].card-1].Arkham.Effect)
	}
}

// ---- assets ----

func (g *Game) refill(i int) {
	var pool []int
	for a := range cards().Assets {
		if !g.assetOut[a] {
			pool = append(pool, a)
		}
	}
	if len(pool) == 0 {
		return
	}
	a := pool[g.rand(labelAssets).Intn(len(pool))]
	g.assetOut[a] = true
	g.row[i] = int8(a + 1)
}

func (g *Game) giveAsset(s int8, a int) {
	for i, x := range g.chars[s].assets {
		if x == 0 {
			g.chars[s].assets[i] = int8(a + 1)
			return
		}
	}
}

func (g *Game) dropAsset(s int8, a int) {
	c := &g.chars[s]
	for i, x := range c.assets {
		if int(x) == a+1 {
			copy(c.assets[i:], c.assets[i+1:])
			c.assets[maxCarry-1] = 0
			break
		}
	}
	// Losing the Grimoire lowers the knowledge limit: the excess is lost.
	c.know = min(c.know, g.knowLimit(s))
}

// ---- counters ----

func (g *Game) madden(s int8, n int8) {
	c := &g.chars[s]
	c.mad = min(max(c.mad+n, 0), int8(g.knobs().MadnessCap))
}

// gainShadow adds forced shadow tokens; each one beyond the cap is 1 madness instead.
func (g *Game) gainShadow(s int8, n int8) {
	c := &g.chars[s]
	capN := int8(g.knobs().ShadowCap)
	for ; n > 0; n-- {
		if c.shadow < capN {
			c.shadow++
		} else {
			g.madden(s, 1)
		}
	}
}

// corrupt adds n corruption at l, stopping at the board's cap.
func (g *Game) corrupt(l int, n int) {
	room := g.knobs().CorruptionCap - g.totalCorruption()
	n = min(n, room)
	if n > 0 {
		g.corruption[l] += int8(n)
		g.note(EventCorruption, -1, l, n, "")
	}
}

// ---- effects ----

func (g *Game) targets(who string) []int8 {
	var out []int8
	for s := int8(0); s < g.seats; s++ {
		ok := false
		switch who {
		case "all":
			ok = true
		case "marker":
			ok = s == g.marker
		case "bearer":
			ok = s == g.ring
		case "active":
			ok = s == g.active
		case "banisher":
			ok = s == g.banisher
		case "crowded":
			for t := int8(0); t < g.seats; t++ {
				ok = ok || (t != s && g.chars[t].loc == g.chars[s].loc)
			}
		default:
			ok = int(g.chars[s].loc) == locIndex(who[3:])
		}
		if ok {
			out = append(out, s)
		}
	}
	return out
}

func (g *Game) places(o Op) []int {
	switch o.At {
	case "bearer":
		return []int{int(g.chars[g.ring].loc)}
	case "active":
		return []int{int(g.chars[g.active].loc)}
	case "corrupt", "occupied":
		var out []int
		for l := 0; l < NumLocations; l++ {
			occ := false
			for s := int8(0); s < g.seats; s++ {
				occ = occ || int(g.chars[s].loc) == l
			}
			if (o.At == "corrupt" && g.corruption[l] > 0) || (o.At == "occupied" && occ) {
				out = append(out, l)
			}
		}
		return out
	case "least":
		ls := []int{0, 1, 2, 3, 4}
		sort.SliceStable(ls, func(i, j int) bool { return g.corruption[ls[i]] < g.corruption[ls[j]] })
		return ls[:o.Count]
	}
	return []int{locIndex(o.At)}
}

// run applies card effect ops in order.
func (g *Game) run(ops []Op) {
	for _, o := range ops {
		if g.phase == phOver {
			return
		}
		switch o.Op {
		case "corrupt":
			n := o.N
			if o.Qty {
				n = int(g.qty)
				if o.Max > 0 {
					n = min(n, o.Max)
				}
			}
			for _, l := range g.places(o) {
				g.corrupt(l, n)
			}
		case "madness", "shadow", "heal", "bills":
			ts := g.targets(o.Who)
			if len(ts) == 0 {
				g.run(o.Else)
			}
			for _, s := range ts {
				c := &g.chars[s]
				switch o.Op {
				case "madness":
					g.madden(s, int8(o.N))
				case "heal":
					g.madden(s, -int8(o.N))
				case "shadow":
					g.gainShadow(s, int8(o.N))
				case "bills":
					c.bills = min(max(c.bills+int8(o.N), 0), g.billLimit())
				}
			}
		case "discard_asset":
			for i, r := range g.row {
				if r > 0 {
					g.note(EventDiscardAsset, -1, -1, 0, cards().Assets[r-1].Key)
					g.row[i] = 0
					g.refill(i)
					break
				}
			}
		case "draw":
			p := purposeSuccess
			if o.Low {
				p = purposeLow
			}
			card := cards().Rando[g.drawFor(p, false)]
			g.qty = int8(card.Qty)
			if card.Success {
				g.run(o.Success)
			} else {
				g.run(o.Fail)
			}
			g.run(o.Any)
		}
	}
}
