package ui

import (
	"html"
	"strings"
	"testing"

	"github.com/maxence-charriere/go-app/v9/pkg/app"

	"miskatonic/app/i18n"
	"miskatonic/app/ui/board"
	"miskatonic/app/ui/doc"
)

// testGame is the one game this package's tests register: the shared screens must work from
// the registry alone, naming no game of their own.
const testGame = "testgame"

func init() {
	board.Register(board.Game{
		Name:  testGame,
		Board: func(p board.Props) app.UI { return app.P().ID("test-board").Text("board") },
		Rules: func() app.Composer { return &NotFound{} },
	})
	board.Register(board.Game{Name: "soon", Order: 5})
	board.Register(board.Game{Name: "devgame", Dev: true, Order: 6, Board: func(board.Props) app.UI { return nil }})
}

// contains reports whether the rendered page shows text, as written or HTML-escaped.
func contains(out, text string) bool {
	return strings.Contains(out, text) || strings.Contains(out, html.EscapeString(text))
}

func TestReadingPagesRender(t *testing.T) {
	cases := []struct {
		name     string
		page     app.UI
		prefix   string // every catalog key with this prefix must be shown
		sections []doc.Section
		want     []string
	}{
		{
			name: "fair play", page: Fair(), prefix: "fair.", sections: fairSections(),
			want: []string{
				`id="trust"`, `id="trust-relay"`, `id="trust-guest"`, `id="trust-host"`, `id="dealing"`,
				`id="checking"`, `id="failure"`, `id="limits"`, `id="links"`,
				`href="/rules/` + testGame + `"`, `href="#failure"`, `id="fair-home"`,
				// The verdicts quoted are the table's own words.
				i18n.T("deal.verified"), i18n.T("deal.verify_failed", i18n.T("fair.fail.example")),
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

func TestHomeLinksToReadingPages(t *testing.T) {
	out := app.HTMLString(&Home{})
	for _, w := range []string{`id="home-rules"`, `id="home-fair"`, `href="/rules/` + testGame + `"`, `href="` + board.HrefFair + `"`,
		i18n.T("pages.how_to_play"), i18n.T("pages.fair_play")} {
		if !contains(out, w) {
			t.Errorf("home lacks %q", w)
		}
	}
}

// Home lists the registry: playable games with their ways in, announced ones as coming soon,
// test games only with ?dev=1.
func TestHomeListsTheRegistry(t *testing.T) {
	out := app.HTMLString(&Home{})
	for _, w := range []string{`id="game-testgame"`, `id="home-new"`, `href="/new?game=testgame"`, `href="/solo?game=testgame"`,
		`id="home-rules-testgame"`, `id="game-soon"`, i18n.T("game.coming_soon")} {
		if !contains(out, w) {
			t.Errorf("home lacks %q", w)
		}
	}
	if contains(out, "devgame") {
		t.Error("a dev game is listed without ?dev=1")
	}
	out = app.HTMLString(&Home{dev: true})
	for _, w := range []string{`id="game-devgame"`, `id="home-new-devgame"`, `href="/solo?game=devgame"`} {
		if !contains(out, w) {
			t.Errorf("home with dev lacks %q", w)
		}
	}
}
