package ui

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

func TestReadingPagesRender(t *testing.T) {
	cases := []struct {
		name     string
		page     app.UI
		prefix   string // every catalog key with this prefix must be shown
		sections []docSection
		want     []string
	}{
		{
			name: "how to play", page: &RulesArkham{}, prefix: "rules.", sections: rulesSections(),
			want: []string{
				`id="goal"`, `id="setup"`, `id="turn"`, `id="round-end"`, `id="survive"`, `id="sanity"`,
				`id="cards"`, `id="doom"`, `id="variant"`, `id="talk"`, `id="app-rulings"`,
				`href="#survive"`, `href="/fair"`, `href="/"`, `id="rules-home"`,
			},
		},
		{
			name: "fair play", page: &Fair{}, prefix: "fair.", sections: fairSections(),
			want: []string{
				`id="trust"`, `id="trust-relay"`, `id="trust-guest"`, `id="trust-host"`, `id="dealing"`,
				`id="checking"`, `id="failure"`, `id="limits"`, `id="links"`,
				`href="/rules/arkham"`, `href="#failure"`, `id="fair-home"`,
				// The verdicts quoted are the table's own words.
				i18n.T("ark.verified"), i18n.T("ark.verify_failed", i18n.T("fair.fail.example")),
			},
		},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			out := app.HTMLString(c.page)
			if i := strings.Index(out, "⟨"); i >= 0 {
				t.Errorf("a catalog key is missing: %s", out[i:min(len(out), i+60)])
			}
			for _, w := range c.want {
				if !contains(out, w) {
					t.Errorf("missing %q", w)
				}
			}
			// Every section has its heading and a contents entry pointing at it.
			for _, s := range c.sections {
				if !contains(out, `<h2>`+i18n.T(s.titleKey)+`</h2>`) {
					t.Errorf("section %s: heading %q not shown", s.id, i18n.T(s.titleKey))
				}
				if !strings.Contains(out, `href="#`+s.id+`"`) {
					t.Errorf("section %s: not in the contents", s.id)
				}
			}
			// No dead text: every message written for this page is on it.
			n := 0
			for _, k := range i18n.Keys() {
				if !strings.HasPrefix(k, c.prefix) {
					continue
				}
				n++
				if !contains(out, i18n.T(k)) {
					t.Errorf("%s is never shown: %q", k, i18n.T(k))
				}
			}
			if n < 20 {
				t.Errorf("only %d %s* messages: the catalog was not merged", n, c.prefix)
			}
		})
	}
}

// Every card of the game is described beside its art, and cursed cards wear the curse mark.
func TestRulesShowEveryCard(t *testing.T) {
	out := app.HTMLString(&RulesArkham{})
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

func TestHomeLinksToReadingPages(t *testing.T) {
	out := app.HTMLString(&Home{})
	for _, w := range []string{`id="home-rules"`, `id="home-fair"`, `href="` + HrefRulesArkham + `"`, `href="` + HrefFair + `"`,
		i18n.T("pages.how_to_play"), i18n.T("pages.fair_play")} {
		if !contains(out, w) {
			t.Errorf("home lacks %q", w)
		}
	}
}
