package doc

import (
	"strings"
	"testing"

	"github.com/maxence-charriere/go-app/v9/pkg/app"
)

func testArticle(id, section string) *Article {
	return &Article{ID: id, TitleKey: id + ".title", LeadKey: id + ".lead",
		Sections: func() []Section { return []Section{{ID: section, TitleKey: section + ".title"}} },
		Onward:   func() app.UI { return app.A().ID(id + "-onward") }}
}

// TestArticleFollowsNavigation: going from one game's rules page to another's mounts a second
// Article over the first (go-app updates a component of the same type in place); the page shown
// must then be wholly the second one's.
func TestArticleFollowsNavigation(t *testing.T) {
	a := testArticle("one-rules", "one-goal")
	d := app.NewClientTester(a)
	defer d.Close()
	if out := app.HTMLString(a); !strings.Contains(out, `id="one-goal"`) || !strings.Contains(out, `id="one-rules-onward"`) {
		t.Fatalf("first page not drawn: %s", out)
	}
	d.Mount(testArticle("two-rules", "two-goal"))
	d.Consume()
	out := app.HTMLString(a) // updated in place: a is still the mounted component
	for _, want := range []string{`id="two-rules"`, `id="two-goal"`, `id="two-rules-onward"`} {
		if !strings.Contains(out, want) {
			t.Errorf("after navigating, %s missing", want)
		}
	}
	for _, gone := range []string{`id="one-rules"`, `id="one-goal"`, `id="one-rules-onward"`} {
		if strings.Contains(out, gone) {
			t.Errorf("after navigating, %s still shown", gone)
		}
	}
}
