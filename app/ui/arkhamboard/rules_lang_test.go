package arkhamboard

import (
	"strings"
	"testing"

	"github.com/maxence-charriere/go-app/v9/pkg/app"

	"miskatonic/app/i18n"
)

// The how-to-play page renders in every language with no missing key and offers the language
// switcher like every other page.
func TestRulesPageInEveryLanguage(t *testing.T) {
	defer i18n.SetLang(i18n.English)
	for _, l := range i18n.Languages {
		i18n.SetLang(l)
		out := app.HTMLString(Game.Rules())
		if i := strings.Index(out, "⟨"); i >= 0 {
			t.Errorf("%s: a catalog key is missing: %s", l, out[i:min(len(out), i+60)])
		}
		if !strings.Contains(out, `id="lang-select"`) {
			t.Errorf("%s: no language switcher", l)
		}
	}
}
