//go:build browser

package e2e

import (
	"os"
	"strings"
	"testing"

	"github.com/chromedp/chromedp"

	mkapp "miskatonic/app"
	"miskatonic/app/relay"
)

// TestThemeGallery photographs every page at phone and laptop size, for a person to review the
// one visual theme (issue 18): home, solo and host forms, the invite page and its problems, the
// lobby, the three tables, the rules, Fair play, replay, code join and not-found. Opt-in: set
// MISKATONIC_GALLERY to the web directory to serve (a copy of web/ lets a run show the sheets
// from before a change); SCREENSHOTS chooses where the pictures go.
func TestThemeGallery(t *testing.T) {
	web := os.Getenv("MISKATONIC_GALLERY")
	if web == "" {
		t.Skip("MISKATONIC_GALLERY names the web directory to photograph")
	}
	mkapp.RegisterRoutes()
	h, err := mkapp.NewServer(mkapp.Config{WebDir: web}, relay.New(relay.Config{}))
	if err != nil {
		t.Fatal(err)
	}
	srv := start(t, h)
	nobody := srv.URL + "/#/join/AAAAAAAAAAAA.AAAAAAAAAAAAAAAAAAAAAA.AAAAAAAAAAAAAAAA"
	// MISKATONIC_GALLERY_LANG=ja or fr photographs the pages in that language (longer French
	// words, Japanese line breaking).
	lang := os.Getenv("MISKATONIC_GALLERY_LANG")
	for _, c := range []struct {
		name string
		vp   Viewport
	}{{"phone", Phone}, {"laptop", Laptop}} {
		t.Run(c.name+lang, func(t *testing.T) {
			b := NewBrowser(t, c.name+lang, c.vp)
			setLang := func() {
				if lang == "" {
					return
				}
				if _, err := Eval[bool](b, `(localStorage.setItem("miskatonic.lang", `+jsString(lang)+`), true)`); err != nil {
					t.Fatal(err)
				}
			}
			// Pages are reached the way a person follows a link (go-app routes the click, no
			// reload), so the wasm starts once per browser, not once per picture.
			nav := func(path string) {
				js := `(() => { const a = document.createElement("a"); a.href = ` + jsString(path) + `; document.body.appendChild(a); a.click(); a.remove(); return true })()`
				if _, err := Eval[bool](b, js); err != nil {
					t.Fatal(err)
				}
			}
			page := func(path, wait, shot string) {
				nav(path)
				b.WaitVisible(wait)
				b.Do(chromedp.Evaluate[chromedp.Void](`window.scrollTo(0, 0)`))
				b.Screenshot(shot)
				audit(t, b, shot)
			}
			b.Open(srv.URL + "/")
			b.WaitApp()
			if lang != "" {
				setLang()
				b.Reload()
				b.WaitApp()
			}
			b.WaitVisible("#home")
			b.Screenshot("home")
			audit(t, b, "home")
			page("/solo?game=arkham", "#solo-start", "solo-form")
			page("/new?game=arkham", "#new-table", "host-form")
			page("/rules/arkham", "#rules", "rules-arkham")
			page("/rules/rituals", "main.mk-doc", "rules-rituals")
			page("/rules/shadows", "main.mk-doc", "rules-shadows")
			page("/fair", "#fair", "fair")
			page("/replay", "#replay", "replay")
			page("/code", "main", "code-join")
			page("/no-such-page", "main", "not-found")

			// The lobby of a hosted table.
			page("/new?game=arkham", "#new-table", "host-form-again")
			typeInto(b, "#player-name", "Ann")
			b.Click("#open-table")
			b.WaitVisible("#invite-link")
			b.Screenshot("lobby")
			audit(t, b, "lobby")

			// The three tables, each a solo quick game started afresh.
			for _, g := range []struct{ game, css string }{{"arkham", ".ark"}, {"rituals", ".rit"}, {"shadows", ".sh"}} {
				// A fresh page without the last solo table, in memory or saved, so quick=1 starts one.
				if _, err := Eval[bool](b, `(localStorage.clear(), true)`); err != nil {
					t.Fatal(err)
				}
				setLang()
				b.Open(srv.URL + "/solo?game=" + g.game + "&quick=1")
				b.WaitApp()
				b.WaitVisible(g.css)
				b.Screenshot("table-" + g.game)
				b.Do(chromedp.Evaluate[chromedp.Void](`window.scrollTo(0, document.body.scrollHeight)`))
				b.Screenshot("table-" + g.game + "-end")
				audit(t, b, "table-"+g.game)
			}

			// The invite page and its problems (a link opens a fresh page).
			b.Open(srv.URL + "/#/join/not-a-room")
			b.WaitApp()
			b.WaitVisible("#join")
			b.Screenshot("invite-bad-link")
			b.Open(nobody)
			b.WaitApp()
			b.WaitVisible("#join")
			b.Screenshot("invite-looking")
			b.WaitVisible("#no-host")
			b.Screenshot("invite-no-host")
			typeInto(b, "#player-name", "Bea")
			b.ClickJoin()
			b.WaitVisible("#join #problem")
			b.Do(chromedp.Poll[chromedp.Void](`!document.querySelector("#join-busy")`))
			b.Screenshot("invite-no-host-joined")
			audit(t, b, "invite-no-host-joined")
		})
	}
}

// audit runs axe-core's WCAG 2 A and AA rules (the checks behind Lighthouse's accessibility
// score) on the page when MISKATONIC_AXE names axe.min.js, and fails on any colour contrast
// below AA; other findings are logged for the reviewer.
func audit(t *testing.T, b *Browser, page string) {
	t.Helper()
	src := os.Getenv("MISKATONIC_AXE")
	if src == "" {
		return
	}
	if ok, _ := Eval[bool](b, `typeof window.axe === "object"`); !ok {
		js, err := os.ReadFile(src)
		if err != nil {
			t.Fatal(err)
		}
		if _, err := Eval[bool](b, string(js)+";true"); err != nil {
			t.Fatalf("axe: %v", err)
		}
	}
	found, err := Eval[[]string](b, `axe.run(document, {runOnly: {type: "tag", values: ["wcag2a", "wcag2aa"]}, resultTypes: ["violations"]}).then(r =>
		r.violations.map(v => v.id + " (" + v.impact + ", " + v.nodes.length + "): " +
			v.nodes.slice(0, 3).map(n => n.target.join(" ") + " — " + (n.any[0] && n.any[0].message || "")).join(" | ")))`)
	if err != nil {
		t.Fatalf("axe on %s: %v", page, err)
	}
	for _, f := range found {
		if strings.HasPrefix(f, "color-contrast") {
			t.Errorf("AXE %s: %s", page, f)
		} else {
			t.Logf("AXE %s: %s", page, f)
		}
	}
	if len(found) == 0 {
		t.Logf("AXE %s: no WCAG 2 A/AA violations", page)
	}
}
