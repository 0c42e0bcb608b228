package rituals

import (
	"encoding/json"
	"errors"
	"slices"
	"strconv"
	"strings"
	"testing"

	"miskatonic/engine"
)

// spot is a hand-placed table at the start of a round's phase 1, for rulebook examples and
// rulings. Events in no hand and not in the deck count as already discarded, so event windows
// open only when a test puts an event in play.
type spot struct {
	players int
	hands   [][]CardID          // per seat
	deck    []CardID            // draw pile, top first
	places  map[string]int      // place letter → owner
	at      map[string][]CardID // place letter → cultists #1, #2, #3
	round   int                 // default 1
}

func letter(l string) int8 { return int8(l[0] - 'A') }

func (sp spot) game(t *testing.T) *Game {
	t.Helper()
	g, err := New(engine.Config{Seats: sp.players})
	if err != nil {
		t.Fatal(err)
	}
	for s, h := range sp.hands {
		for _, c := range h {
			g.deck[0] = hidden(c)
			g.deckTop, g.deckEnd = 0, 1
			g.draw(int8(s))
		}
	}
	for i, c := range sp.deck {
		g.deck[i] = hidden(c)
	}
	g.deckTop, g.deckEnd = 0, int8(len(sp.deck))
	for l, s := range sp.places {
		g.setOwner(letter(l), int8(s))
	}
	for l, cs := range sp.at {
		for _, c := range cs {
			g.addToPlace(c, letter(l))
		}
	}
	inPlay := map[CardID]bool{}
	for _, h := range sp.hands {
		for _, c := range h {
			inPlay[c] = true
		}
	}
	for _, c := range sp.deck {
		inPlay[c] = true
	}
	for c := firstEvent; c <= maxCard; c++ {
		if !inPlay[c] {
			g.gone |= evBit(c)
		}
	}
	g.round = int16(max(sp.round, 1) - 1)
	g.startRound()
	return g
}

// parse reads "send 37", "grab C", "place D", "psychotic 2", "pass", "play 108 to=1",
// "play 110 C n=12" for seat.
func parse(seat int, s string) engine.Move {
	f := strings.Fields(s)
	m := engine.Move{Seat: engine.Seat(seat), Kind: f[0]}
	for _, tok := range f[1:] {
		switch {
		case strings.HasPrefix(tok, "to="):
			n, _ := strconv.Atoi(tok[3:])
			m.To = engine.Seat(n)
		case strings.HasPrefix(tok, "n="):
			m.N, _ = strconv.Atoi(tok[2:])
		case len(tok) == 1 && tok[0] >= 'A' && tok[0] <= 'L':
			m.Option = Places[tok[0]-'A'].Key
		default:
			if n, err := strconv.Atoi(tok); err == nil {
				if m.Kind == MovePsychotic {
					m.To = engine.Seat(n)
				} else {
					m.Card = n
				}
			} else {
				m.Option = tok
			}
		}
	}
	return m
}

// do applies seat's moves, failing the test on a refusal.
func do(t *testing.T, g *Game, seat int, moves ...string) {
	t.Helper()
	for _, s := range moves {
		if err := g.Apply(parse(seat, s)); err != nil {
			t.Fatalf("seat %d %q: %v\n%s", seat, s, err, describe(g))
		}
	}
}

// sendAll sends one cultist per seat (0 for none), in seat order.
func sendAll(t *testing.T, g *Game, cards ...CardID) {
	t.Helper()
	for s, c := range cards {
		do(t, g, s, "send "+strconv.Itoa(int(c)))
	}
}

// passWindow has every asked seat pass until no window is open; it returns who was asked.
func passWindow(t *testing.T, g *Game) []int {
	t.Helper()
	var asked []int
	for i := 0; g.phase == phWindow; i++ {
		if i > 50 {
			t.Fatal("the window does not close")
		}
		s := int(g.asked())
		asked = append(asked, s)
		do(t, g, s, "pass")
	}
	return asked
}

// refuse offers a move that must be refused with kind and change nothing.
func refuse(t *testing.T, g *Game, seat int, move string, kind engine.Kind) {
	t.Helper()
	m := parse(seat, move)
	refuseMove(t, g, m, kind)
}

func refuseMove(t *testing.T, g *Game, m engine.Move, kind engine.Kind) {
	t.Helper()
	before, beforeJSON := *g, allViews(g)
	err := g.Apply(m)
	var e *engine.Error
	if err == nil || !errors.As(err, &e) || e.Kind != kind {
		t.Fatalf("%v: got %v, want a %s refusal", m, err, kind)
	}
	if *g != before || allViews(g) != beforeJSON {
		t.Fatalf("refused %v changed the game", m)
	}
}

// allViews is the JSON of Status and every seat's view.
func allViews(g *Game) string {
	var b strings.Builder
	st, _ := json.Marshal(g.Status())
	b.Write(st)
	for s := engine.Observer; s < engine.Seat(g.players); s++ {
		v, _ := json.Marshal(g.View(s))
		b.Write(v)
	}
	return b.String()
}

func placeOf(g *Game, l string) []CardID {
	p := letter(l)
	return append([]CardID{}, g.slots[p][:g.slotN[p]]...)
}

func ownerOf(g *Game, l string) int { return int(g.owner[letter(l)]) }

func pile(set [2]uint64) []CardID { return cardsOf(set) }

func wantCards(t *testing.T, what string, got []CardID, want ...CardID) {
	t.Helper()
	if !slices.Equal(got, want) && !(len(got) == 0 && len(want) == 0) {
		t.Errorf("%s = %v, want %v", what, got, want)
	}
}

func wantPlaces(t *testing.T, g *Game, letters string) {
	t.Helper()
	var want []string
	for _, l := range strings.Fields(letters) {
		want = append(want, Places[letter(l)].Key)
	}
	v := g.ViewOf(engine.Observer)
	if v.Placing == nil || !slices.Equal(v.Placing.Places, want) {
		t.Fatalf("placing %+v, want places %v", v.Placing, want)
	}
}
