package arkhamboard

import (
	"html"
	"strings"
	"testing"

	"github.com/maxence-charriere/go-app/v9/pkg/app"

	"miskatonic/app/i18n"
)

// contains reports whether the rendered page shows text, as written or HTML-escaped.
func contains(out, text string) bool {
	return strings.Contains(out, text) || strings.Contains(out, html.EscapeString(text))
}

func TestRulesPageRenders(t *testing.T) {
	out := app.HTMLString(Game.Rules())
	if i := strings.Index(out, "⟨"); i >= 0 {
		t.Errorf("a catalog key is missing: %s", out[i:min(len(out), i+60)])
	}
	for _, w := range []string{
		`id="goal"`, `id="setup"`, `id="turn"`, `id="round-end"`, `id="survive"`, `id="sanity"`,
		`id="cards"`, `id="doom"`, `id="variant"`, `id="talk"`, `id="app-rulings"`,
		`href="#survive"`, `href="/fair"`, `href="/"`, `id="rules-home"`,
	} {
		if !contains(out, w) {
			t.Errorf("missing %q", w)
		}
	}
	// Every section has its heading and a contents entry pointing at it.
	for _, s := range rulesSections() {
		if !contains(out, `<h2>`+i18n.T(s.TitleKey)+`</h2>`) {
			t.Errorf("section %s: heading %q not shown", s.ID, i18n.T(s.TitleKey))
		}
		if !strings.Contains(out, `href="#`+s.ID+`"`) {
			t.Errorf("section %s: not in the contents", s.ID)
		}
	}
	// No dead text: every message written for this page is on it.
	n := 0
	for _, k := range i18n.Keys() {
		if !strings.HasPrefix(k, "rules.") {
			continue
		}
		n++
		if !contains(out, i18n.T(k)) {
			t.Errorf("%s is never shown: %q", k, i18n.T(k))
		}
	}
	if n < 20 {
		t.Errorf("only %d rules.* messages: the catalog was not merged", n)
	}
}

// Every card of the game is described beside its art, and cursed cards wear the curse mark.
func TestRulesShowEveryCard(t *testing.T) {
	out := app.HTMLString(Game.Rules())
	cards := []string{"candelabra", "dagger", "chalice", "grimoire", "idol", "elder-sign", "gate-a", "gate-b",
		"orb", "trapezohedron", "investigator", "student", "cultist", "professor",
		"cthulhu", "nyarlathotep", "yogsothoth", "hastur", "mystery"}
	for _, c := range cards {
		if !strings.Contains(out, `src="/web/cards/`+c+`.svg"`) {
			t.Errorf("no art for %s", c)
		}
		if !contains(out, i18n.T("card."+c)) {
			t.Errorf("%s is not named", c)
		}
	}
	// The five Great Old One entries and the one cursed artifact in the gallery.
	if got := strings.Count(out, `src="/web/cards/cursed.svg"`); got != 6 {
		t.Errorf("curse marks = %d, want 6", got)
	}
}
