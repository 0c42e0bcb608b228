package shadows

import (
	"miskatonic/engine"
	"miskatonic/engine/rng"
)

// FromView builds a game consistent with a view in the action or shadow phase, for bots that
// search. Nothing the view leaves out matters to the rules except which threats already
// cycled up (they only narrow what the next unseen card can be): those are drawn with r, as are
// which assets a threat discarded. Elsewhere the view is the whole state.
func FromView(v *View, r *rng.Rand) (*Game, error) {
	if v == nil || v.Threat == nil || v.Elder == nil || (v.Phase != PhaseAction && v.Phase != PhaseShadow) || v.Outcome != nil {
		return nil, engine.Errorf(engine.KindMalformed, "shadows: from view", "a view of a game in play is needed")
	}
	cfg := engine.Config{Seats: v.Seats, Options: v.Options.Map()}
	g, err := New(cfg)
	if err != nil {
		return nil, err
	}
	if len(v.Characters) != v.Seats || len(v.Corruption) != NumLocations {
		return nil, engine.Errorf(engine.KindMalformed, "shadows: from view", "bad view shape")
	}
	bad := func(what string) (*Game, error) {
		return nil, engine.Errorf(engine.KindMalformed, "shadows: from view", "bad %s", what)
	}
	if g.elder = int8(cards().elderIndex(v.Elder.Key)); g.elder < 0 {
		return bad("elder")
	}
	g.phase = phAction
	if v.Phase == PhaseShadow {
		g.phase, g.viewer = phShadow, int8(v.ToMove)
	}
	g.round, g.turn = int16(v.Round), int16(v.Turn)
	g.active, g.marker, g.ring = int8(v.Active), int8(v.Marker), int8(v.Ring)
	if !v.Active.Valid(v.Seats) || !v.Marker.Valid(v.Seats) || !v.Ring.Valid(v.Seats) {
		return bad("seats")
	}
	for s, cv := range v.Characters {
		c := &g.chars[s]
		c.char, c.loc = int8(cards().charIndex(cv.Character)), int8(locIndex(cv.Location))
		c.ability = -1
		for i, a := range cards().Abilities {
			if a.Key == cv.Ability {
				c.ability = int8(i)
			}
		}
		if c.char < 0 || c.loc < 0 || c.ability < 0 || len(cv.Assets) > maxCarry {
			return bad("character")
		}
		c.bills, c.know, c.musc, c.mad, c.shadow = int8(cv.Bills), int8(cv.Knowledge), int8(cv.Muscle), int8(cv.Madness), int8(cv.Shadow)
		for i, k := range cv.Assets {
			a := cards().assetIndex(k)
			if a < 0 {
				return bad("asset")
			}
			c.assets[i] = int8(a + 1)
			g.assetOut[a] = true
		}
	}
	// A hostile view must not yield a state the rules could never reach.
	k := cards().Knobs
	for s := int8(0); s < g.seats; s++ {
		c := &g.chars[s]
		if c.bills < 0 || c.bills > g.billLimit() || c.know < 0 || c.know > g.knowLimit(s) || c.musc < 0 ||
			c.musc > g.muscLimit(s) || c.mad < 0 || c.mad > int8(k.MadnessCap) || c.shadow < 0 || c.shadow > int8(k.ShadowCap) ||
			v.Characters[s].Bills != int(c.bills) || v.Characters[s].Knowledge != int(c.know) || v.Characters[s].Muscle != int(c.musc) ||
			v.Characters[s].Madness != int(c.mad) || v.Characters[s].Shadow != int(c.shadow) {
			return bad("character counters")
		}
	}
	if v.ActionsLeft < 0 || v.ActionsLeft > 8 || v.Threat.Tokens < 0 || v.Threat.Tokens > 3 {
		return bad("counters")
	}
	total := 0
	for _, n := range v.Corruption {
		if n < 0 || n > k.CorruptionCap {
			return bad("corruption")
		}
		total += n
	}
	if total > k.CorruptionCap {
		return bad("corruption")
	}
	f := &g.flags
	f.actions = int8(v.ActionsLeft)
	for _, u := range v.Used {
		switch u {
		case "ability":
			f.ability = true
		case "lucky":
			f.lucky = true
		case "marked":
			f.marked = true
		case "escort":
			f.escort = true
		case "library":
			f.library = true
		case "medium":
			f.medium = true
		case "drive":
			f.drive = true
		case "retainer":
			f.retainer = true
		case "veil":
			f.veil = true
		case "heal":
			f.heals = 1
		}
	}
	for l, n := range v.Corruption {
		g.corruption[l] = int8(n)
	}
	for i, k := range v.AssetRow {
		if i >= len(g.row) {
			return bad("asset row")
		}
		if k != "" {
			a := cards().assetIndex(k)
			if a < 0 {
				return bad("asset")
			}
			g.row[i] = int8(a + 1)
			g.assetOut[a] = true
		}
	}
	out := 0
	var in []int
	for a, o := range g.assetOut {
		if o {
			out++
		} else {
			in = append(in, a)
		}
	}
	for extra := maxAssets - v.AssetDeck - out; extra > 0 && len(in) > 0; extra-- {
		i := r.Intn(len(in))
		g.assetOut[in[i]] = true
		in = append(in[:i], in[i+1:]...)
	}
	for i, rc := range cards().Rando {
		if rc.Elder == "" {
			g.randoDeck[i] = 1
		}
	}
	for _, key := range g.elderCard().Randonomicon {
		g.randoDeck[cards().randoIndex(key)] = 1
	}
	for _, k := range v.Rando.Discard {
		i := cards().randoIndex(k)
		if i < 0 || g.randoDeck[i] == 0 {
			return bad("randonomicon")
		}
		g.randoDeck[i]--
		g.randoDisc[i]++
	}
	// The deck: cycled cards above the elder, the elder, then the unseen cards, bottom next.
	t := v.Threat
	per := cards().Knobs.ThreatsPerLevel[v.Options.Length]
	n := t.DeckSize
	elderAt := n - t.Left
	if n != 3*per+1 || elderAt < 1 || elderAt >= n || t.Top < 1 || t.Top > maxThreats {
		return bad("threat deck")
	}
	g.deckN = int8(n)
	level := func(j int) int8 { return int8(1 + j/per) } // level of the j-th card to cycle up
	for i := 0; i < n; i++ {
		switch {
		case i == elderAt:
			g.deck[i] = slot{card: -1}
		case i < elderAt:
			g.deck[i] = slot{level: level(elderAt - 1 - i)}
		default:
			g.deck[i] = slot{level: level(elderAt + n - 1 - i)}
		}
	}
	if t.Known && t.Shadow > maxThreats || t.Shadow < -1 || (t.Known && t.Shadow > 0 && (t.Shadow == t.Top ||
		cards().Threats[t.Shadow-1].Level != int(g.deck[n-1].level))) || cards().Threats[t.Top-1].Level != int(g.deck[0].level) ||
		(t.Known && (t.Shadow < 0) != (elderAt == n-1)) {
		return bad("threat deck")
	}
	g.deck[0].card = int8(t.Top)
	g.usedThreat[t.Top-1] = true
	if t.Known && t.Shadow > 0 {
		g.deck[n-1].card = int8(t.Shadow)
		g.usedThreat[t.Shadow-1] = true
	}
	g.known = t.Known
	g.tokens = int8(t.Tokens)
	g.stirred = v.Elder.Stirred
	g.str = &streams{key: r.Seed(), r: map[string]*rng.Rand{}}
	for i := 1; i < elderAt; i++ {
		g.identify(int8(i))
	}
	g.str = nil
	return g, nil
}
