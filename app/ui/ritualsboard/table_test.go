package ritualsboard

import (
	"regexp"
	"strings"
	"testing"

	"github.com/maxence-charriere/go-app/v9/pkg/app"

	"miskatonic/app/i18n"
	"miskatonic/app/ui/board"
	"miskatonic/app/ui/board/boardtest"
	"miskatonic/engine"
	"miskatonic/engine/rituals"
	_ "miskatonic/engine/rituals/ritualsbot"
)

func render(g *rituals.Game, me engine.Seat) string {
	v := g.ViewOf(me)
	p := board.Props{View: v, Legal: g.Legal(me), Seats: []board.Seat{{Name: "Ann"}, {Name: "Bea"}, {Name: "Cy"}, {Name: "Dee"}},
		OnAct: func(app.Context, engine.Move) {}}
	return app.HTMLString(Draw(p))
}

// TestBoardShowsNoHiddenCard: at every state of whole games, a seat's board never names a card
// in another hand, nor another seat's sealed choice before the reveal.
func TestBoardShowsNoHiddenCard(t *testing.T) {
	for _, seed := range []uint64{1, 2} {
		boardtest.EachState(t, rituals.Rules{}, 4, seed, func(g *rituals.Game) {
			for me := engine.Seat(0); me < 4; me++ {
				html := render(g, me)
				for s := engine.Seat(0); s < 4; s++ {
					if s == me {
						continue
					}
					other := g.ViewOf(s)
					sent := other.Seats[s].Sent
					public := g.ViewOf(engine.Observer).Seats[s].Sent
					if sent != 0 && public == 0 && strings.Contains(html, `data-card="`+sent.Key()+`"`) {
						t.Fatalf("seat %d sees seat %d's sealed %v", me, s, sent)
					}
					if n := len(handCards(html)); n > 8 {
						t.Fatalf("seat %d shows %d hand cards", me, n)
					}
					for _, c := range other.Hand {
						if strings.Contains(html, `data-card="`+c.Key()+`"`) {
							t.Fatalf("seat %d sees %v in seat %d's hand (phase %s)", me, c, s, other.Phase)
						}
					}
				}
			}
		})
	}
}

// TestHandShowsEachCardOnce: once a cultist is locked in, the hand shows it once, marked sent.
func TestHandShowsEachCardOnce(t *testing.T) {
	checked := 0
	boardtest.EachState(t, rituals.Rules{}, 3, 8, func(g *rituals.Game) {
		for me := engine.Seat(0); me < 3; me++ {
			v := g.ViewOf(me)
			html := render(g, me)
			shown := handCards(html)
			for _, c := range v.Hand {
				if n := shown[c.Key()]; n != 1 {
					t.Fatalf("seat %d phase %s: %v shown %d times", me, v.Phase, c, n)
				}
			}
			if v.Seats[me].Chosen && v.Seats[me].Sent != 0 {
				checked++
			}
		}
	})
	if checked == 0 {
		t.Fatal("never saw a locked-in choice")
	}
}

var liTag = regexp.MustCompile(`<li [^>]*>`)
var dataCard = regexp.MustCompile(`data-card="([^"]*)"`)

// handCards counts the hand cards drawn, by key.
func handCards(html string) map[string]int {
	out := map[string]int{}
	for _, tag := range liTag.FindAllString(html, -1) {
		if strings.Contains(tag, `class="rit-card"`) {
			if m := dataCard.FindStringSubmatch(tag); m != nil {
				out[m[1]]++
			}
		}
	}
	return out
}

// TestBoardButtonsAreLegalMoves: the board offers as many choices as the host sent legal moves,
// and none when it sent none.
func TestBoardButtonsAreLegalMoves(t *testing.T) {
	kinds := map[string]bool{}
	boardtest.EachState(t, rituals.Rules{}, 3, 3, func(g *rituals.Game) {
		for me := engine.Seat(0); me < 3; me++ {
			legal := g.Legal(me)
			html := render(g, me)
			n := strings.Count(html, `id="rit-move-`) + strings.Count(html, `id="rit-opt-`) +
				strings.Count(html, `id="rit-w-`) + strings.Count(html, `class="rit-face rit-pick"`)
			if len(legal) > 0 && legal[0].Kind == rituals.MovePlace {
				n = strings.Count(html, `id="rit-place-`) // on the place tiles only
			}
			if len(legal) > 0 && legal[0].Kind == rituals.MovePass {
				n = windowChoices(t, g, me) // each card once, its targets on the table (targets_test.go)
			}
			if n != len(legal) {
				t.Fatalf("seat %d phase %s: %d choices for %d legal moves", me, g.Status().Phase, n, len(legal))
			}
			if len(legal) > 0 {
				kinds[legal[0].Kind] = true
			}
			if len(legal) == 0 && strings.Contains(html, `id="rit-lock"`) {
				t.Fatalf("lock-in offered with no legal move")
			}
		}
	})
	for _, k := range []string{rituals.MoveGrab, rituals.MoveSend, rituals.MovePass} {
		if !kinds[k] {
			t.Errorf("never saw a %s decision", k)
		}
	}
}

// TestBreakdownMatchesScore: the breakdown's parts always add up to the engine's score.
func TestBreakdownMatchesScore(t *testing.T) {
	boardtest.EachState(t, rituals.Rules{}, 5, 4, func(g *rituals.Game) {
		v := g.ViewOf(engine.Observer)
		for s := range v.Seats {
			b := BreakdownOf(v, s)
			if 5*b.Right+b.Left-b.Penalty != b.Total {
				t.Fatalf("seat %d: %+v", s, b)
			}
		}
	})
}

// TestGameOverShowsBreakdownAndAgain: the end screen has a row per player and the winner (Play
// again is the frame's: app/ui's TestFrameShowsEveryPiece).
func TestGameOverShowsBreakdownAndAgain(t *testing.T) {
	var last *rituals.Game
	boardtest.EachState(t, rituals.Rules{}, 4, 5, func(g *rituals.Game) { last = g })
	html := render(last, 1)
	for _, w := range []string{`id="rit-result"`, `data-winner="yes"`, i18n.T("rit.col.right")} {
		if !strings.Contains(html, w) {
			t.Errorf("game over lacks %q", w)
		}
	}
	if got := strings.Count(html, `<th scope="row"`); got != 4 {
		t.Errorf("%d score rows, want 4", got)
	}
}

// TestLogLinesWorded: every log entry of whole games reads as a sentence, not a raw kind.
func TestLogLinesWorded(t *testing.T) {
	n := Names{Seats: []string{"Ann", "Bea", "Cy"}, Me: 0}
	seen := map[rituals.EventKind]bool{}
	boardtest.EachState(t, rituals.Rules{}, 3, 6, func(g *rituals.Game) {
		for _, e := range g.ViewOf(engine.Observer).Log {
			line := n.LogLine(e)
			if line == string(e.Kind) || strings.Contains(line, "%!") {
				t.Fatalf("log %+v → %q", e, line)
			}
			seen[e.Kind] = true
		}
	})
	for _, k := range []rituals.EventKind{rituals.EventGrab, rituals.EventReveal, rituals.EventPlace, rituals.EventDiscover} {
		if !seen[k] {
			t.Errorf("never saw a %s entry", k)
		}
	}
}

// TestRulesPageCoversEveryCard: every event type (with its German name) and every rank is on
// the how-to-play page.
func TestRulesPageCoversEveryCard(t *testing.T) {
	html := app.HTMLString(Game.Rules())
	for _, e := range rituals.EventTypes {
		if !strings.Contains(html, e.NameDE) || !strings.Contains(html, `data-event="`+string(e.Key)+`"`) {
			t.Errorf("rules page lacks %s", e.Key)
		}
	}
	for r, de := range rituals.RankNamesDE {
		if !strings.Contains(html, de) || !strings.Contains(html, i18n.T("rit.rank."+string(rune('0'+r)))) {
			t.Errorf("rules page lacks rank %d", r)
		}
	}
}

// TestWaitingCountsLockedSeats: under the table's sealed rounds the engine applies a round's
// choices all at once, so who has locked in comes from the table (Props.Locked, seat numbers
// only): the line counts them as done and names them, and each is marked as having chosen.
func TestWaitingCountsLockedSeats(t *testing.T) {
	done := false
	boardtest.EachState(t, rituals.Rules{}, 4, 3, func(g *rituals.Game) {
		v := g.ViewOf(0)
		if done || !v.Sealed || len(v.Active) != 4 {
			return
		}
		done = true
		// Legal is nil: seat 0 waits for the others.
		p := board.Props{View: v, Legal: nil, Seats: []board.Seat{{Name: "Ann"}, {Name: "Bea"}, {Name: "Cy"}, {Name: "Dee"}},
			OnAct: func(app.Context, engine.Move) {}, Locked: []engine.Seat{1, 2}}
		html := app.HTMLString(Draw(p))
		if want := i18n.T("rit.waiting_n", 2, 4) + " " + strings.SplitN(i18n.T("rit.done_who", "\x00"), "\x00", 2)[0]; !strings.Contains(html, want) {
			t.Errorf("no %q in the board", want)
		}
		if n := strings.Count(html, "✓ "+i18n.T("rit.chosen")); n != 2 {
			t.Errorf("%d seats marked as having chosen, want 2", n)
		}
	})
	if !done {
		t.Fatal("no sealed step with every seat choosing")
	}
}

// TestPlacesNameEachCultistsSender: every position taken at a ritual place names whose cultist
// it is, in later rounds too (the log that once said so restarts each round).
func TestPlacesNameEachCultistsSender(t *testing.T) {
	whoRE := regexp.MustCompile(`class="rit-who">([^<]*)<`)
	names := Names{Seats: []string{"Ann", "Bea", "Cy", "Dee"}, Me: 0}
	checked, later := 0, 0
	boardtest.EachState(t, rituals.Rules{}, 4, 3, func(g *rituals.Game) {
		v := g.ViewOf(0)
		html := render(g, 0)
		for _, p := range v.Places {
			start := strings.Index(html, `data-place="`+p.Key+`"`)
			end := strings.Index(html[start+1:], `data-place="`)
			tile := html[start:]
			if end >= 0 {
				tile = html[start : start+1+end]
			}
			got := whoRE.FindAllStringSubmatch(tile, -1)
			if len(got) != len(p.Cultists) {
				t.Fatalf("%s: %d names for %d cultists", p.Key, len(got), len(p.Cultists))
			}
			inLog := map[rituals.CardID]bool{}
			for _, e := range v.Log {
				if e.Kind == rituals.EventPlace {
					inLog[e.Card] = true
				}
			}
			for i, c := range p.Cultists {
				if want := names.Seat(p.Senders[i]); got[i][1] != want {
					t.Fatalf("%s #%d: shows %q, sent by %q", p.Key, i+1, got[i][1], want)
				}
				checked++
				if !inLog[c] {
					later++
				}
			}
		}
	})
	if checked < 100 || later < 10 {
		t.Fatalf("only %d positions checked, %d of them from an earlier round", checked, later)
	}
}
