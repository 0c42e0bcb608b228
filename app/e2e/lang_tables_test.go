//go:build browser

package e2e

import (
	"encoding/json"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/chromedp/chromedp"

	"miskatonic/app/i18n"
	"miskatonic/engine/shadows"
)

// TestTablesInJapaneseAndFrench: a phone whose browser prefers Japanese (then French) gets the
// loading word, <html lang> and manifest of its language before the app runs, and a solo table
// with its cards in that language: Ring of Shadows (no English card name or text on the Japanese
// table), and with LANG_E2E_ALL=1 Arkham Ritual and Rituals of Madness too. Screenshots of each
// table, to be looked at.
func TestTablesInJapaneseAndFrench(t *testing.T) {
	srv := StartApp(t)
	for _, l := range []i18n.Lang{i18n.Japanese, i18n.French} {
		b := NewBrowser(t, string(l), Phone)
		region := map[i18n.Lang]string{i18n.Japanese: "ja-JP", i18n.French: "fr-FR"}[l]
		preferLanguages(t, b, region+","+string(l)+";q=0.9,en;q=0.5")
		b.Open(srv.URL + "/")
		b.WaitApp()

		// What /lang.js set before the app loaded.
		got, err := Eval[string](b, `JSON.stringify([document.documentElement.lang,
			document.querySelector('link[rel=manifest]').getAttribute('href'),
			(() => { const p = document.createElement('p'); p.id = 'app-wasm-loader-label'; document.body.append(p);
			  const c = getComputedStyle(p, '::before').content; p.remove(); return c; })()])`)
		if err != nil {
			t.Fatal(err)
		}
		var page []string
		if err := json.Unmarshal([]byte(got), &page); err != nil {
			t.Fatal(err)
		}
		want := []string{string(l), "/manifest." + string(l) + ".webmanifest", `"` + i18n.In(l, "app.loading") + ` "`}
		for i := range want {
			if page[i] != want[i] {
				t.Errorf("%s: page %d = %q, want %q", l, i, page[i], want[i])
			}
		}
		name, err := Eval[string](b, `fetch(document.querySelector('link[rel=manifest]').href).then(r => r.json()).then(m => m.name)`)
		if err != nil || name != i18n.In(l, "manifest.name") {
			t.Errorf("%s: installed name %q (%v), want %q", l, name, err, i18n.In(l, "manifest.name"))
		}

		games := []struct{ game, table string }{{"shadows", "#sh"}}
		if os.Getenv("LANG_E2E_ALL") != "" {
			// Every game's table: about 8 minutes on a loaded box, so only on request.
			games = append(games, struct{ game, table string }{"arkham", ".ark"}, struct{ game, table string }{"rituals", "#rit"})
		}
		for _, g := range games {
			// A browser per game: a solo game in progress would be offered to resume.
			b := NewBrowser(t, string(l)+"-"+g.game, Phone)
			preferLanguages(t, b, region+","+string(l)+";q=0.9,en;q=0.5")
			b.Open(srv.URL + "/solo?game=" + g.game + "&pace=fast")
			b.WaitApp()
			b.WaitVisible("#solo-setup")
			typeInto(b, "#player-name", "Ann")
			b.Click("#solo-start")
			b.WaitVisible(g.table)
			if g.game == "shadows" {
				// Past choosing characters, to a threat on the table.
				for deadline := time.Now().Add(time.Minute); time.Now().Before(deadline); {
					phase, _ := Eval[string](b, `(document.querySelector('#sh')||{dataset:{}}).dataset.phase || ''`)
					if phase == "action" {
						break
					}
					shStep(b)
					time.Sleep(100 * time.Millisecond)
				}
				text, _ := Eval[string](b, `document.body.innerText`)
				if l == i18n.Japanese {
					for _, w := range shadowsEnglish() {
						if strings.Contains(text, w) {
							t.Errorf("ja: English card words %q on the table", w)
						}
					}
				}
				shNoRawText(t, b)
			}
			time.Sleep(500 * time.Millisecond)
			b.Screenshot(g.game)
			_, _ = Eval[bool](b, `(window.scrollTo(0, document.body.scrollHeight / 2), true)`)
			b.Screenshot(g.game + "-lower")
			if bad, _ := Eval[string](b, overflowJS); bad != "" {
				t.Errorf("%s %s: %s", l, g.game, bad)
			}
		}
		// A Rituals of Madness game's end, read back from its record: the score table's five
		// columns fit the phone (the French headings are the longest; they stuck out of the panel).
		b.Open(srv.URL + "/replay")
		b.WaitApp()
		b.WaitVisible("#replay-file")
		b.Do(chromedp.SetUploadFiles(chromedp.CSS("#replay-file"),
			[]string{filepath.Join(RepoRoot(t), "engine", "replay", "testdata", "rituals.json")}))
		b.Click("#replay-end")
		b.WaitVisible("#rit-result")
		b.Do(chromedp.ScrollIntoView(chromedp.CSS("#rit-result")))
		b.Screenshot("rituals-result")
		if bad, _ := Eval[string](b, overflowJS); bad != "" {
			t.Errorf("%s rituals result: %s", l, bad)
		}
	}
}

// shadowsEnglish is every Ring of Shadows card name and text in English (proper names aside).
func shadowsEnglish() []string {
	c := shadows.Cards()
	var out []string
	for _, ch := range c.Characters {
		out = append(out, ch.Title, ch.Advantage.Text)
	}
	for _, a := range c.Assets {
		out = append(out, a.Name, a.Text)
	}
	for _, th := range c.Threats {
		out = append(out, th.Arkham.Name, th.Arkham.Text, th.Shadow.Name, th.Shadow.Text)
	}
	for _, e := range c.Elders {
		out = append(out, e.Rule, e.Awakening.Text, e.Final.Text)
	}
	return out
}
