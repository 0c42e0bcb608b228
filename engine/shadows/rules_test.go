package shadows

import (
	"bytes"
	"encoding/json"
	"errors"
	"testing"

	"miskatonic/engine"
	"miskatonic/engine/enginetest"
	"miskatonic/engine/rng"
)

// FOUND rules of the rulebook, and the setup the spec designs around them.

func TestSetupFollowsThePlayerCountTable(t *testing.T) {
	for n := MinSeats; n <= MaxSeats; n++ {
		for _, length := range LengthChoices {
			g := newGame(n, map[string]string{"elder": "yogsothoth", "length": length}, uint64(n))
			k := cards().Knobs
			per := k.ThreatsPerLevel[length]
			eq(t, "deck size", int(g.deckN), 3*per+1)
			corr := g.totalCorruption()
			want := k.StartCorruption[itoa(n)]
			eq(t, "starting corruption", corr, want)
			for _, c := range g.corruption {
				if c > 1 {
					t.Errorf("%dp: starting corruption not on distinct locations: %v", n, g.corruption)
				}
			}
			eq(t, "actions", int(g.flags.actions), k.Actions[itoa(n)])
			abil := map[int8]bool{}
			for s := int8(0); s < g.seats; s++ {
				c := g.chars[s]
				if abil[c.ability] {
					t.Errorf("ability dealt twice")
				}
				abil[c.ability] = true
				if cards().Abilities[c.ability].Variant != (n == VariantSeats && cards().Abilities[c.ability].Key == "step") {
					t.Errorf("%dp: variant ability %s", n, cards().Abilities[c.ability].Key)
				}
				if c.loc != 0 || c.bills != int8(k.StartBills) || c.musc != int8(k.StartMuscle) {
					t.Errorf("%dp seat %d starts %+v", n, s, c)
				}
			}
			if n == VariantSeats && !abil[int8(abilityIndex("step"))] {
				t.Errorf("5p variant without Shadow Step")
			}
			eq(t, "asset row", g.row[0] > 0 && g.row[1] > 0 && g.row[2] > 0, true)
			eq(t, "marker with the first player", g.marker, 0)
		}
	}
}

func itoa(n int) string { b, _ := json.Marshal(n); return string(b) }

func TestFirstGameRecommendation(t *testing.T) {
	o, _ := ParseOptions(nil)
	eq(t, "default elder", o.Elder, "ghatanothoa")
	eq(t, "first choice", OptionList()[0].Choices[0], "ghatanothoa")
}

func TestRandomElderIsDealt(t *testing.T) {
	seen := map[string]bool{}
	for seed := uint64(0); seed < 40; seed++ {
		g := newGame(2, map[string]string{"elder": "random"}, seed)
		seen[g.elderCard().Key] = true
	}
	eq(t, "elders seen", len(seen), 4)
	g, _ := New(engine.Config{Seats: 2, Options: map[string]string{"elder": "random"}})
	if g.ViewOf(engine.Observer).Elder != nil {
		t.Errorf("a random elder is shown before the deal")
	}
}

func TestFirstTurnResolvesAwakeningCyclesAndSkipsStart(t *testing.T) {
	g := newGame(3, nil, 3)
	eq(t, "no threat token on the first turn", g.tokens, 0)
	eq(t, "top is a level 1 threat", g.deck[0].level, 1)
	eq(t, "elder now second", g.deck[1].card, -1)
	eq(t, "bottom unseen", g.deck[g.deckN-1].card, 0)
	eq(t, "first player acts", g.phase, phAction)
	eq(t, "awakening logged", hasEvent(g, EventAwakening), true)
}

func TestMarkerHolderPlacesThreatTokenAndResolves(t *testing.T) {
	g := fixture(t, 2, "ghatanothoa")
	setTop(t, g, "Missing Persons")
	g.marker = 1
	do(t, g, engine.Move{Kind: MoveEnd})
	eq(t, "token", g.tokens, 1)
	eq(t, "effect", g.corruption[loc("roadhouse")], 1)
	do(t, g, engine.Move{Kind: MoveEnd})
	eq(t, "non-holder places none", g.tokens, 1)
}

func TestThreatAtItsLimitLoses(t *testing.T) {
	g := fixture(t, 2, "ghatanothoa")
	setTop(t, g, "Sky Torn Open")
	g.tokens, g.marker = 1, 1
	do(t, g, engine.Move{Kind: MoveEnd})
	eq(t, "lost", g.why, ReasonThreat)
	st := g.Status()
	if !st.Over || !st.Result.Coop || len(st.Result.Winners) != 0 {
		t.Errorf("loss outcome %+v", st.Result)
	}
}

func TestShadowTokensShedWithoutTheRing(t *testing.T) {
	g := fixture(t, 3, "ghatanothoa")
	g.chars[1].shadow, g.chars[2].shadow, g.ring = 2, 2, 2
	g.marker = 0
	do(t, g, engine.Move{Kind: MoveEnd})
	eq(t, "non-bearer sheds one", g.chars[1].shadow, 1)
	do(t, g, engine.Move{Kind: MoveEnd})
	eq(t, "bearer keeps them", g.chars[2].shadow, 2)
}

func TestShadowCapForbidsAbility(t *testing.T) {
	g := fixture(t, 4, "ghatanothoa")
	g.chars[0].ability = int8(abilityIndex("insight"))
	g.chars[0].shadow = 2
	eq(t, "would pass 3", legal(g, engine.Move{Kind: MoveAbility}), false)
	g.chars[0].shadow = 1
	eq(t, "reaches 3", legal(g, engine.Move{Kind: MoveAbility}), true)
}

func TestOnlyTheBearerViewsAndUsesAbilities(t *testing.T) {
	g := fixture(t, 2, "ghatanothoa")
	g.ring = 1
	for _, m := range g.Legal(0) {
		if m.Kind == MoveView || m.Kind == MoveAbility {
			t.Errorf("non-bearer offered %v", m)
		}
	}
}

func TestMadnessLosesOnlyAtTheEndOfYourOwnTurn(t *testing.T) {
	g := fixture(t, 2, "ghatanothoa")
	g.chars[1].mad = 6
	g.marker = 0
	do(t, g, engine.Move{Kind: MoveEnd})
	eq(t, "another's madness", g.phase, phAction)
	g.chars[1].know = 3
	do(t, g, engine.Move{Kind: MoveHeal})
	do(t, g, engine.Move{Kind: MoveHeal})
	do(t, g, engine.Move{Kind: MoveEnd})
	eq(t, "healed below 5 in time", g.phase, phAction)
	g.chars[0].mad = 5
	do(t, g, engine.Move{Kind: MoveEnd})
	eq(t, "5 at the end of own turn", g.why, ReasonMadness)
}

func TestCorruptionLosesAtTheEndOfATurn(t *testing.T) {
	g := fixture(t, 2, "ghatanothoa")
	g.corruption = [NumLocations]int8{2, 2, 2, 2, 2}
	do(t, g, engine.Move{Kind: MoveEnd})
	eq(t, "lost", g.why, ReasonCorruption)
}

func TestCapsOnMadnessAndCorruption(t *testing.T) {
	g := live(fixture(t, 2, "ghatanothoa"))
	g.madden(0, 30)
	eq(t, "madness cap", g.chars[0].mad, 10)
	g.corruption = [NumLocations]int8{0, 0, 0, 0, 9}
	g.run([]Op{{Op: "corrupt", At: "corrupt", N: 1}, {Op: "corrupt", At: "university", N: 3}})
	eq(t, "corruption cap", g.totalCorruption(), 10)
	eq(t, "stopped in board order", g.corruption[0], 0)
}

func TestCorruptionCheckFailureSpendsNothing(t *testing.T) {
	g := fixture(t, 2, "ghatanothoa")
	g.chars[0].loc, g.chars[0].musc = loc("club"), 0
	g.corruption[1] = 1
	forceRando(g, "f3")
	do(t, g, engine.Move{Kind: MoveHire, N: 2})
	eq(t, "bills kept", g.chars[0].bills, 4)
	eq(t, "no muscle", g.chars[0].musc, 0)
	eq(t, "action spent", g.flags.actions, 2)
}

func TestQuantityActionAtCorruptLocationUsesOneCard(t *testing.T) {
	g := fixture(t, 2, "ghatanothoa")
	g.chars[0].loc, g.chars[0].bills = loc("bank"), 0
	g.corruption[4] = 1
	forceRando(g, "s2a")
	do(t, g, engine.Move{Kind: MoveWithdraw})
	eq(t, "one card for both", g.randoDisc[cards().randoIndex("s2a")], 1)
	eq(t, "bills", g.chars[0].bills, 2)
}

func TestBanishCyclesAndClearsTokens(t *testing.T) {
	g := fixture(t, 2, "ghatanothoa")
	setShadow(t, g, "Shadow Whispers")
	g.chars[0].know = 5
	g.tokens = 2
	bottom := g.deck[g.deckN-1]
	g.phase, g.viewer = phShadow, 0
	do(t, g, engine.Move{Kind: MoveBanish})
	eq(t, "banished card on top", g.deck[0], bottom)
	eq(t, "tokens removed", g.tokens, 0)
	eq(t, "new shadow unseen", g.known, false)
	eq(t, "cost paid", g.chars[0].know, 5-int8(cards().Knobs.BanishCost[1]))
}

func TestLeavingKeepsTokensAndKnowledge(t *testing.T) {
	g := fixture(t, 2, "ghatanothoa")
	g.tokens = 1
	do(t, g, engine.Move{Kind: MoveView})
	eq(t, "phase", g.phase, phShadow)
	do(t, g, engine.Move{Kind: MoveLeave})
	eq(t, "tokens stay", g.tokens, 1)
	eq(t, "knowledge stays", g.chars[0].know, 3)
	eq(t, "viewed shadow stays known", g.known, true)
}

func TestPassingTheRingLeavesTheMarker(t *testing.T) {
	g := fixture(t, 3, "ghatanothoa")
	g.marker = 2
	do(t, g, engine.Move{Kind: MovePassRing, To: 1})
	eq(t, "ring", g.ring, 1)
	eq(t, "marker", g.marker, 2)
}

func TestAssetsCarryLimitAndRefill(t *testing.T) {
	g := fixture(t, 2, "ghatanothoa")
	a := cards().assetIndex("grimoire")
	g.row[0], g.assetOut[a] = int8(a+1), true
	do(t, g, engine.Move{Kind: MoveAcquire, Card: a + 1})
	if g.row[0] == 0 || g.row[0] == int8(a+1) {
		t.Errorf("row not refilled: %v", g.row)
	}
	for _, k := range []string{"whiskey", "hired_gun"} {
		carry(g, hale, k)
	}
	g.chars[0].bills = 8
	for i := range g.row {
		if cards().Assets[g.row[i]-1].Location == "university" {
			eq(t, "fourth asset", legal(g, engine.Move{Kind: MoveAcquire, Card: int(g.row[i])}), false)
		}
	}
	// An empty asset deck leaves the space empty.
	g = fixture(t, 2, "ghatanothoa")
	for i := range g.assetOut {
		g.assetOut[i] = true
	}
	g.row[0] = int8(a + 1)
	do(t, g, engine.Move{Kind: MoveAcquire, Card: a + 1})
	eq(t, "space stays empty", g.row[0], 0)
}

func TestLimitsCapGainsAndShares(t *testing.T) {
	g := fixture(t, 2, "ghatanothoa")
	g.chars[1].know = 4 // Calloway's limit
	for _, m := range g.Legal(0) {
		if m.Kind == MoveShare && m.Option == "knowledge" {
			t.Errorf("share past the receiver's limit offered: %v", m)
		}
	}
	g.chars[0].know = 7
	eq(t, "research at the limit", legal(g, engine.Move{Kind: MoveResearch}), false)
	g.chars[0].mad = 0
	eq(t, "heal at 0 madness", legal(g, engine.Move{Kind: MoveHeal}), false)
	eq(t, "clear with no corruption", legal(g, engine.Move{Kind: MoveClear, N: 1}), false)
}

func TestStirringOnTheFirstLevelThreeThreat(t *testing.T) {
	g := fixture(t, 2, "ghatanothoa")
	g.stirred = false
	setShadowLevel(g, 2)
	live(g).cycle()
	eq(t, "not yet", g.stirred, false)
	setShadowLevel(g, 3)
	g.cycle()
	eq(t, "stirred", g.stirred, true)
	eq(t, "madness", g.chars[0].mad, 1)
	setShadowLevel(g, 3)
	g.cycle()
	eq(t, "only once", g.chars[0].mad, 1)
}

func TestRandonomiconReshufflesItsDiscards(t *testing.T) {
	g := live(fixture(t, 2, "ghatanothoa"))
	for i := 0; i < 25; i++ {
		g.discardRando(g.drawOne())
	}
	if err := checkInvariants(g); err != nil {
		t.Fatal(err)
	}
	eq(t, "reshuffled", hasEvent(g, EventReshuffle), true)
}

// ---- designed rulings ----

func TestRulingUnviewedShadowDoesNotBind(t *testing.T) {
	g := fixture(t, 2, "ghatanothoa")
	setShadow(t, g, "Eyes in the Walls")
	g.known = false
	eq(t, "share while unseen", legal(g, engine.Move{Kind: MoveShare, To: 1, Option: "bills", N: 1}), true)
}

func TestRulingTwistNotOnTheMarkerHoldersTurn(t *testing.T) {
	g := fixture(t, 4, "ghatanothoa")
	g.chars[0].ability = int8(abilityIndex("twist"))
	g.marker = 0
	eq(t, "on the holder's turn", legal(g, engine.Move{Kind: MoveAbility}), false)
}

func TestRulingEndWithActionsLeft(t *testing.T) {
	g := fixture(t, 2, "ghatanothoa")
	g.marker = 0
	do(t, g, engine.Move{Kind: MoveEnd})
	eq(t, "next player", g.active, 1)
}

func TestRulingForcedShadowBeyondCapIsMadness(t *testing.T) {
	g := fixture(t, 2, "ghatanothoa")
	g.chars[0].shadow = 2
	g.gainShadow(0, 3)
	eq(t, "shadow", g.chars[0].shadow, 3)
	eq(t, "madness", g.chars[0].mad, 2)
}

func TestRulingLuckyOncePerTurnOnThreatDraws(t *testing.T) {
	g := fixture(t, 3, "ghatanothoa")
	g.active = dutch
	g.randoDeck, g.randoDisc = [maxRando]int8{}, [maxRando]int8{}
	g.randoDeck[cards().randoIndex("f0")], g.randoDeck[cards().randoIndex("s1a")] = 1, 1
	live(g)
	eq(t, "lucky keeps the success", cards().Rando[g.drawFor(purposeSuccess, false)].Success, true)
	eq(t, "used", g.flags.lucky, true)
}

// ---- the contract ----

// TestBadInputsChangeNothing: each refused move has its kind and leaves the game's JSON as it was.
func TestBadInputsChangeNothing(t *testing.T) {
	g := fixture(t, 3, "ghatanothoa")
	cases := []struct {
		name string
		m    engine.Move
		kind engine.Kind
	}{
		{"no such seat", engine.Move{Seat: 7, Kind: MoveEnd}, engine.KindBadSeat},
		{"observer", engine.Move{Seat: engine.Observer, Kind: MoveEnd}, engine.KindBadSeat},
		{"out of turn", engine.Move{Seat: 1, Kind: MoveEnd}, engine.KindNotYourTurn},
		{"unknown kind", engine.Move{Seat: 0, Kind: "teleport"}, engine.KindMalformed},
		{"deal not due", engine.DealMove([32]byte{1}), engine.KindIllegal},
		{"deal from a player", engine.Move{Seat: 0, Kind: engine.KindDeal}, engine.KindIllegal},
		{"move to where you are", engine.Move{Seat: 0, Kind: MoveMove, Option: "university"}, engine.KindIllegal},
		{"move nowhere", engine.Move{Seat: 0, Kind: MoveMove, Option: "rlyeh"}, engine.KindIllegal},
		{"extra field", engine.Move{Seat: 0, Kind: MoveEnd, N: 1}, engine.KindIllegal},
		{"seed on a move", engine.Move{Seat: 0, Kind: MoveEnd, Seed: "00"}, engine.KindIllegal},
		{"hire away from the club", engine.Move{Seat: 0, Kind: MoveHire, N: 1}, engine.KindIllegal},
		{"acquire absent asset", engine.Move{Seat: 0, Kind: MoveAcquire, Card: 99}, engine.KindIllegal},
		{"banish outside the shadows", engine.Move{Seat: 0, Kind: MoveBanish}, engine.KindIllegal},
		{"share to self", engine.Move{Seat: 0, Kind: MoveShare, To: 0, Option: "bills", N: 1}, engine.KindIllegal},
		{"share too much", engine.Move{Seat: 0, Kind: MoveShare, To: 1, Option: "bills", N: 5}, engine.KindIllegal},
		{"choose a character after setup", engine.Move{Seat: 0, Kind: MoveCharacter, Option: "hale"}, engine.KindIllegal},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			before, _ := json.Marshal(g.ViewOf(engine.Observer))
			st0, _ := json.Marshal(g.Status())
			snap := *g
			err := g.Apply(c.m)
			var e *engine.Error
			if !errors.As(err, &e) || e.Kind != c.kind {
				t.Fatalf("got %v, want kind %s", err, c.kind)
			}
			after, _ := json.Marshal(g.ViewOf(engine.Observer))
			st1, _ := json.Marshal(g.Status())
			if !bytes.Equal(before, after) || !bytes.Equal(st0, st1) || snap != *g {
				t.Fatalf("refused move changed the game")
			}
		})
	}
	// While a deal is due every player move waits, and a finished game refuses everything.
	g.corruption[0] = 1
	if err := g.Apply(engine.Move{Seat: 0, Kind: MoveResearch}); err != nil || !g.waiting {
		t.Fatalf("research at a corrupt location should wait for a deal: %v", err)
	}
	if err := g.Apply(engine.Move{Seat: 0, Kind: MoveEnd}); engine.KindOf(err) != engine.KindNeedDeal {
		t.Fatalf("move during a deal: %v", err)
	}
	g.finish(ReasonCorruption, false)
	if err := g.Apply(engine.Move{Seat: 0, Kind: MoveEnd}); engine.KindOf(err) != engine.KindGameOver {
		t.Fatalf("move after the end: %v", err)
	}
}

func TestConfigsRefused(t *testing.T) {
	for _, cfg := range []engine.Config{{Seats: 1}, {Seats: 6}, {Seats: 3, Options: map[string]string{"elder": "hastur"}},
		{Seats: 3, Options: map[string]string{"length": "epic"}}, {Seats: 3, Options: map[string]string{"doom": "on"}}} {
		if _, err := New(cfg); engine.KindOf(err) != engine.KindBadConfig {
			t.Errorf("%+v: %v", cfg, err)
		}
	}
	eq(t, "version", Rules{}.Version(), 1)
	eq(t, "name", Rules{}.Name(), "shadows")
}

// TestDealsAreBoundAndLazy: a move that draws waits for a deal named after it, and the same
// key always gives the same result.
func TestDealsAreBoundAndLazy(t *testing.T) {
	g := fixture(t, 2, "ghatanothoa")
	g.chars[0].loc = loc("bank")
	g2 := *g
	if err := g.Apply(engine.Move{Seat: 0, Kind: MoveWithdraw}); err != nil {
		t.Fatal(err)
	}
	st := g.Status()
	if st.Deal == nil || st.Phase != PhaseDeal || !st.IsActive(engine.Dealer) {
		t.Fatalf("no deal requested: %+v", st)
	}
	if !bytes.Contains([]byte(st.Deal.Context), []byte("for=withdraw")) {
		t.Errorf("context %q", st.Deal.Context)
	}
	g2.Apply(engine.Move{Seat: 0, Kind: MoveWithdraw})
	key := rng.FromInt(8).Seed()
	g.ApplyDeal(key)
	g2.ApplyDeal(key)
	if *g != g2 {
		t.Errorf("same key, different results")
	}
}

// TestFromViewRebuildsTheGame: the state a bot rebuilds from a view shows the same view.
func TestFromViewRebuildsTheGame(t *testing.T) {
	rnd := rng.FromInt(4)
	rebuilt := 0
	defer func() {
		if rebuilt < 60 {
			t.Errorf("only %d games rebuilt", rebuilt)
		}
	}()
	for i := 0; i < 240; i++ {
		cfg := allConfigs()[i%len(allConfigs())]
		g, _ := New(cfg)
		enginetest.Walk(g, rnd, 10+rnd.Intn(120))
		if g.waiting || g.phase < phAction || g.phase == phOver {
			continue
		}
		v := g.ViewOf(engine.Observer)
		rebuilt++
		h, err := FromView(v, rnd)
		if err != nil {
			t.Fatalf("game %d: %v", i, err)
		}
		w := h.ViewOf(engine.Observer)
		v.Log, w.Log = nil, nil
		a, _ := json.Marshal(v)
		b, _ := json.Marshal(w)
		if !bytes.Equal(a, b) {
			t.Fatalf("game %d: rebuilt view differs:\n%s\n%s", i, a, b)
		}
		s, _ := g.Mover()
		la, _ := json.Marshal(g.Legal(s))
		lb, _ := json.Marshal(h.Legal(s))
		if !bytes.Equal(la, lb) {
			t.Fatalf("game %d: legal moves differ", i)
		}
	}
}
