package arkham

import (
	"encoding/json"
	"fmt"
	"strconv"
	"strings"
	"testing"

	"miskatonic/engine"
)

// Card shorthands for the tables: artifact type names and copies.
var (
	candelabra1, candelabra2, candelabraX = ArtifactCard(0, 0), ArtifactCard(0, 1), ArtifactCard(0, 2)
	dagger1, dagger2, daggerX             = ArtifactCard(1, 0), ArtifactCard(1, 1), ArtifactCard(1, 2)
	chalice1, chalice2, chaliceX          = ArtifactCard(2, 0), ArtifactCard(2, 1), ArtifactCard(2, 2)
	grimoire1, grimoire2, grimoireX       = ArtifactCard(3, 0), ArtifactCard(3, 1), ArtifactCard(3, 2)
	idol1, idol2, idolX                   = ArtifactCard(4, 0), ArtifactCard(4, 1), ArtifactCard(4, 2)
)

// spot is a hand-placed position in the middle of a round, for rulebook examples and rulings.
type spot struct {
	players int
	opts    map[string]string
	held    []CardID // one per position: players, then dummies
	deck    []CardID // top first; the active player draws the first at once
	active  int
	sanity  []int8 // per player; default 7
	doom    int8   // Doom value when the Doom Track is on; default 1
	mystery CardID // the Mystery Card's pick; default Cthulhu
}

// game builds the position as if the round had just been dealt, and starts the turn.
func (sp spot) game(t *testing.T) *Game {
	t.Helper()
	g, err := New(engine.Config{Seats: sp.players, Options: sp.opts})
	if err != nil {
		t.Fatal(err)
	}
	if len(sp.held) != int(g.positions) {
		t.Fatalf("spot: %d held cards for %d positions", len(sp.held), g.positions)
	}
	g.round = 1
	for p, c := range sp.held {
		g.held[p] = hidden(c)
	}
	for i, c := range sp.deck {
		g.deck[i] = hidden(c)
	}
	g.deckTop, g.deckEnd = 0, int8(len(sp.deck))
	copy(g.sanity[:], sp.sanity)
	if sp.doom != 0 {
		g.doom = sp.doom
	}
	g.mystery = Cthulhu
	if sp.mystery != 0 {
		g.mystery = sp.mystery
	}
	g.active = int8(sp.active)
	g.addLog(evRoundStart, g.active, -1, 0, 0)
	g.startTurn()
	return g
}

// parseMove reads "give 2", "take", "pass 3", "drop", "orb remove" for the seat to move.
func parseMove(g *Game, s string) engine.Move {
	f := strings.Fields(s)
	seat, _ := g.Mover()
	m := engine.Move{Seat: seat, Kind: f[0]}
	if len(f) > 1 {
		if n, err := strconv.Atoi(f[1]); err == nil {
			m.To = engine.Seat(n)
		} else {
			m.Option = f[1]
		}
	}
	return m
}

// play applies moves written as for parseMove, failing the test on any refusal.
func play(t *testing.T, g *Game, moves ...string) {
	t.Helper()
	for _, s := range moves {
		if err := g.Apply(parseMove(g, s)); err != nil {
			t.Fatalf("%q: %v", s, err)
		}
	}
}

func sanities(g *Game) []int {
	out := make([]int, g.players)
	for p := range out {
		out[p] = int(g.sanity[p])
	}
	return out
}

func viewJSON(t *testing.T, g *Game, s engine.Seat) string {
	t.Helper()
	b, err := json.Marshal(g.View(s))
	if err != nil {
		t.Fatal(err)
	}
	return string(b)
}

// checkInvariants holds in every reachable state.
func checkInvariants(g *Game) error {
	if g.round == 0 {
		return nil
	}
	var count [maxCard + 1]int
	for p := int8(0); p < g.positions; p++ {
		c := g.held[p].open()
		if !c.Valid() {
			return fmt.Errorf("position %d holds no card", p)
		}
		count[c]++
	}
	if g.passing != 0 {
		count[g.passing.open()]++
	}
	for _, h := range g.deck[g.deckTop:g.deckEnd] {
		count[h.open()]++
	}
	for _, h := range g.removed[:g.nRem] {
		count[h.open()]++
	}
	for _, c := range g.discards[:g.nDisc] {
		count[c]++
	}
	want := [maxCard + 1]int{}
	for _, c := range g.deckIDs {
		want[c]++
	}
	if count != want {
		return fmt.Errorf("cards not accounted for: have %v, want %v", count, want)
	}
	for p, s := range g.sanity[:g.players] {
		if s < 0 || s > MaxSanity {
			return fmt.Errorf("seat %d sanity %d", p, s)
		}
	}
	if g.phase == phGive || g.phase == phRespond || g.phase == phOrb {
		if g.active < 0 || g.active >= g.players {
			return fmt.Errorf("active %d is not a player", g.active)
		}
		if g.onTable[g.active] {
			return fmt.Errorf("active player's hand is on the table")
		}
		for p := g.players; p < g.positions; p++ {
			if g.onTable[p] {
				return fmt.Errorf("dummy %d has a hand on the table", p)
			}
		}
	}
	if g.doomOn && (g.doom < 1 || g.doom > MaxDoom) {
		return fmt.Errorf("doom %d", g.doom)
	}
	return nil
}

// secrets lists the keys seat s may not know: the deck, removed cards, the card in transit and
// its own card during a round, less what it drew or peeked itself.
func secrets(g *Game, s engine.Seat) []string {
	var out []string
	hide := func(c CardID) {
		if c != 0 && !g.knowsCard(s, c) {
			out = append(out, c.Key())
		}
	}
	for _, h := range g.deck[g.deckTop:g.deckEnd] {
		hide(h.open())
	}
	for _, h := range g.removed[:g.nRem] {
		hide(h.open())
	}
	if g.phase == phGive || g.phase == phRespond || g.phase == phOrb {
		hide(g.passing.open())
		for p := int8(0); p < g.players; p++ {
			if s == engine.Observer || engine.Seat(p) == s {
				hide(g.held[p].open())
			}
		}
	}
	return out
}
