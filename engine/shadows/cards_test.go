package shadows

import (
	"testing"

	"miskatonic/engine"
)

// runArkham resolves the named threat's Arkham effect once.
func runArkham(t *testing.T, g *Game, name string) {
	live(g).run(cards().Threats[threatIndex(t, name)-1].Arkham.Effect)
}

// cardTests holds one test per designed card: its effect does what its text says.
var cardTests = map[string]func(t *testing.T){
	// ---- Arkham faces ----
	"threat:Missing Persons": func(t *testing.T) {
		g := fixture(t, 4, "ghatanothoa")
		runArkham(t, g, "Missing Persons")
		eq(t, "roadhouse corruption", g.corruption[loc("roadhouse")], 1)
	},
	"threat:Night Terrors": func(t *testing.T) {
		g := fixture(t, 4, "ghatanothoa")
		g.marker = 2
		runArkham(t, g, "Night Terrors")
		eq(t, "marker madness", g.chars[2].mad, 1)
		eq(t, "others", g.chars[0].mad+g.chars[1].mad+g.chars[3].mad, 0)
	},
	"threat:Knowing Glances": func(t *testing.T) {
		g := fixture(t, 3, "ghatanothoa")
		g.chars[2].loc = loc("bank")
		runArkham(t, g, "Knowing Glances")
		eq(t, "together", g.chars[0].mad+g.chars[1].mad, 2)
		eq(t, "alone", g.chars[2].mad, 0)
	},
	"threat:Vandalized Chapel": func(t *testing.T) {
		g := fixture(t, 2, "ghatanothoa")
		runArkham(t, g, "Vandalized Chapel")
		eq(t, "university corruption", g.corruption[loc("university")], 1)
	},
	"threat:Strange Lights over the Marsh": func(t *testing.T) {
		g := fixture(t, 2, "ghatanothoa")
		g.ring, g.chars[1].loc = 1, loc("police")
		forceRando(g, "f0")
		runArkham(t, g, "Strange Lights over the Marsh")
		eq(t, "failure", g.corruption[loc("police")], 2)
		forceRando(g, "s1a")
		runArkham(t, g, "Strange Lights over the Marsh")
		eq(t, "then success", g.corruption[loc("police")], 3)
	},
	"threat:Run on the Bank": func(t *testing.T) {
		g := fixture(t, 2, "ghatanothoa")
		g.chars[1].bills = 0
		runArkham(t, g, "Run on the Bank")
		eq(t, "bills", g.chars[0].bills, 3)
		eq(t, "no bills", g.chars[1].bills, 0)
	},
	"threat:Uncanny Nightmare": func(t *testing.T) {
		g := fixture(t, 3, "ghatanothoa")
		runArkham(t, g, "Uncanny Nightmare")
		eq(t, "madness", g.chars[0].mad+g.chars[1].mad+g.chars[2].mad, 3)
	},
	"threat:New Tenants": func(t *testing.T) {
		g := fixture(t, 2, "ghatanothoa")
		runArkham(t, g, "New Tenants")
		eq(t, "bank", g.corruption[loc("bank")], 1)
		eq(t, "club", g.corruption[loc("club")], 1)
	},
	"threat:Spies Amongst You": func(t *testing.T) {
		g := fixture(t, 2, "ghatanothoa")
		g.ring = 1
		old := g.row[0]
		runArkham(t, g, "Spies Amongst You")
		if g.row[0] == old || g.row[0] == 0 || !g.assetOut[old-1] {
			t.Errorf("leftmost asset not discarded and refilled: %v → %v", old, g.row[0])
		}
		eq(t, "bearer madness", g.chars[1].mad, 1)
	},
	"threat:Riot on Church Street": func(t *testing.T) {
		g := fixture(t, 2, "ghatanothoa")
		runArkham(t, g, "Riot on Church Street")
		eq(t, "club", g.corruption[loc("club")], 2)
	},
	"threat:Fever in the Stacks": func(t *testing.T) {
		g := fixture(t, 2, "ghatanothoa")
		g.chars[1].loc = loc("bank")
		runArkham(t, g, "Fever in the Stacks")
		eq(t, "at university", g.chars[0].mad, 2)
		eq(t, "away", g.chars[1].mad, 0)
		eq(t, "no corruption while someone is there", g.corruption[0], 0)
		g.chars[0].loc = loc("bank")
		runArkham(t, g, "Fever in the Stacks")
		eq(t, "empty university corrupts", g.corruption[0], 1)
	},
	"threat:Black Mass in the Woods": func(t *testing.T) {
		g := fixture(t, 2, "ghatanothoa")
		forceRando(g, "s2a")
		runArkham(t, g, "Black Mass in the Woods")
		eq(t, "success spares", g.chars[0].mad+g.chars[1].mad, 0)
		forceRando(g, "f3")
		runArkham(t, g, "Black Mass in the Woods")
		eq(t, "failure maddens all", g.chars[0].mad+g.chars[1].mad, 2)
	},
	"threat:Human Sacrifice": func(t *testing.T) {
		g := fixture(t, 2, "ghatanothoa")
		g.corruption = [NumLocations]int8{1, 0, 2, 0, 0}
		g.marker = 1
		runArkham(t, g, "Human Sacrifice")
		eq(t, "board", g.corruption, [NumLocations]int8{2, 0, 3, 0, 0})
		eq(t, "marker madness", g.chars[1].mad, 1)
	},
	"threat:Mayor Elect": func(t *testing.T) {
		g := fixture(t, 2, "ghatanothoa")
		runArkham(t, g, "Mayor Elect")
		eq(t, "police", g.corruption[loc("police")], 2)
	},
	"threat:Burning Warehouse": func(t *testing.T) {
		g := fixture(t, 2, "ghatanothoa")
		g.corruption = [NumLocations]int8{1, 0, 2, 0, 1}
		runArkham(t, g, "Burning Warehouse")
		eq(t, "two least, board order", g.corruption, [NumLocations]int8{1, 1, 2, 1, 1})
	},
	"threat:The Drowned Return": func(t *testing.T) {
		g := fixture(t, 2, "ghatanothoa")
		g.ring = 1
		runArkham(t, g, "The Drowned Return")
		eq(t, "other", g.chars[0].mad, 1)
		eq(t, "bearer", g.chars[1].mad, 2)
	},
	"threat:Sky Torn Open": func(t *testing.T) {
		g := fixture(t, 2, "ghatanothoa")
		g.chars[0].loc = loc("bank")
		runArkham(t, g, "Sky Torn Open")
		eq(t, "bearer's location", g.corruption[loc("bank")], 1)
		eq(t, "madness", g.chars[0].mad+g.chars[1].mad, 2)
	},
	"threat:Cult Procession": func(t *testing.T) {
		g := fixture(t, 2, "ghatanothoa")
		forceRando(g, "f3")
		runArkham(t, g, "Cult Procession")
		eq(t, "quantity 3", g.corruption[loc("roadhouse")], 3)
		forceRando(g, "f0")
		runArkham(t, g, "Cult Procession")
		eq(t, "quantity 0", g.corruption[loc("roadhouse")], 3)
	},

	// ---- shadow faces ----
	"shadow:Shadow Whispers": func(t *testing.T) {
		g := fixture(t, 2, "ghatanothoa")
		setShadow(t, g, "Shadow Whispers")
		g.chars[0].mad = 3
		do(t, g, engine.Move{Kind: MoveHeal})
		eq(t, "madness", g.chars[0].mad, 2)
	},
	"shadow:The Sleepless": func(t *testing.T) {
		g := fixture(t, 2, "ghatanothoa")
		setShadow(t, g, "The Sleepless")
		g.chars[0].know = int8(cards().Knobs.BanishCost[1])
		g.phase, g.viewer = phShadow, 0
		do(t, g, engine.Move{Kind: MoveBanish})
		eq(t, "banisher madness", g.chars[0].mad, 1)
	},
	"shadow:Shadowing Shadows": func(t *testing.T) {
		g := fixture(t, 2, "ghatanothoa")
		setShadow(t, g, "Shadowing Shadows")
		do(t, g, engine.Move{Kind: MoveMove, Option: "bank"})
		eq(t, "shadow", g.chars[0].shadow, 1)
		g.chars[0].shadow = 3
		do(t, g, engine.Move{Kind: MoveMove, Option: "club"})
		eq(t, "at 3: madness", g.chars[0].mad, 1)
	},
	"shadow:The Watcher in the Eaves": func(t *testing.T) {
		g := fixture(t, 2, "ghatanothoa")
		setShadow(t, g, "The Watcher in the Eaves")
		g.chars[0].know = int8(cards().Knobs.BanishCost[1])
		g.chars[0].mad, g.chars[1].mad = 2, 1
		g.phase, g.viewer = phShadow, 0
		do(t, g, engine.Move{Kind: MoveBanish})
		eq(t, "madness", g.chars[0].mad+g.chars[1].mad, 1)
	},
	"shadow:Beckoning Shadows": func(t *testing.T) {
		g := fixture(t, 2, "ghatanothoa")
		setShadow(t, g, "Beckoning Shadows")
		g.chars[0].bills = 1
		do(t, g, engine.Move{Kind: MoveMove, Option: "bank"})
		eq(t, "bill paid", g.chars[0].bills, 0)
		do(t, g, engine.Move{Kind: MoveMove, Option: "club"})
		eq(t, "no bill: madness", g.chars[0].mad, 1)
	},
	"shadow:Greedy Hands": func(t *testing.T) {
		g := fixture(t, 2, "ghatanothoa")
		setShadow(t, g, "Greedy Hands")
		g.chars[0].loc, g.chars[0].bills = loc("bank"), 0
		forceRando(g, "s2a")
		do(t, g, engine.Move{Kind: MoveWithdraw})
		eq(t, "bills", g.chars[0].bills, 1)
	},
	"shadow:Evil Within": func(t *testing.T) {
		g := fixture(t, 2, "ghatanothoa")
		setShadow(t, g, "Evil Within")
		g.chars[0].mad = 4
		do(t, g, engine.Move{Kind: MoveHeal})
		eq(t, "second heal offered", legal(g, engine.Move{Kind: MoveHeal}), false)
	},
	"shadow:Infernal Cadre": func(t *testing.T) {
		g := fixture(t, 2, "ghatanothoa")
		setShadow(t, g, "Infernal Cadre")
		g.corruption[0], g.chars[0].musc = 2, 2
		eq(t, "clear 2 with 2 muscle", legal(g, engine.Move{Kind: MoveClear, N: 2}), false)
		do(t, g, engine.Move{Kind: MoveClear, N: 1})
		eq(t, "muscle", g.chars[0].musc, 0)
		eq(t, "corruption", g.corruption[0], 1)
	},
	"shadow:Eyes in the Walls": func(t *testing.T) {
		g := fixture(t, 2, "ghatanothoa")
		share := engine.Move{Kind: MoveShare, To: 1, Option: "bills", N: 1}
		eq(t, "share before", legal(g, share), true)
		setShadow(t, g, "Eyes in the Walls")
		eq(t, "share after", legal(g, share), false)
	},
	"shadow:Dark Congregation": func(t *testing.T) {
		g := fixture(t, 2, "ghatanothoa")
		setShadow(t, g, "Dark Congregation")
		g.chars[0].loc = loc("club")
		do(t, g, engine.Move{Kind: MoveHire, N: 1})
		eq(t, "bills", g.chars[0].bills, 2)
		eq(t, "muscle", g.chars[0].musc, 2)
	},
	"shadow:Pages That Read Back": func(t *testing.T) {
		g := fixture(t, 2, "ghatanothoa")
		setShadow(t, g, "Pages That Read Back")
		forceRando(g, "f1")
		do(t, g, engine.Move{Kind: MoveResearch})
		eq(t, "foiled at a clean university", g.chars[0].know, 3)
	},
	"shadow:Infernal Melodies": func(t *testing.T) {
		g := fixture(t, 2, "ghatanothoa")
		setShadow(t, g, "Infernal Melodies")
		g.chars[0].loc = loc("police")
		g.randoDeck, g.randoDisc = [maxRando]int8{}, [maxRando]int8{}
		g.randoDeck[cards().randoIndex("s3")], g.randoDeck[cards().randoIndex("s1a")] = 1, 1
		do(t, g, engine.Move{Kind: MoveReport})
		eq(t, "lower quantity", g.chars[0].musc, 2)
	},
	"shadow:The Hungry Altar": func(t *testing.T) {
		g := fixture(t, 2, "ghatanothoa")
		setShadow(t, g, "The Hungry Altar")
		g.chars[0].know = int8(cards().Knobs.BanishCost[3])
		g.phase, g.viewer = phShadow, 0
		do(t, g, engine.Move{Kind: MoveBanish})
		eq(t, "banisher madness", g.chars[0].mad, 2)
	},
	"shadow:The Mayor's Patron": func(t *testing.T) {
		g := fixture(t, 2, "ghatanothoa")
		setShadow(t, g, "The Mayor's Patron")
		g.chars[0].loc = loc("police")
		forceRando(g, "s1a")
		do(t, g, engine.Move{Kind: MoveReport})
		eq(t, "knowledge", g.chars[0].know, 1)
	},
	"shadow:Smoke and Mirrors": func(t *testing.T) {
		g := fixture(t, 2, "ghatanothoa")
		setShadow(t, g, "Smoke and Mirrors")
		g.corruption[0] = 3
		forceRando(g, "s1a")
		do(t, g, engine.Move{Kind: MoveResearch})
		eq(t, "fails without a draw", g.chars[0].know, 3)
		eq(t, "deck untouched", g.randoDeck[cards().randoIndex("s1a")], 9)
	},
	"shadow:Tidewater Chant": func(t *testing.T) {
		g := fixture(t, 2, "ghatanothoa")
		setShadow(t, g, "Tidewater Chant")
		g.chars[0].mad = 2
		do(t, g, engine.Move{Kind: MoveHeal})
		eq(t, "knowledge", g.chars[0].know, 1)
	},
	"shadow:The Gate Yawns": func(t *testing.T) {
		g := fixture(t, 2, "ghatanothoa")
		setShadow(t, g, "The Gate Yawns")
		for _, m := range g.Legal(0) {
			if m.Kind == MoveAbility {
				t.Errorf("ability offered: %v", m)
			}
		}
	},
	"shadow:Chorus of the Deep": func(t *testing.T) {
		g := fixture(t, 2, "ghatanothoa")
		setShadow(t, g, "Chorus of the Deep")
		g.marker = 0 // seat 1's start phase places no token
		forceRando(g, "f2")
		do(t, g, engine.Move{Kind: MoveEnd})
		eq(t, "next player's madness", g.chars[1].mad, 1)
	},
}

// TestEveryCardHasATest: each designed card of the data has its test in cardTests.
func TestEveryCardHasATest(t *testing.T) {
	var keys []string
	for _, th := range cards().Threats {
		keys = append(keys, "threat:"+th.Arkham.Name, "shadow:"+th.Shadow.Name)
	}
	for _, a := range cards().Assets {
		keys = append(keys, "asset:"+a.Key)
	}
	for _, r := range cards().Rando {
		keys = append(keys, "rando:"+r.Key)
	}
	for _, a := range cards().Abilities {
		keys = append(keys, "ability:"+a.Key)
	}
	for _, c := range cards().Characters {
		keys = append(keys, "character:"+c.Key)
	}
	for _, e := range cards().Elders {
		keys = append(keys, "elder:"+e.Key)
	}
	for _, k := range keys {
		if cardTests[k] == nil {
			t.Errorf("no test for %s", k)
		}
	}
	if len(cardTests) != len(keys) {
		t.Errorf("%d card tests for %d cards", len(cardTests), len(keys))
	}
}

func TestCards(t *testing.T) {
	for k, f := range cardTests {
		t.Run(k, f)
	}
}
