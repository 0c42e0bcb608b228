//go:build browser

package e2e

import (
	"strings"
	"testing"

	"github.com/chromedp/chromedp"

	"miskatonic/app/i18n"
)

// The reading pages as a player meets them: from the home screen's links, at phone and laptop
// sizes, every section heading present, the card art loaded, nothing scrolling sideways, the
// contents list jumping to its section, and the pages linking to each other and home.
func TestPages(t *testing.T) {
	srv := StartApp(t)
	rules := []string{"rules.goal.title", "rules.setup.title", "rules.turn.title", "rules.end.title",
		"rules.survive.title", "rules.sanity.title", "rules.cards.title", "rules.doom.title",
		"rules.variant.title", "rules.talk.title", "rules.app.title"}
	fair := []string{"fair.who.title", "fair.deal.title", "fair.sealed.title", "fair.check.title", "fair.fail.title",
		"fair.limits.title", "fair.link.title"}
	for _, c := range []struct {
		name string
		vp   Viewport
	}{{"phone", Phone}, {"laptop", Laptop}} {
		t.Run(c.name, func(t *testing.T) {
			b := NewBrowser(t, c.name, c.vp)
			b.Open(srv.URL + "/")
			b.WaitApp()
			b.WaitVisible("#home")
			b.Screenshot("home")

			// How to play, from the link on the Arkham Ritual card.
			b.Click("#home-rules-arkham")
			checkDocPage(t, b, "rules", "rules.title", rules)
			if n, _ := Eval[int](b, `document.querySelectorAll("#cards img.mk-doc-tile-art").length`); n < 20 {
				t.Errorf("card section shows %d card images, want at least 20", n)
			}
			b.Screenshot("rules-top")
			tour(b, "goal", "setup", "turn", "round-end", "survive", "sanity", "cards", "cards-events",
				"cards-characters", "cards-oldones", "doom", "talk", "app-rulings")
			// The contents list jumps to its section.
			b.Click(`.mk-doc-toc a[href="#cards"]`)
			b.Do(chromedp.Poll[chromedp.Void](`Math.abs(document.getElementById("cards").getBoundingClientRect().top) < 40`))
			b.Screenshot("rules-cards")

			// Fair play, from the rules page's own link, then home again.
			b.Click("#rules-fair")
			checkDocPage(t, b, "fair", "fair.title", fair)
			b.WaitText("#failure", i18n.T("deal.verify_failed", i18n.T("fair.fail.example")))
			b.Screenshot("fair-top")
			tour(b, "trust", "trust-host", "dealing", "sealed", "checking", "failure", "limits", "links")
			b.Click("#fair-back")
			b.WaitVisible("#home")

			// And Fair play straight from the home screen's footer.
			b.Click("#home-fair")
			checkDocPage(t, b, "fair", "fair.title", fair)
			b.Click("#fair-rules")
			checkDocPage(t, b, "rules", "rules.title", rules)
			b.Click("#rules-back")
			b.WaitVisible("#home")
		})
	}
}

// checkDocPage waits for the page #id and checks its title, its section headings in order, its
// images and that it fits the window's width.
func checkDocPage(t *testing.T, b *Browser, id, titleKey string, sectionKeys []string) {
	t.Helper()
	b.WaitVisible("#" + id)
	b.WaitText("#"+id+" h1", i18n.T(titleKey))
	got, err := Eval[[]string](b, `Array.from(document.querySelectorAll("#`+id+` .mk-doc-section > h2")).map(h => h.textContent)`)
	if err != nil {
		t.Fatal(err)
	}
	want := make([]string, len(sectionKeys))
	for i, k := range sectionKeys {
		want[i] = i18n.T(k)
	}
	if strings.Join(got, "|") != strings.Join(want, "|") {
		t.Errorf("%s: sections %q, want %q", id, got, want)
	}
	if body, _ := Eval[string](b, `document.body.innerText`); strings.Contains(body, "⟨") {
		t.Errorf("%s: a catalog key is missing on screen", id)
	}
	if title, _ := Eval[string](b, `document.title`); !strings.Contains(title, i18n.T(titleKey)) {
		t.Errorf("%s: tab title %q", id, title)
	}
	// Every image finishes loading and none is broken.
	b.Do(chromedp.Poll[chromedp.Void](`Array.from(document.images).every(i => i.complete)`))
	if broken, _ := Eval[[]string](b, `Array.from(document.images).filter(i => i.naturalWidth === 0).map(i => i.src)`); len(broken) > 0 {
		t.Errorf("%s: broken images %v", id, broken)
	}
	if wide, _ := Eval[bool](b, `document.documentElement.scrollWidth > window.innerWidth`); wide {
		t.Errorf("%s scrolls sideways", id)
	}
}

// tour scrolls to each section of the page in turn and photographs it, so a person can read the
// whole page in the screenshots at this window size.
func tour(b *Browser, sectionIDs ...string) {
	b.t.Helper()
	for _, id := range sectionIDs {
		b.Do(chromedp.Evaluate[chromedp.Void](`document.getElementById("` + id + `").scrollIntoView({block: "start"})`))
		b.Screenshot(id)
	}
}
