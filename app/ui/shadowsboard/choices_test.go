package shadowsboard

import (
	"html"
	"strings"
	"testing"

	"miskatonic/app/i18n"
	"miskatonic/app/ui/board/boardtest"
	"miskatonic/engine"
	"miskatonic/engine/shadows"
)

// TestShortLabel: a button drops only the plain one action every choice costs (the panel says
// so once); any other price stays.
func TestShortLabel(t *testing.T) {
	defer i18n.SetLang(i18n.English)
	for _, l := range []i18n.Lang{i18n.English, i18n.French, i18n.Japanese} {
		i18n.SetLang(l)
		act, sep := i18n.T("sh.cost.action"), i18n.T("app.list_sep")
		with := func(what, cost string) string { return i18n.T("sh.move.with_cost", what, cost) }
		for _, c := range []struct{ in, want string }{
			{with("Research", act), "Research"},
			{with("Clear 1", act+sep+i18n.T("sh.cost.muscle", 1)), with("Clear 1", i18n.T("sh.cost.muscle", 1))},
			{with("Drive", i18n.T("sh.cost.free")), with("Drive", i18n.T("sh.cost.free"))},
			{"End the turn", "End the turn"},
		} {
			if got := shortLabel(c.in); got != c.want {
				t.Errorf("%s: shortLabel(%q) = %q, want %q", l, c.in, got, c.want)
			}
		}
	}
}

// TestChoicesFoldAndName: over whole games, all that can be given to another character (a
// resource, an asset, the Ring; the Private Detective's shares apart) lies in a fold under its
// name, one fold per character, so a turn with every
// character at one place is a few names, not dozens of buttons; and every button whose face is
// shortened (an amount, a place, a label without its plain action) carries the move's whole
// label as its accessible name (a give-to fold shows only the name: its group says Share).
func TestChoicesFoldAndName(t *testing.T) {
	folds := 0
	boardtest.EachState(t, shadows.Rules{}, 4, 11, func(g *shadows.Game) {
		v := g.ViewOf(0)
		mover := v.ToMove
		if mover < 0 {
			return
		}
		legal := g.Legal(mover)
		out := render(g, mover)
		targets := map[[2]int]bool{}
		for _, m := range legal {
			if m.Kind == shadows.MoveShare || m.Kind == shadows.MovePassRing || m.Kind == shadows.MoveRetainer {
				k := 0
				if m.Kind == shadows.MoveRetainer {
					k = 1
				}
				targets[[2]int{k, int(m.To)}] = true
			}
		}
		if n := strings.Count(out, `class="sh-fold"`); n != len(targets)+stepTargets(legal) {
			t.Fatalf("%d folds for %d share targets: %s", n, len(targets), out)
		}
		folds += len(targets)
		n := Names{Players: []string{"Ann", "Ann 2", "Bea", "Cy"}}
		for _, c := range v.Characters {
			n.Chars = append(n.Chars, c.Character)
		}
		for _, m := range legal {
			label := n.MoveLabel(m, g.ViewOf(mover))
			if !strings.Contains(out, `aria-label="`+label+`"`) && !strings.Contains(out, ">"+html.EscapeString(label)+"<") {
				t.Fatalf("no button named %q", label)
			}
		}
		// A give-to fold shows the name alone under Share; "Give to" stays its accessible name.
		for tg := range targets {
			if tg[0] != 0 {
				continue
			}
			name := n.Char(engine.Seat(tg[1]))
			if give := i18n.T("sh.choose.share", name); !strings.Contains(out, `aria-label="`+give+`"`) || !strings.Contains(out, ">"+html.EscapeString(name)+"<") {
				t.Fatalf("no fold showing %q named %q: %s", name, give, out)
			}
		}
	})
	if folds == 0 {
		t.Fatal("no share offered in the games played: the test plays too little")
	}
}

// stepTargets is how many characters the Shadow Step could send (a fold each).
func stepTargets(legal []engine.Move) int {
	to := map[engine.Seat]bool{}
	for _, m := range legal {
		if m.Kind == shadows.MoveAbility && m.Option != "" {
			to[m.To] = true
		}
	}
	return len(to)
}
