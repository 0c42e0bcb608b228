package rituals

import (
	"encoding/json"
	"testing"

	"miskatonic/engine"
	"miskatonic/engine/enginetest"
	"miskatonic/engine/rng"
)

// TestTurnOrderHidesHands attacks the windows from a watcher's side: whom the table asks, when a
// window is skipped, and everything the Observer sees must depend on public information only.
// Two games that differ only in which hidden cards lie where (same hand sizes, same public
// board) must show the same Status and public view through every pass and placement, up to the
// next sealed step.
func TestTurnOrderHidesHands(t *testing.T) {
	checked := 0
	for seed := uint64(0); seed < 300; seed++ {
		rnd := rng.FromInt(seed)
		g := fuzzGame(seed, 40+rnd.Intn(400))
		if g.phase != phWindow && g.phase != phPlace && g.phase != phPsychotic {
			continue
		}
		h := *g
		shuffleHidden(&h, rnd)
		for step := 0; ; step++ {
			if a, b := public(g), public(&h); a != b {
				t.Fatalf("seed %d step %d: public state differs with other hidden cards:\n%s\n%s", seed, step, a, b)
			}
			s, ok := g.Mover()
			if !ok || g.phase == phSend || g.phase == phDeal {
				break
			}
			legal := g.Legal(s)
			m := legal[0] // pass in a window; the first choice otherwise (public in both games)
			if err := g.Apply(m); err != nil {
				t.Fatal(err)
			}
			if err := h.Apply(m); err != nil {
				t.Fatalf("seed %d: %v legal in one game, refused in its twin: %v", seed, m, err)
			}
		}
		checked++
	}
	if checked < 100 {
		t.Fatalf("only %d states checked", checked)
	}
}

// shuffleHidden redeals every hidden card (hands and draw pile) at random, keeping hand sizes.
func shuffleHidden(g *Game, rnd *rng.Rand) {
	var pool []hidden
	for s := int8(0); s < g.players; s++ {
		pool = append(pool, g.hand[s][:g.handN[s]]...)
	}
	pool = append(pool, g.deck[g.deckTop:g.deckEnd]...)
	rnd.Shuffle(len(pool), func(i, j int) { pool[i], pool[j] = pool[j], pool[i] })
	sizes := g.handN
	g.evHeld = [MaxPlayers]uint16{}
	g.hand = [MaxPlayers][HandSize]hidden{}
	g.handN = [MaxPlayers]int8{}
	k := 0
	for s := int8(0); s < g.players; s++ {
		for i := int8(0); i < sizes[s]; i++ {
			g.deck[g.deckTop-1] = pool[k] // draw expects the card on top of the pile
			g.deckTop--
			g.draw(s)
			k++
		}
	}
	copy(g.deck[g.deckTop:g.deckEnd], pool[k:])
}

func public(g *Game) string {
	st, _ := json.Marshal(g.Status())
	v, _ := json.Marshal(g.View(engine.Observer))
	return string(st) + string(v)
}

// TestViewSize plays random 5-player games and checks every view stays well within the 16 KiB
// wire limit (enginetest checks the limit too; this reports the largest seen).
func TestViewSize(t *testing.T) {
	worst := 0
	for seed := uint64(0); seed < 30; seed++ {
		rnd := rng.FromInt(seed)
		g, _ := New(engine.Config{Seats: MaxPlayers})
		enginetest.WalkWith(g, rnd, 0, enginetest.Hooks{After: func(s engine.Seat, _ engine.Move, _ error) {
			for _, v := range []engine.Seat{engine.Observer, s} {
				b, _ := json.Marshal(g.View(v))
				worst = max(worst, len(b))
			}
		}})
	}
	if worst > 12<<10 {
		t.Fatalf("a view of %d bytes", worst)
	}
	t.Logf("largest view: %d bytes", worst)
}
