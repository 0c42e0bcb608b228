package shadowsboard

import (
	"regexp"
	"strings"
	"testing"

	"github.com/maxence-charriere/go-app/v9/pkg/app"

	"miskatonic/app/i18n"
	"miskatonic/app/ui/board"
	"miskatonic/app/ui/board/boardtest"
	"miskatonic/engine"
	"miskatonic/engine/shadows"
	_ "miskatonic/engine/shadows/shadowsbot"
)

var roster = []board.Seat{{Name: "Ann"}, {Name: "Ann 2"}, {Name: "Bea"}, {Name: "Cy"}}

func render(g *shadows.Game, me engine.Seat) string {
	p := board.Props{View: g.ViewOf(me), Legal: g.Legal(me), Seats: roster[:g.ViewOf(me).Seats],
		OnAct: func(app.Context, engine.Move) {}}
	return app.HTMLString(Draw(p))
}

// A catalog miss shows the key itself ("sh.log.x"); a bad verb shows "%!".
var leak = regexp.MustCompile(`%!|\b(sh|shadows|opt)\.[a-z_]+\.?[a-z_]*\b`)

// TestBoardEveryState renders every state of whole bot games in every language: one button per
// legal move the host sent and no other, every label and log line worded (no raw catalog key,
// no broken verb), and the actions-left counter showing the view's number.
func TestBoardEveryState(t *testing.T) {
	defer i18n.SetLang(i18n.English)
	kinds := map[string]bool{}
	for _, l := range []i18n.Lang{i18n.English, i18n.Japanese, i18n.French} {
		i18n.SetLang(l)
		for _, seats := range []int{2, 4} {
			boardtest.EachState(t, shadows.Rules{}, seats, uint64(seats)*7+1, func(g *shadows.Game) {
				v := g.ViewOf(0)
				mover := v.ToMove
				if mover < 0 {
					mover = 0
				}
				legal := g.Legal(mover)
				html := render(g, mover)
				if n := strings.Count(html, `id="sh-move-`); n != len(legal) {
					t.Fatalf("%s phase %s: %d buttons for %d legal moves", l, v.Phase, n, len(legal))
				}
				for _, m := range legal {
					kinds[m.Kind] = true
				}
				if bad := leak.FindString(html); bad != "" {
					t.Fatalf("%s phase %s: unworded %q in %s", l, v.Phase, bad, html)
				}
				if v.Phase == shadows.PhaseAction && !strings.Contains(html, `id="sh-actions-left"`) {
					t.Fatalf("no actions-left counter in the action phase")
				}
			})
		}
	}
	for _, k := range []string{shadows.MoveCharacter, shadows.MoveRing, shadows.MoveMove, shadows.MoveEnd} {
		if !kinds[k] {
			t.Errorf("no %s move seen: the test plays too little", k)
		}
	}
}

// TestMoveLabelsNameCosts: every action that spends an action or resources says so on its button.
func TestMoveLabelsNameCosts(t *testing.T) {
	n := Names{Players: []string{"Ann", "Bea"}, Chars: []string{"hale", "calloway"}}
	v := &shadows.View{ActionsLeft: 2, Threat: &shadows.ThreatView{Cost: 4}, Characters: []shadows.CharView{{Ability: "glimpse"}, {}}}
	cases := []struct {
		m    engine.Move
		want []string
	}{
		{engine.Move{Kind: shadows.MoveMove, Option: "bank"}, []string{"First Bank of Arkham", "1 action"}},
		{engine.Move{Kind: shadows.MoveHire, N: 2}, []string{"Hire 2 muscle", "1 action", "2 bills"}},
		{engine.Move{Kind: shadows.MoveClear, N: 3}, []string{"3 corruption", "3 muscle"}},
		{engine.Move{Kind: shadows.MoveHeal}, []string{"Heal", "1 action", "knowledge"}},
		{engine.Move{Kind: shadows.MoveBanish}, []string{"Banish", "4 knowledge"}},
		{engine.Move{Kind: shadows.MoveAcquire, Card: 2}, []string{"Annotated Grimoire", "3 bills"}},
		{engine.Move{Kind: shadows.MoveShare, To: 1, Option: "knowledge", N: 2}, []string{"Give 2 knowledge to Det. Ruth Calloway", "1 action"}},
		{engine.Move{Kind: shadows.MoveDrive, Option: "club"}, []string{"no action"}},
		{engine.Move{Kind: shadows.MoveEnd}, []string{"2 actions unused"}},
		{engine.Move{Kind: shadows.MoveAbility}, []string{"no action", "shadow"}},
	}
	for _, c := range cases {
		got := n.MoveLabel(c.m, v)
		for _, w := range c.want {
			if !strings.Contains(got, w) {
				t.Errorf("%s: label %q lacks %q", c.m.Kind, got, w)
			}
		}
	}
}

// TestOutcomeReasonsWorded: the engine's reasons are messages in every language.
func TestOutcomeReasonsWorded(t *testing.T) {
	defer i18n.SetLang(i18n.English)
	for _, l := range []i18n.Lang{i18n.English, i18n.Japanese, i18n.French} {
		i18n.SetLang(l)
		for _, r := range []string{shadows.ReasonWin, shadows.ReasonMadness, shadows.ReasonCorruption, shadows.ReasonThreat} {
			if got := i18n.T(r); got == r || got == "" {
				t.Errorf("%s: %s has no message", l, r)
			}
		}
	}
}

// TestPagesRender: the rules and "ours" pages draw every section without a raw key.
func TestPagesRender(t *testing.T) {
	for _, c := range []app.UI{Game.Rules().Render(), (&Ours{}).Render()} {
		html := app.HTMLString(c)
		if bad := leak.FindString(html); bad != "" {
			t.Errorf("unworded %q", bad)
		}
	}
}

// TestButtonsShowRulesPrices: over whole games, every move button's label carries the price the
// engine's CostOf gives for it (shadows and advantages included), never a base number the rules
// have changed.
func TestButtonsShowRulesPrices(t *testing.T) {
	n := Names{Players: []string{"Ann", "Bea", "Cy"}}
	checked := 0
	for _, seed := range []uint64{4, 5} {
		boardtest.EachState(t, shadows.Rules{}, 3, seed, func(g *shadows.Game) {
			for me := engine.Seat(0); me < 3; me++ {
				v := g.ViewOf(me)
				for _, m := range g.Legal(me) {
					if m.Kind == shadows.MoveRetainer || m.Kind == shadows.MoveCharacter || m.Kind == shadows.MoveRing || m.Kind == shadows.MoveEnd || m.Kind == shadows.MoveLeave {
						continue
					}
					label := n.MoveLabel(m, v)
					if want := PriceText(m.Kind, g.CostOf(m)); !strings.Contains(label, want) {
						t.Fatalf("%v: label %q lacks the price %q", m, label, want)
					}
					checked++
				}
			}
		})
	}
	if checked < 200 {
		t.Fatalf("only %d labels checked", checked)
	}
}
