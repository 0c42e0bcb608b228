package shadows

import (
	"testing"

	"miskatonic/engine"
	"miskatonic/engine/rng"
)

// Seats of a fixture hold the characters in data order: 0 Hale, 1 Calloway, 2 Vanderholt,
// 3 Pierce, 4 Marek.
const (
	hale int8 = iota
	calloway
	dutch
	pierce
	marek
)

// fixture is a set-up game in a plain state: everyone at the university with 4 bills, 3
// knowledge, 1 muscle, no madness, shadow tokens or assets; a clean board; seat 0's first
// action phase with 3 actions; the Ring with seat 0, the marker with seat 0; no shadow viewed;
// the elder already stirred.
func fixture(t *testing.T, seats int, elder string) *Game {
	t.Helper()
	g := newGame(seats, map[string]string{"elder": elder}, 99)
	g.corruption = [NumLocations]int8{}
	for s := int8(0); s < g.seats; s++ {
		c := &g.chars[s]
		c.loc, c.bills, c.know, c.musc, c.mad, c.shadow = 0, 4, 3, 1, 0, 0
		c.assets = [maxCarry]int8{}
	}
	g.tokens, g.known, g.stirred = 0, false, true
	g.flags = turnFlags{actions: 3}
	g.active, g.marker, g.ring = 0, 0, 0
	g.nLog = 0
	return g
}

// live gives g a deal stream so internal calls that draw work directly.
func live(g *Game) *Game {
	g.str = &streams{key: rng.FromInt(5).Seed(), r: map[string]*rng.Rand{}}
	return g
}

// forceRando makes every Randonomicon draw give key (the deck holds only copies of it).
func forceRando(g *Game, key string) {
	g.randoDeck, g.randoDisc = [maxRando]int8{}, [maxRando]int8{}
	g.randoDeck[cards().randoIndex(key)] = 9
}

func threatIndex(t *testing.T, name string) int8 {
	t.Helper()
	for i, th := range cards().Threats {
		if th.Arkham.Name == name || th.Shadow.Name == name {
			return int8(i + 1)
		}
	}
	t.Fatalf("no threat %q", name)
	return 0
}

// setShadow makes the named threat the current, viewed shadow.
func setShadow(t *testing.T, g *Game, name string) {
	id := threatIndex(t, name)
	g.deck[g.deckN-1] = slot{level: int8(cards().Threats[id-1].Level), card: id}
	g.known = true
}

// setTop makes the named threat the current Arkham threat.
func setTop(t *testing.T, g *Game, name string) {
	id := threatIndex(t, name)
	g.deck[0] = slot{level: int8(cards().Threats[id-1].Level), card: id}
}

func carry(g *Game, s int8, key string) {
	g.giveAsset(s, cards().assetIndex(key))
	g.assetOut[cards().assetIndex(key)] = true
}

// do applies m, supplying a deal if it waits for one.
func do(t *testing.T, g *Game, m engine.Move) {
	t.Helper()
	if m.Seat == 0 && m.Kind != MoveRing {
		if mv, ok := g.Mover(); ok && mv != engine.Dealer {
			m.Seat = mv
		}
	}
	if err := g.Apply(m); err != nil {
		t.Fatalf("%v: %v", m, err)
	}
	if g.waiting {
		if err := g.ApplyDeal(rng.FromInt(uint64(g.epoch) + 1).Seed()); err != nil {
			t.Fatal(err)
		}
	}
}

func legal(g *Game, m engine.Move) bool {
	s, _ := g.Mover()
	m.Seat = s
	return engine.IsLegal(g.Legal(s), m)
}

func loc(key string) int8 { return int8(locIndex(key)) }

func eq[T comparable](t *testing.T, what string, got, want T) {
	t.Helper()
	if got != want {
		t.Errorf("%s = %v, want %v", what, got, want)
	}
}
