package ritualsboard

import (
	"regexp"
	"strconv"
	"strings"
	"testing"

	"github.com/maxence-charriere/go-app/v9/pkg/app"

	"miskatonic/app/ui/board"
	"miskatonic/app/ui/board/boardtest"
	"miskatonic/engine"
	"miskatonic/engine/rituals"
)

var dataAttr = regexp.MustCompile(`data-(place|seat)="([^"]*)"`)

// spans cuts html into the list items of class cls (the place tiles, or the players), keyed by
// their data-place or data-seat: each runs from its opening tag to the next one's, the last to
// the end of its list (end). Attribute order varies, so tags are read, not matched whole.
func spans(html, cls, end string) map[string]string {
	out := map[string]string{}
	type at struct {
		pos int
		key string
	}
	var opens []at
	for _, loc := range liTag.FindAllStringIndex(html, -1) {
		tag := html[loc[0]:loc[1]]
		if !strings.Contains(tag, `class="`+cls+`"`) {
			continue
		}
		if m := dataAttr.FindStringSubmatch(tag); m != nil {
			opens = append(opens, at{loc[0], m[2]})
		}
	}
	for i, o := range opens {
		stop := len(html)
		if i+1 < len(opens) {
			stop = opens[i+1].pos
		} else if j := strings.Index(html[o.pos:], end); j >= 0 {
			stop = o.pos + j
		}
		out[o.key] = html[o.pos:stop]
	}
	return out
}

// windowChoices counts what seat me can do in an event window, pressing as a player would: the
// pass and every card played at once, then, card by card, the choices its press draws on the
// places and players. Each drawn choice must sit on the place or beside the player it names,
// and the window must not list them itself.
func windowChoices(t *testing.T, g *rituals.Game, me engine.Seat) int {
	t.Helper()
	v, legal := g.ViewOf(me), g.Legal(me)
	tb := &Table{V: v, P: board.Props{View: v, Legal: legal, Seats: []board.Seat{{Name: "Ann"}, {Name: "Bea"}, {Name: "Cy"}, {Name: "Dee"}, {Name: "Eve"}}}}
	html := app.HTMLString(tb)
	n := strings.Count(html, `class="btn rit-pass"`) + strings.Count(html, `class="btn rit-play"`)
	if strings.Count(html, `class="btn primary rit-target"`) != 0 {
		t.Fatalf("seat %d: targets drawn before any card was pressed", me)
	}
	cards, plays := cardPlays(legal)
	for _, c := range cards {
		ms := plays[c]
		kind := targetKind(ms[0])
		if kind == "" {
			continue
		}
		// A new table each time: go-app draws a component once (a mounted one is not drawn again).
		tb := &Table{V: v, P: tb.P}
		tb.evSel, tb.selFor = c, tb.stepKey() // pressed in this step
		html := app.HTMLString(tb)
		win := html[strings.Index(html, `id="rit-window"`):]
		win = win[:strings.Index(win, "</section>")]
		if strings.Contains(win, `rit-target"`) {
			t.Fatalf("seat %d: the window lists its own targets", me)
		}
		if !strings.Contains(html, `data-decide="`+kind+`-target"`) || !strings.Contains(win, `id="rit-where"`) {
			t.Fatalf("seat %d: card %d pressed, the table does not say where its %s choices are", me, c, kind)
		}
		drawn := 0
		parts, key := spans(html, "rit-place", "</ul>"), func(m engine.Move) string { return m.Option }
		if kind == "seat" {
			parts, key = spans(html, "rit-seat", "</ol>"), func(m engine.Move) string { return strconv.Itoa(int(m.To)) }
		}
		for k, part := range parts {
			want := 0
			for _, m := range ms {
				if key(m) == k {
					want++
				}
			}
			if got := strings.Count(part, `rit-target"`); got != want {
				t.Fatalf("seat %d card %d: %s %s shows %d choices for its %d plays", me, c, kind, k, got, want)
			}
			drawn += want
		}
		if got := strings.Count(html, `rit-target"`); got != len(ms) {
			t.Fatalf("seat %d card %d: %d choices drawn for %d plays", me, c, got, len(ms))
		}
		if drawn != len(ms) {
			t.Fatalf("seat %d card %d: %d choices drawn for %d plays", me, c, drawn, len(ms))
		}
		n += drawn
	}
	return n
}

// TestWindowChoicesOnTheirTargets: in every event window of whole games, every play the host
// allows is one press of its card and one of a choice drawn on the place or beside the player it
// acts on (windowChoices); a card with targets of both kinds is never seen.
func TestWindowChoicesOnTheirTargets(t *testing.T) {
	seen := map[string]int{}
	for seed := uint64(20); seed < 23; seed++ {
		boardtest.EachState(t, rituals.Rules{}, 4, seed, func(g *rituals.Game) {
			for me := engine.Seat(0); me < 4; me++ {
				legal := g.Legal(me)
				if len(legal) == 0 || legal[0].Kind != rituals.MovePass {
					continue
				}
				_, plays := cardPlays(legal)
				for _, ms := range plays {
					seen[targetKind(ms[0])]++
					for _, m := range ms {
						if targetKind(m) != targetKind(ms[0]) {
							t.Fatalf("card %d has %s and %s targets", m.Card, targetKind(m), targetKind(ms[0]))
						}
					}
				}
				if got := windowChoices(t, g, me); got != len(legal) {
					t.Fatalf("seat %d: %d choices for %d legal moves", me, got, len(legal))
				}
			}
		})
	}
	if seen["place"] == 0 || seen["seat"] == 0 {
		t.Fatalf("windows seen by target: %v — the case tests nothing", seen)
	}
	t.Logf("cards pressed by target kind: %v", seen)
}

// TestUnchangedTableIsNotRedrawn: the screen draws the board again whenever anything around it
// changes, each time with a new move callback; go-app must find the board unchanged then, and
// changed when the view is. The moves still reach the callback, which rides beside the props.
func TestUnchangedTableIsNotRedrawn(t *testing.T) {
	played := 0
	p := board.Props{View: &rituals.View{Round: 1}, Seats: []board.Seat{{Name: "Ann"}, {Name: "Bea"}}, Seq: 4, Table: "t1",
		OnAct: func(app.Context, engine.Move) { played++ }}
	boardtest.RedrawnOnlyWhenChanged(t, Draw, p)
	Draw(p).(*Table).act(engine.Move{Kind: "pass"})(nil, app.Event{})
	if played != 1 {
		t.Fatalf("a move reached the callback %d times, want 1", played)
	}
}
