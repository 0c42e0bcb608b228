package shadows

import (
	"testing"

	"miskatonic/engine"
)

func init() {
	for k, f := range moreCardTests {
		cardTests[k] = f
	}
}

func assetID(key string) int { return cards().assetIndex(key) + 1 }

var moreCardTests = map[string]func(t *testing.T){
	// ---- assets ----
	"asset:library_pass": func(t *testing.T) {
		g := fixture(t, 2, "ghatanothoa")
		carry(g, calloway, "library_pass")
		g.active, g.chars[1].know = 1, 0
		do(t, g, engine.Move{Kind: MoveResearch})
		do(t, g, engine.Move{Kind: MoveResearch})
		eq(t, "knowledge (1+1, then 1)", g.chars[1].know, 3)
	},
	"asset:grimoire": func(t *testing.T) {
		g := fixture(t, 2, "ghatanothoa")
		carry(g, calloway, "grimoire")
		eq(t, "limit", g.knowLimit(calloway), 6)
		g.chars[1].know = 6
		g.dropAsset(calloway, cards().assetIndex("grimoire"))
		eq(t, "excess lost with it", g.chars[1].know, 4)
	},
	"asset:warding_charm": func(t *testing.T) {
		g := fixture(t, 2, "ghatanothoa")
		carry(g, hale, "warding_charm")
		g.tokens = 2
		do(t, g, engine.Move{Kind: MoveUse, Card: assetID("warding_charm")})
		eq(t, "tokens", g.tokens, 1)
		eq(t, "discarded", g.nCarried(hale), 0)
		eq(t, "no action", g.flags.actions, 3)
	},
	"asset:hired_gun": func(t *testing.T) {
		g := fixture(t, 2, "ghatanothoa")
		carry(g, hale, "hired_gun")
		g.corruption[0] = 3
		do(t, g, engine.Move{Kind: MoveUse, Card: assetID("hired_gun")})
		eq(t, "corruption", g.corruption[0], 1)
		eq(t, "muscle kept", g.chars[0].musc, 1)
	},
	"asset:marked_deck": func(t *testing.T) {
		g := fixture(t, 2, "ghatanothoa")
		carry(g, hale, "marked_deck")
		g.corruption[0] = 1
		g.randoDeck, g.randoDisc = [maxRando]int8{}, [maxRando]int8{}
		g.randoDeck[cards().randoIndex("f0")] = 1
		g.randoDeck[cards().randoIndex("s1a")] = 0
		live(g)
		// Draw order is random; with one failure and one success in the deck, the failure
		// is always redrawn into the success.
		g.randoDeck[cards().randoIndex("s2a")] = 1
		for i := 0; i < 1; i++ {
			card := g.drawFor(purposeCheck, false)
			if !cards().Rando[card].Success {
				t.Errorf("kept a failure with the Marked Deck")
			}
		}
		eq(t, "used", g.flags.marked, true)
	},
	"asset:whiskey": func(t *testing.T) {
		g := fixture(t, 2, "ghatanothoa")
		carry(g, hale, "whiskey")
		g.chars[0].mad = 3
		do(t, g, engine.Move{Kind: MoveUse, Card: assetID("whiskey")})
		eq(t, "madness", g.chars[0].mad, 1)
	},
	"asset:shadow_medium": func(t *testing.T) {
		g := fixture(t, 2, "ghatanothoa")
		carry(g, calloway, "shadow_medium")
		g.active = 1
		do(t, g, engine.Move{Kind: MoveView, Option: "medium"})
		eq(t, "viewing without the Ring", g.phase, phShadow)
		eq(t, "viewer", g.viewer, calloway)
		eq(t, "madness", g.chars[1].mad, 1)
		do(t, g, engine.Move{Kind: MoveLeave})
		eq(t, "once per turn", legal(g, engine.Move{Kind: MoveView, Option: "medium"}), false)
	},
	"asset:loose_lips": func(t *testing.T) {
		g := fixture(t, 2, "ghatanothoa")
		carry(g, hale, "loose_lips")
		g.chars[0].loc = loc("roadhouse")
		forceRando(g, "s1a")
		do(t, g, engine.Move{Kind: MoveBuySell, Option: "knowledge"})
		eq(t, "bills", g.chars[0].bills, 6)
	},
	"asset:automobile": func(t *testing.T) {
		g := fixture(t, 2, "ghatanothoa")
		carry(g, hale, "automobile")
		do(t, g, engine.Move{Kind: MoveDrive, Option: "bank"})
		eq(t, "moved", g.chars[0].loc, loc("bank"))
		eq(t, "no action", g.flags.actions, 3)
		eq(t, "once per turn", legal(g, engine.Move{Kind: MoveDrive, Option: "club"}), false)
		g.active = 1
		eq(t, "only the holder", legal(g, engine.Move{Kind: MoveDrive, Option: "club"}), false)
	},
	"asset:police_escort": func(t *testing.T) {
		g := fixture(t, 2, "ghatanothoa")
		carry(g, hale, "police_escort")
		g.corruption[0] = 1
		forceRando(g, "f0")
		do(t, g, engine.Move{Kind: MoveResearch})
		eq(t, "first failure succeeds (Scholar +2)", g.chars[0].know, 5)
		do(t, g, engine.Move{Kind: MoveResearch})
		eq(t, "second fails", g.chars[0].know, 5)
	},
	"asset:neighborhood_watch": func(t *testing.T) {
		g := fixture(t, 2, "ghatanothoa")
		carry(g, calloway, "neighborhood_watch")
		g.corruption[0] = 2
		g.marker = 0
		do(t, g, engine.Move{Kind: MoveEnd})
		eq(t, "corruption", g.corruption[0], 1)
	},
	"asset:deputy_badge": func(t *testing.T) {
		g := fixture(t, 2, "ghatanothoa")
		carry(g, hale, "deputy_badge")
		g.chars[0].loc = loc("police")
		forceRando(g, "s1a")
		do(t, g, engine.Move{Kind: MoveReport})
		eq(t, "muscle limit 2", g.chars[0].musc, 2)
		g.chars[0].musc = 0
		do(t, g, engine.Move{Kind: MoveReport})
		eq(t, "muscle", g.chars[0].musc, 2)
	},
	"asset:line_of_credit": func(t *testing.T) {
		g := fixture(t, 2, "ghatanothoa")
		carry(g, hale, "line_of_credit")
		g.chars[0].loc = loc("bank")
		forceRando(g, "s1a")
		do(t, g, engine.Move{Kind: MoveWithdraw})
		eq(t, "bills", g.chars[0].bills, 6)
	},
	"asset:family_trust": func(t *testing.T) {
		g := fixture(t, 2, "ghatanothoa")
		carry(g, calloway, "family_trust")
		do(t, g, engine.Move{Kind: MoveEnd})
		eq(t, "bills", g.chars[1].bills, 5)
	},
	"asset:detective": func(t *testing.T) {
		g := fixture(t, 2, "ghatanothoa")
		carry(g, hale, "detective")
		g.chars[1].loc = loc("bank")
		eq(t, "beyond the receiver's limit", legal(g, engine.Move{Kind: MoveRetainer, To: 1, Option: "knowledge", N: 2}), false)
		do(t, g, engine.Move{Kind: MoveRetainer, To: 1, Option: "knowledge", N: 1})
		eq(t, "given", g.chars[1].know, 4)
		eq(t, "no action", g.flags.actions, 3)
		eq(t, "once per turn", legal(g, engine.Move{Kind: MoveRetainer, To: 1, Option: "bills", N: 1}), false)
	},

	// ---- Randonomicon ----
	"rando:s1a": randoQty("s1a", 1), "rando:s1b": randoQty("s1b", 1), "rando:s1c": randoQty("s1c", 1),
	"rando:s2a": randoQty("s2a", 2), "rando:s2b": randoQty("s2b", 2), "rando:s3": randoQty("s3", 3),
	"rando:f0": randoQty("f0", 0), "rando:f1": randoQty("f1", 1), "rando:f2": randoQty("f2", 2), "rando:f3": randoQty("f3", 3),
	"rando:crawling_chaos": func(t *testing.T) {
		g := fixture(t, 2, "nyarlathotep")
		g.chars[0].loc = loc("bank")
		forceRando(g, "crawling_chaos")
		do(t, g, engine.Move{Kind: MoveWithdraw})
		eq(t, "quantity 0", g.chars[0].bills, 4)
		eq(t, "drawer madness", g.chars[0].mad, 1)
		eq(t, "shuffled back", g.randoDeck[cards().randoIndex("crawling_chaos")], 9)
	},
	"rando:black_pharaoh": func(t *testing.T) {
		g := fixture(t, 2, "nyarlathotep")
		g.chars[0].loc = loc("bank")
		forceRando(g, "black_pharaoh")
		do(t, g, engine.Move{Kind: MoveWithdraw})
		eq(t, "corruption at the drawer", g.corruption[loc("bank")], 1)
		eq(t, "shuffled back", g.randoDeck[cards().randoIndex("black_pharaoh")], 9)
	},

	// ---- shadow abilities ----
	"ability:glimpse": abilityCase("glimpse", 1, func(t *testing.T, g *Game) {
		eq(t, "viewing", g.phase, phShadow)
		eq(t, "no action", g.flags.actions, 3)
	}),
	"ability:twist": abilityCase("twist", 2, func(t *testing.T, g *Game) {
		eq(t, "marker moved on", g.marker, 2)
	}),
	"ability:veil": abilityCase("veil", 1, func(t *testing.T, g *Game) {
		g.corruption[0] = 5
		forceRando(g, "f0")
		do(t, g, engine.Move{Kind: MoveResearch})
		eq(t, "check passed (Scholar +2)", g.chars[0].know, 5)
	}),
	"ability:insight": abilityCase("insight", 2, func(t *testing.T, g *Game) {
		eq(t, "knowledge", g.chars[0].know, 5)
	}),
	"ability:step": func(t *testing.T) {
		g := fixture(t, 5, "ghatanothoa")
		g.chars[0].ability = int8(abilityIndex("step"))
		do(t, g, engine.Move{Kind: MoveAbility, To: 3, Option: "police"})
		eq(t, "moved", g.chars[3].loc, loc("police"))
		eq(t, "shadow", g.chars[0].shadow, 1)
	},

	// ---- characters ----
	"character:hale": func(t *testing.T) {
		g := fixture(t, 2, "ghatanothoa")
		do(t, g, engine.Move{Kind: MoveResearch})
		eq(t, "Scholar", g.chars[0].know, 5)
		g.chars[0].mad = 1
		do(t, g, engine.Move{Kind: MoveResearch})
		eq(t, "mad: no advantage", g.chars[0].know, 6)
		eq(t, "limit", g.knowLimit(hale), 7)
		eq(t, "muscle limit", g.muscLimit(hale), 2)
	},
	"character:calloway": func(t *testing.T) {
		g := fixture(t, 2, "ghatanothoa")
		g.active, g.chars[1].loc, g.chars[1].know = 1, loc("police"), 0
		forceRando(g, "s2a")
		do(t, g, engine.Move{Kind: MoveReport})
		eq(t, "report without knowledge", g.chars[1].musc, 3)
		eq(t, "limits", g.knowLimit(calloway)*10+g.muscLimit(calloway), 46)
	},
	"character:vanderholt": func(t *testing.T) {
		g := fixture(t, 3, "ghatanothoa")
		g.active, g.chars[2].loc = 2, loc("bank")
		g.randoDeck, g.randoDisc = [maxRando]int8{}, [maxRando]int8{}
		g.randoDeck[cards().randoIndex("f0")], g.randoDeck[cards().randoIndex("s3")] = 1, 1
		do(t, g, engine.Move{Kind: MoveWithdraw})
		eq(t, "Lucky keeps the better", g.chars[2].bills, 7)
		eq(t, "limits", g.knowLimit(dutch)*10+g.muscLimit(dutch), 35)
	},
	"character:pierce": func(t *testing.T) {
		g := fixture(t, 4, "ghatanothoa")
		g.active = 3
		a := cards().assetIndex("grimoire")
		g.row[0], g.assetOut[a] = int8(a+1), true
		do(t, g, engine.Move{Kind: MoveAcquire, Card: a + 1})
		eq(t, "Deep Pockets", g.chars[3].bills, 2)
		eq(t, "minimum 1", g.assetCost(pierce, cards().assetIndex("whiskey")), 1)
	},
	"character:marek": func(t *testing.T) {
		g := fixture(t, 5, "ghatanothoa")
		g.ring, g.active = marek, marek
		g.chars[4].ability = int8(abilityIndex("insight"))
		do(t, g, engine.Move{Kind: MoveAbility})
		eq(t, "Attuned", g.chars[4].shadow, 1)
	},

	// ---- elders ----
	"elder:ghatanothoa": func(t *testing.T) {
		g := newGame(2, map[string]string{"elder": "ghatanothoa"}, 1)
		if !hasEvent(g, EventAwakening) || g.corruption[0] < 1 {
			t.Errorf("Awakening: no corruption at the university")
		}
		g = fixture(t, 2, "ghatanothoa")
		g.stirred = false
		setShadowLevel(g, 3)
		live(g).cycle()
		eq(t, "Stirring", g.chars[0].mad+g.chars[1].mad, 2)
		finalCase(t, "ghatanothoa", 6, -1)
	},
	"elder:yogsothoth": func(t *testing.T) {
		g := newGame(2, map[string]string{"elder": "yogsothoth"}, 1)
		eq(t, "Awakening: bearer shadow", g.chars[g.ring].shadow, 2)
		g = fixture(t, 2, "yogsothoth")
		g.stirred = false
		g.chars[1].shadow = 3
		setShadowLevel(g, 3)
		live(g).cycle()
		eq(t, "Stirring", g.chars[0].shadow, 1)
		eq(t, "Stirring at 3 gives madness", g.chars[1].mad, 1)
		g = fixture(t, 2, "yogsothoth")
		setShadow(t, g, "The Sleepless")
		g.chars[0].know = int8(cards().Knobs.BanishCost[1])
		g.phase, g.viewer = phShadow, 0
		do(t, g, engine.Move{Kind: MoveBanish})
		eq(t, "banisher's shadow token", g.chars[0].shadow, 1)
		finalCase(t, "yogsothoth", 6, 1)
	},
	"elder:nyarlathotep": func(t *testing.T) {
		g := newGame(3, map[string]string{"elder": "nyarlathotep"}, 1)
		eq(t, "Awakening", g.chars[0].mad+g.chars[1].mad+g.chars[2].mad, 3)
		eq(t, "E1 in the Randonomicon", g.randoDeck[cards().randoIndex("crawling_chaos")], 1)
		eq(t, "E2 in the Randonomicon", g.randoDeck[cards().randoIndex("black_pharaoh")], 1)
		g = fixture(t, 2, "nyarlathotep")
		toFinal(g)
		g.chars[0].know = 7
		forceRando(g, "f1")
		do(t, g, engine.Move{Kind: MoveBanish})
		eq(t, "failed draw: nothing spent", g.chars[0].know, 7)
		eq(t, "not won", g.phase, phAction)
		finalCase(t, "nyarlathotep", 6, -1)
	},
	"elder:cthulhu": func(t *testing.T) {
		g := newGame(2, map[string]string{"elder": "cthulhu"}, 1)
		eq(t, "Awakening", g.chars[0].mad+g.chars[1].mad, 2)
		g = fixture(t, 3, "cthulhu")
		g.stirred = false
		g.chars[2].loc = loc("bank")
		setShadowLevel(g, 3)
		live(g).cycle()
		eq(t, "Stirring", g.corruption, [NumLocations]int8{1, 0, 0, 0, 1})
		g = fixture(t, 2, "cthulhu")
		g.chars[0].mad = 4
		do(t, g, engine.Move{Kind: MoveEnd})
		eq(t, "lost at 4 madness", g.why, ReasonMadness)
		finalCase(t, "cthulhu", 7, -1)
	},
}

func randoQty(key string, qty int8) func(t *testing.T) {
	return func(t *testing.T) {
		r := cards().Rando[cards().randoIndex(key)]
		g := fixture(t, 2, "ghatanothoa")
		g.chars[0].loc, g.chars[0].bills = loc("bank"), 0
		forceRando(g, key)
		do(t, g, engine.Move{Kind: MoveWithdraw})
		eq(t, "quantity read for Withdraw", g.chars[0].bills, qty)
		g = fixture(t, 2, "ghatanothoa")
		g.corruption[0] = 1
		forceRando(g, key)
		do(t, g, engine.Move{Kind: MoveResearch})
		eq(t, "check", g.chars[0].know > 3, r.Success)
	}
}

func abilityIndex(key string) int {
	for i, a := range cards().Abilities {
		if a.Key == key {
			return i
		}
	}
	return -1
}

// abilityCase: seat 1 bears the Ring on its turn (the marker with seat 1... then moved to 2 by
// Twist of Fate), uses key, gains shadow tokens and check runs.
func abilityCase(key string, shadow int8, check func(t *testing.T, g *Game)) func(t *testing.T) {
	return func(t *testing.T) {
		g := fixture(t, 4, "ghatanothoa")
		g.chars[0].ability = int8(abilityIndex(key))
		g.marker = 1
		do(t, g, engine.Move{Kind: MoveAbility})
		eq(t, "shadow tokens", g.chars[0].shadow, shadow)
		eq(t, "once per turn", legal(g, engine.Move{Kind: MoveAbility}), false)
		if g.phase == phShadow {
			check(t, g)
			return
		}
		check(t, g)
	}
}

func hasEvent(g *Game, kind EventKind) bool {
	for i := int32(0); i < g.nLog && i < logSize; i++ {
		if g.log[i].kind == kind {
			return true
		}
	}
	return false
}

// setShadowLevel makes the bottom card an unseen card of level lv (it cycles up next).
func setShadowLevel(g *Game, lv int8) {
	g.deck[g.deckN-1] = slot{level: lv}
	g.known = false
}

// toFinal leaves only the elder to banish, viewed, with seat 0 viewing.
func toFinal(g *Game) {
	g.deck[g.deckN-1] = slot{card: -1}
	for i := int8(0); i < g.deckN-1; i++ {
		if g.deck[i].card < 0 {
			g.deck[i] = slot{level: 3, card: 13}
		}
	}
	g.known = true
	g.phase, g.viewer = phShadow, 0
}

// finalCase: the Final costs want knowledge (and the payer may hold at most maxShadow tokens);
// paying it wins at once.
func finalCase(t *testing.T, elder string, want int8, maxShadow int8) {
	t.Helper()
	g := fixture(t, 2, elder)
	toFinal(g)
	g.chars[0].know = want - 1
	eq(t, elder+": banish with too little", legal(g, engine.Move{Kind: MoveBanish}), false)
	g.chars[0].know = want
	if maxShadow >= 0 {
		g.chars[0].shadow = maxShadow + 1
		eq(t, elder+": banish too dark", legal(g, engine.Move{Kind: MoveBanish}), false)
		g.chars[0].shadow = maxShadow
	}
	forceRando(g, "s1a")
	do(t, g, engine.Move{Kind: MoveBanish})
	st := g.Status()
	if !st.Over || st.Result.Reason != ReasonWin || len(st.Result.Winners) != 2 || !st.Result.Coop {
		t.Errorf("%s: paying the Final: %+v", elder, st.Result)
	}
	eq(t, "paid", g.chars[0].know, 0)
}
