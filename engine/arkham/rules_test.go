package arkham

import (
	"fmt"
	"slices"
	"testing"

	"miskatonic/engine"
)

// five is a 5-player base game; "dropAll" lets the card go round everyone and be let go, so the
// round ends with the hands exactly as placed.
var dropAll5 = []string{"give 1", "pass 2", "pass 3", "pass 4", "drop"}

// roundCase places a position, plays moves and checks the finished round.
type roundCase struct {
	name     string
	spot     spot
	moves    []string
	cause    Cause
	survived []bool // per position
	reasons  []Fate // per position, optional
	sanity   []int  // per player afterwards
	oldOne   CardID
	over     bool
	winners  []engine.Seat
}

func (c roundCase) run(t *testing.T) {
	t.Helper()
	g := c.spot.game(t)
	play(t, g, c.moves...)
	v := g.ViewOf(engine.Observer)
	r := v.LastRound
	if r == nil {
		t.Fatalf("round did not end; phase %s", v.Phase)
	}
	if r.Cause != c.cause {
		t.Errorf("cause = %s, want %s", r.Cause, c.cause)
	}
	if c.oldOne != 0 && r.OldOne != c.oldOne {
		t.Errorf("old one = %v, want %v", r.OldOne, c.oldOne)
	}
	for p, want := range c.survived {
		if got := r.Positions[p].Survived; got != want {
			t.Errorf("position %d (%v) survived = %v, want %v (%s)", p, r.Positions[p].Card, got, want, r.Positions[p].Reason)
		}
	}
	for p, want := range c.reasons {
		if got := r.Positions[p].Reason; want != "" && got != want {
			t.Errorf("position %d reason = %s, want %s", p, got, want)
		}
	}
	if got := sanities(g); c.sanity != nil && !slices.Equal(got, c.sanity) {
		t.Errorf("sanity = %v, want %v", got, c.sanity)
	}
	st := g.Status()
	if st.Over != c.over {
		t.Fatalf("over = %v, want %v", st.Over, c.over)
	}
	if c.over && c.winners != nil && !slices.Equal(st.Result.Winners, c.winners) {
		t.Errorf("winners = %v, want %v", st.Result.Winners, c.winners)
	}
	for p, rp := range r.Positions {
		if p < g.Players() && rp.Sanity != int(g.sanity[p]) {
			t.Errorf("result sanity of %d = %d, game has %d", p, rp.Sanity, g.sanity[p])
		}
	}
}

func TestRulebookExamples(t *testing.T) {
	cases := []roundCase{
		{
			// §7 example 2: D and E hold red cards; B's blue Candelabra matches E's red one; A and C
			// hold unique blue cards and are the only survivors. Three fail and lose 3 each.
			name: "§7 example 2: end of a round",
			spot: spot{players: 5, held: []CardID{dagger1, candelabra1, grimoire1, idolX, candelabraX},
				deck: []CardID{chalice1, chalice2}},
			moves:    dropAll5,
			cause:    EndAllPassed,
			survived: []bool{true, false, true, false, false},
			reasons:  []Fate{"sane", "duplicate", "sane", "cursed", "cursed"},
			sanity:   []int{7, 4, 7, 4, 4},
		},
		{
			// §7 example 3 and example 4: C holds the Cultist, so blue cards fail; E's red Chalice
			// matches B's; D alone survives, and the four others lose 4 each.
			name: "§7 examples 3 and 4: Cultist and losing sanity",
			spot: spot{players: 5, held: []CardID{dagger1, chalice1, Cultist, idolX, chaliceX},
				deck: []CardID{grimoire1, grimoire2}},
			moves:    dropAll5,
			cause:    EndAllPassed,
			survived: []bool{false, false, false, true, false},
			reasons:  []Fate{"cultist_sane", "cultist_sane", "cultist_sane", "cultist_cursed", "duplicate"},
			sanity:   []int{3, 3, 3, 7, 3},
		},
	}
	for _, c := range cases {
		t.Run(c.name, c.run)
	}

	t.Run("§6-3 example 1: passing the deck", func(t *testing.T) {
		// A is active; B took no part at the end (his hand is off), C's hand is still on the
		// table: C becomes the new active player.
		g := spot{players: 5, held: []CardID{dagger1, chalice1, grimoire1, idol1, candelabra1},
			deck: []CardID{dagger2, chalice2, grimoire2}}.game(t)
		play(t, g, "give 1", "pass 3", "take")
		if s, _ := g.Mover(); s != 2 || g.active != 2 {
			t.Fatalf("new active = %d (mover %d), want C (2)", g.active, s)
		}
		for p, want := range []bool{true, true, false, true, true} {
			if g.onTable[p] != want {
				t.Errorf("hand of %d on table = %v, want %v", p, g.onTable[p], want)
			}
		}
	})
}

func TestNextActivePlayer(t *testing.T) {
	t.Run("nobody's hand on the table: the player to the left", func(t *testing.T) {
		g := spot{players: 3, held: []CardID{dagger1, chalice1, grimoire1, idol1, candelabra1},
			deck: []CardID{dagger2, chalice2, grimoire2}}.game(t)
		play(t, g, "give 1", "pass 2", "take")
		if g.active != 1 {
			t.Fatalf("active = %d, want 1", g.active)
		}
	})
	t.Run("dummies are never active and never receive", func(t *testing.T) {
		g := spot{players: 3, held: []CardID{dagger1, chalice1, grimoire1, idol1, candelabra1},
			deck: []CardID{dagger2, chalice2, grimoire2}}.game(t)
		for _, m := range g.Legal(0) {
			if m.To >= 3 {
				t.Fatalf("a dummy may receive: %v", m)
			}
		}
		if err := g.Apply(engine.Move{Seat: 0, Kind: MoveGive, To: 3}); engine.KindOf(err) != engine.KindIllegal {
			t.Fatalf("give to a dummy: %v", err)
		}
	})
	cases := []struct {
		name       string
		sanity     []int8
		lastActive int8
		want       int8
	}{
		{"lowest sanity", []int8{5, 2, 7, 3, 4}, 0, 1},
		{"tie: closest clockwise after the last active", []int8{3, 5, 7, 3, 4}, 2, 3},
		{"tie wraps round", []int8{3, 5, 7, 3, 4}, 3, 0},
		{"tie including the last active, who counts last", []int8{3, 5, 3, 6, 4}, 0, 2},
		{"all level: the next player", []int8{4, 4, 4, 4, 4}, 4, 0},
	}
	for _, c := range cases {
		t.Run("next round: "+c.name, func(t *testing.T) {
			g, _ := New(engine.Config{Seats: 5})
			g.round = 1
			g.phase = phDeal
			copy(g.sanity[:], c.sanity)
			g.active = c.lastActive
			if err := g.ApplyDeal([32]byte{9}); err != nil {
				t.Fatal(err)
			}
			if g.active != c.want {
				t.Fatalf("active = %d, want %d", g.active, c.want)
			}
		})
	}
	t.Run("first round: drawn from the deal key", func(t *testing.T) {
		seen := map[int8]bool{}
		for k := byte(0); k < 64; k++ {
			g, _ := New(engine.Config{Seats: 4})
			if err := g.ApplyDeal([32]byte{k}); err != nil {
				t.Fatal(err)
			}
			g2, _ := New(engine.Config{Seats: 4})
			g2.ApplyDeal([32]byte{k})
			if *g != *g2 {
				t.Fatal("same key, different deal")
			}
			seen[g.active] = true
		}
		if len(seen) != 4 {
			t.Fatalf("first players drawn: %v", seen)
		}
	})
}

func TestRulings(t *testing.T) {
	gateB := func(p int) []string { // the active player gives the top card to p, who takes it
		return []string{fmt.Sprintf("give %d", p), "take"}
	}
	cases := []roundCase{
		{
			name: "ruling 1: Investigator survives at 7 and stays at 7; at 5 gains 1",
			spot: spot{players: 5, held: []CardID{Investigator, chalice1, grimoire1, idolX, candelabra1},
				deck: []CardID{dagger1, dagger2}, sanity: []int8{7, 5, 7, 7, 7}},
			moves: dropAll5, cause: EndAllPassed,
			survived: []bool{true, true, true, false, true},
			reasons:  []Fate{"investigator", "sane", "sane", "cursed", "sane"},
			sanity:   []int{7, 5, 7, 6, 7},
		},
		{
			name: "ruling 1: Investigator at 5 gains 1",
			spot: spot{players: 5, held: []CardID{Investigator, chalice1, grimoire1, idolX, candelabra1},
				deck: []CardID{dagger1, dagger2}, sanity: []int8{5, 5, 7, 7, 7}},
			moves: dropAll5, cause: EndAllPassed,
			sanity: []int{6, 5, 7, 6, 7},
		},
		{
			name: "ruling 2: dummies' cards count and dummies count as non-survivors",
			spot: spot{players: 3, held: []CardID{dagger1, chalice1, grimoire1, idolX, grimoire2},
				deck: []CardID{candelabra1, candelabra2}},
			moves: []string{"give 1", "pass 2", "drop"}, cause: EndAllPassed,
			survived: []bool{true, true, false, false, false},
			reasons:  []Fate{"sane", "sane", "duplicate", "cursed", "duplicate"},
			sanity:   []int{7, 7, 4},
		},
		{
			name: "ruling 3 and 10: Cthulhu held by a dummy hits every player for 5-1",
			spot: spot{players: 3, held: []CardID{dagger1, GateA, grimoire1, Cthulhu, chalice1},
				deck: []CardID{candelabra1, candelabra2}},
			moves: gateB(1), cause: EndOldOne, oldOne: Cthulhu,
			survived: []bool{false, false, false, true, false},
			reasons:  []Fate{"oldone", "oldone", "oldone", "oldone_holder", "oldone"},
			sanity:   []int{3, 3, 3},
		},
		{
			name: "ruling 10: Cthulhu with 7 players costs everyone else 6",
			spot: spot{players: 7, held: []CardID{dagger1, GateA, grimoire1, Cthulhu, chalice1, idol1, idol2},
				deck: []CardID{candelabra1, candelabra2}},
			moves: gateB(1), cause: EndOldOne,
			sanity: []int{1, 1, 1, 7, 1, 1, 1},
		},
		{
			name: "FAQ Q4: the Gate's discarder just took Cthulhu and is its avatar",
			spot: spot{players: 5, held: []CardID{dagger1, GateB, grimoire1, idol1, chalice1},
				deck: []CardID{Cthulhu, candelabra2}},
			moves: gateB(1), cause: EndOldOne, oldOne: Cthulhu,
			sanity: []int{3, 7, 3, 3, 3},
		},
		{
			name: "Gate with no Great Old One held does nothing",
			spot: spot{players: 5, held: []CardID{dagger1, GateB, grimoire1, idol1, chalice1},
				deck: []CardID{candelabra1, Cthulhu, candelabra2}},
			moves: []string{"give 1", "take", "give 3", "pass 4", "pass 0", "pass 1", "drop"},
			cause: EndAllPassed,
		},
		{
			name: "FAQ Q2: Elder Sign ends the round at once; the new card counts",
			spot: spot{players: 5, held: []CardID{dagger1, ElderSign, grimoire1, idol1, chalice1},
				deck: []CardID{idolX, candelabra2, candelabra1}},
			moves: gateB(1), cause: EndElderSign,
			survived: []bool{true, false, true, false, true},
			reasons:  []Fate{"sane", "cursed", "sane", "duplicate", "sane"},
			sanity:   []int{7, 5, 7, 5, 7},
		},
		{
			name: "ruling 6: Wary Student never survives and loses exactly 1, but counts",
			spot: spot{players: 5, held: []CardID{Student, chalice1, grimoire1, idolX, candelabra1},
				deck: []CardID{dagger1, dagger2}},
			moves: dropAll5, cause: EndAllPassed,
			survived: []bool{false, true, true, false, true},
			reasons:  []Fate{"student", "sane", "sane", "cursed", "sane"},
			sanity:   []int{6, 7, 7, 5, 7},
		},
		{
			name: "ruling 6: Wary Student under the Cultist",
			spot: spot{players: 5, opts: map[string]string{"character1": "student"},
				held: []CardID{Student, Cultist, daggerX, idol1, chalice1},
				deck: []CardID{grimoire1, grimoire2}},
			moves: dropAll5, cause: EndAllPassed,
			survived: []bool{false, false, true, false, false},
			reasons:  []Fate{"student", "cultist_sane", "cultist_cursed", "cultist_sane", "cultist_sane"},
			sanity:   []int{6, 3, 7, 3, 3},
		},
		{
			name: "ruling 6 with Doom: the Student still loses only 1",
			spot: spot{players: 5, opts: map[string]string{"doom": "on"}, doom: 4,
				held: []CardID{Student, chalice1, grimoire1, idolX, candelabra1},
				deck: []CardID{dagger1, dagger2}},
			moves: dropAll5, cause: EndAllPassed,
			sanity: []int{6, 7, 7, 3, 7},
		},
		{
			name: "Mad Professor with events held: every non-artifact fails",
			spot: spot{players: 5, opts: map[string]string{"character2": "professor"},
				held: []CardID{Professor, GateA, dagger1, Orb, idolX},
				deck: []CardID{grimoire1, grimoire2}},
			moves: dropAll5, cause: EndAllPassed,
			survived: []bool{false, false, true, false, false},
			reasons:  []Fate{"professor_nonartifact", "professor_nonartifact", "sane", "professor_nonartifact", "cursed"},
			sanity:   []int{3, 3, 7, 3, 3},
		},
		{
			name: "ruling 11: Mad Professor held by a dummy still applies",
			spot: spot{players: 3, held: []CardID{GateA, dagger1, grimoire1, Professor, chalice1},
				deck: []CardID{idol1, idol2}},
			moves: []string{"give 1", "pass 2", "drop"}, cause: EndAllPassed,
			survived: []bool{false, true, true, false, true},
			sanity:   []int{5, 7, 7},
		},
		{
			name: "ruling 11: Cultist held by a dummy still applies",
			spot: spot{players: 3, held: []CardID{idolX, chalice1, grimoire1, Cultist, daggerX},
				deck: []CardID{candelabra1, candelabra2}},
			moves: []string{"give 1", "pass 2", "drop"}, cause: EndAllPassed,
			survived: []bool{true, false, false, false, true},
			sanity:   []int{7, 4, 4},
		},
		{
			name: "ruling 11: characters do not trigger when a Great Old One ends the round",
			spot: spot{players: 5, held: []CardID{Investigator, GateA, Cthulhu, Student, chalice1},
				deck: []CardID{idol1, idol2}, sanity: []int8{5, 7, 7, 7, 7}},
			moves: gateB(1), cause: EndOldOne,
			sanity: []int{1, 3, 7, 3, 3},
		},
		{
			name: "ruling 7: Nyarlathotep, a tie for most: both fail, the holder gains the total",
			spot: spot{players: 5, opts: map[string]string{"oldone": "nyarlathotep"},
				held: []CardID{dagger1, GateA, grimoire1, Nyarlathotep, chalice1},
				deck: []CardID{idol1, idol2}, sanity: []int8{5, 7, 7, 2, 6}},
			moves: gateB(1), cause: EndOldOne, oldOne: Nyarlathotep,
			survived: []bool{true, false, false, true, true},
			reasons:  []Fate{"spared", "oldone", "oldone", "oldone_holder", "spared"},
			sanity:   []int{5, 5, 5, 6, 6},
		},
		{
			name: "ruling 7: Nyarlathotep's holder is capped at 7; the holder is not compared",
			spot: spot{players: 5, opts: map[string]string{"oldone": "nyarlathotep"},
				held: []CardID{dagger1, GateA, grimoire1, Nyarlathotep, chalice1},
				deck: []CardID{idol1, idol2}, sanity: []int8{4, 6, 3, 7, 5}},
			moves: gateB(1), cause: EndOldOne,
			sanity: []int{4, 5, 3, 7, 5},
		},
		{
			name: "ruling 7: Nyarlathotep with Doom: each loses the Doom value",
			spot: spot{players: 5, opts: map[string]string{"oldone": "nyarlathotep", "doom": "on"}, doom: 3,
				held: []CardID{dagger1, GateA, grimoire1, Nyarlathotep, chalice1},
				deck: []CardID{idol1, idol2}, sanity: []int8{5, 7, 7, 2, 6}},
			moves: gateB(1), cause: EndOldOne,
			sanity: []int{5, 4, 4, 7, 6},
		},
		{
			name: "ruling 2 and 3: Nyarlathotep held by a dummy: nobody gains, dummies not compared",
			spot: spot{players: 3, opts: map[string]string{"oldone": "nyarlathotep"},
				held: []CardID{dagger1, GateA, grimoire1, Nyarlathotep, chalice1},
				deck: []CardID{idol1, idol2}, sanity: []int8{4, 4, 2}},
			moves: gateB(1), cause: EndOldOne,
			sanity: []int{2, 2, 2},
		},
		{
			name: "ruling 7: Nyarlathotep counts only the markers really lost",
			spot: spot{players: 5, opts: map[string]string{"oldone": "nyarlathotep"},
				held: []CardID{dagger1, GateA, grimoire1, Nyarlathotep, chalice1},
				deck: []CardID{idol1, idol2}, sanity: []int8{1, 1, 1, 1, 1}},
			moves: gateB(1), cause: EndOldOne, over: true, winners: []engine.Seat{3},
			sanity: []int{0, 0, 0, 5, 0},
		},
		{
			name: "ruling 8: Yog-Sothoth with a unique least: all others but the holder drop to 0",
			spot: spot{players: 5, opts: map[string]string{"oldone": "yogsothoth"},
				held: []CardID{dagger1, GateA, grimoire1, idol1, YogSothoth},
				deck: []CardID{idol2, chalice1}, sanity: []int8{5, 6, 3, 7, 4}},
			moves: gateB(1), cause: EndOldOne, oldOne: YogSothoth,
			sanity: []int{0, 0, 3, 0, 4}, over: true, winners: []engine.Seat{2, 4},
		},
		{
			name: "ruling 8 and 14: Yog-Sothoth, competitive: only the most markers wins",
			spot: spot{players: 5, opts: map[string]string{"oldone": "yogsothoth", "variant": "competitive"},
				held: []CardID{dagger1, GateA, grimoire1, idol1, YogSothoth},
				deck: []CardID{idol2, chalice1}, sanity: []int8{5, 6, 3, 7, 4}},
			moves: gateB(1), cause: EndOldOne,
			sanity: []int{0, 0, 3, 0, 4}, over: true, winners: []engine.Seat{4},
		},
		{
			name: "ruling 8: Yog-Sothoth tie for least: the holder drops to 1, everyone else loses 1",
			spot: spot{players: 5, opts: map[string]string{"oldone": "yogsothoth"},
				held: []CardID{dagger1, GateA, grimoire1, idol1, YogSothoth},
				deck: []CardID{idol2, chalice1}, sanity: []int8{3, 6, 3, 7, 5}},
			moves: gateB(1), cause: EndOldOne,
			survived: []bool{false, false, false, false, false},
			sanity:   []int{2, 5, 2, 6, 1},
		},
		{
			name: "ruling 8: Yog-Sothoth's holder is the unique least",
			spot: spot{players: 5, opts: map[string]string{"oldone": "yogsothoth"},
				held: []CardID{dagger1, GateA, grimoire1, idol1, YogSothoth},
				deck: []CardID{idol2, chalice1}, sanity: []int8{3, 6, 3, 7, 2}},
			moves: gateB(1), cause: EndOldOne, over: true, winners: []engine.Seat{4},
			sanity: []int{0, 0, 0, 0, 2},
		},
		{
			name: "ruling 8: Yog-Sothoth held by a dummy with a tie: players lose 1",
			spot: spot{players: 4, opts: map[string]string{"oldone": "yogsothoth"},
				held: []CardID{dagger1, GateA, grimoire1, idol1, YogSothoth},
				deck: []CardID{idol2, chalice1}, sanity: []int8{3, 6, 3, 7}},
			moves: gateB(1), cause: EndOldOne,
			sanity: []int{2, 5, 2, 6},
		},
		{
			name: "ruling 9: Hastur with dummies: artifact holders (dummies too) fail, plus all red cards",
			// Artifacts held: B (red Grimoire, just taken), C, dummy 4 → 3 failing; red cards:
			// B's Grimoire, C's Chalice, Hastur → 3. Each artifact-holding player loses 6.
			spot: spot{players: 3, opts: map[string]string{"oldone": "hastur"},
				held: []CardID{Investigator, GateA, chaliceX, Hastur, idol1},
				deck: []CardID{grimoireX, chalice1}},
			moves: gateB(1), cause: EndOldOne, oldOne: Hastur,
			survived: []bool{true, false, false, true, false},
			reasons:  []Fate{"spared", "oldone", "oldone", "oldone_holder", "oldone"},
			sanity:   []int{7, 1, 1},
		},
		{
			name: "ruling 9: Hastur with Doom: the Doom value plus the red cards",
			spot: spot{players: 5, opts: map[string]string{"oldone": "hastur", "doom": "on"}, doom: 2,
				held: []CardID{dagger1, GateA, Hastur, Cultist, idolX},
				deck: []CardID{grimoire1, chalice1}},
			moves: gateB(1), cause: EndOldOne,
			sanity: []int{3, 3, 7, 7, 3},
		},
		{
			name: "Mystery Card resolves its hidden pick (Hastur) and counts as red",
			spot: spot{players: 5, opts: map[string]string{"oldone": "mystery"}, mystery: Hastur,
				held: []CardID{dagger1, GateA, Mystery, Cultist, idol1},
				deck: []CardID{grimoire1, chalice1}},
			moves: gateB(1), cause: EndOldOne, oldOne: Hastur,
			// Artifacts: A, B (Grimoire), E → 3; red: Mystery → 1.
			sanity: []int{3, 3, 7, 7, 3},
		},
		{
			name: "Mystery Card as Cthulhu",
			spot: spot{players: 5, opts: map[string]string{"oldone": "mystery"}, mystery: Cthulhu,
				held: []CardID{dagger1, GateA, Mystery, Cultist, idol1},
				deck: []CardID{grimoire1, chalice1}},
			moves: gateB(1), cause: EndOldOne, oldOne: Cthulhu,
			sanity: []int{3, 3, 7, 3, 3},
		},
		{
			name: "ruling 12: the last follower lets the card go: discarded without effect",
			spot: spot{players: 5, held: []CardID{dagger1, chalice1, grimoire1, idol1, candelabra1},
				deck: []CardID{ElderSign, chalice2}},
			moves: dropAll5, cause: EndAllPassed,
			sanity: []int{7, 7, 7, 7, 7},
		},
		{
			name: "round ends when the deck runs out",
			spot: spot{players: 5, held: []CardID{dagger1, chalice1, grimoire1, idol1, candelabra1},
				deck: []CardID{idolX}},
			moves: []string{"give 3", "take"}, cause: EndDeckEmpty,
			reasons: []Fate{"sane", "sane", "sane", "cursed", "sane"},
			sanity:  []int{7, 7, 7, 6, 7},
		},
		{
			name: "Doom Track: non-survivors lose the Doom value",
			spot: spot{players: 5, opts: map[string]string{"doom": "on"}, doom: 2,
				held: []CardID{dagger1, candelabra1, grimoire1, idolX, candelabraX},
				deck: []CardID{chalice1, chalice2}},
			moves: dropAll5, cause: EndAllPassed,
			sanity: []int{7, 5, 7, 5, 5},
		},
		{
			name: "ruling 14: game end, standard: everyone above 0 wins",
			spot: spot{players: 5, held: []CardID{dagger1, candelabra1, grimoire1, idolX, candelabraX},
				deck: []CardID{chalice1, chalice2}, sanity: []int8{2, 3, 1, 7, 5}},
			moves: dropAll5, cause: EndAllPassed, over: true,
			sanity: []int{2, 0, 1, 4, 2}, winners: []engine.Seat{0, 2, 3, 4},
		},
		{
			name: "ruling 14: game end, competitive: ties share the win",
			spot: spot{players: 5, opts: map[string]string{"variant": "competitive"},
				held: []CardID{dagger1, candelabra1, grimoire1, idolX, candelabraX},
				deck: []CardID{chalice1, chalice2}, sanity: []int8{4, 3, 4, 7, 5}},
			moves: dropAll5, cause: EndAllPassed, over: true,
			sanity: []int{4, 0, 4, 4, 2}, winners: []engine.Seat{0, 2, 3},
		},
	}
	for _, c := range cases {
		t.Run(c.name, c.run)
	}
}

func TestDoomAdvances(t *testing.T) {
	g := spot{players: 5, opts: map[string]string{"doom": "on"}, doom: 6,
		held: []CardID{dagger1, candelabra1, grimoire1, idol1, chalice1},
		deck: []CardID{chalice2, grimoire2}}.game(t)
	play(t, g, dropAll5...)
	if g.doom != 7 {
		t.Fatalf("doom = %d, want 7", g.doom)
	}
	if err := g.ApplyDeal([32]byte{1}); err != nil {
		t.Fatal(err)
	}
	g.endRound(causeDeckEmpty)
	if g.doom != 7 {
		t.Fatalf("doom moved past 7: %d", g.doom)
	}
}
