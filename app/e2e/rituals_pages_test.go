//go:build browser

package e2e

import (
	"testing"

	"github.com/chromedp/chromedp"
)

// TestRitualsRulesPage: the how-to-play page opens from the game's card on the home page and
// from the table's own link, with every section, at phone and laptop size.
func TestRitualsRulesPage(t *testing.T) {
	srv := StartApp(t)
	sections := []string{"rit.rules.goal.title", "rit.rules.setup.title", "rit.rules.round.title", "rit.rules.visit.title",
		"rit.rules.pos.title", "rit.rules.cards.title", "rit.rules.events.title", "rit.rules.end.title", "rit.rules.app.title"}
	for _, c := range []struct {
		name string
		vp   Viewport
	}{{"phone", Phone}, {"laptop", Laptop}} {
		t.Run(c.name, func(t *testing.T) {
			b := NewBrowser(t, "rit-rules-"+c.name, c.vp)
			b.Open(srv.URL + "/")
			b.WaitApp()
			b.WaitVisible("#home")
			b.Click("#home-rules-rituals")
			checkDocPage(t, b, "rit-rules", "rit.rules.title", sections)
			if n, _ := Eval[int](b, `document.querySelectorAll(".rit-events li").length`); n != 8 {
				t.Errorf("%d event types listed, want 8", n)
			}
			b.Screenshot("rules-top")
			b.Click(`.mk-doc-toc a[href="#events"]`)
			b.Do(chromedp.Poll[chromedp.Void](`Math.abs(document.getElementById("events").getBoundingClientRect().top) < 40`))
			b.Screenshot("rules-events")
		})
	}
}
