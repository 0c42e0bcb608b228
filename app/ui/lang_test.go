package ui

import (
	"strings"
	"testing"

	"github.com/maxence-charriere/go-app/v9/pkg/app"

	"miskatonic/app/i18n"
)

// Every page carries the language switcher, renders in each language with no missing key, and
// the reading pages show every one of their messages in that language.
func TestPagesInEveryLanguage(t *testing.T) {
	defer i18n.SetLang(i18n.English)
	pages := []struct {
		name   string
		page   func() app.UI
		prefix string
	}{
		{"home", func() app.UI { return &Home{} }, "game."},
		{"not found", func() app.UI { return &NotFound{} }, "notfound."},
		{"fair", func() app.UI { return Fair() }, "fair."},
		{"code join", func() app.UI { return &CodeJoin{} }, "code.join_t"},
	}
	for _, l := range i18n.Languages {
		i18n.SetLang(l)
		for _, p := range pages {
			out := app.HTMLString(p.page())
			if k := missingKey(out); k != "" {
				t.Errorf("%s %s: a catalog key is missing: %s", l, p.name, k)
			}
			if !strings.Contains(out, `id="lang-select"`) {
				t.Errorf("%s %s: no language switcher", l, p.name)
			}
			for _, o := range i18n.Languages {
				if !contains(out, o.Name()) {
					t.Errorf("%s %s: the switcher does not offer %s", l, p.name, o.Name())
				}
			}
			if !chosen(out, l) {
				t.Errorf("%s %s: the switcher does not show the current language as chosen", l, p.name)
			}
			for _, k := range i18n.Keys() {
				if strings.HasPrefix(k, p.prefix) && !strings.Contains(k, "#") && p.prefix != "game." && !contains(out, i18n.T(k)) {
					t.Errorf("%s %s: %s is never shown: %q", l, p.name, k, i18n.T(k))
				}
			}
		}
	}
}

// chosen reports whether the switcher's option for l is the selected one (attribute order varies).
func chosen(out string, l i18n.Lang) bool {
	for _, opt := range strings.Split(out, "<option")[1:] {
		tag, _, _ := strings.Cut(opt, ">")
		if strings.Contains(tag, `value="`+string(l)+`"`) {
			return strings.Contains(tag, "selected")
		}
	}
	return false
}

// missingKey returns the first "⟨key⟩" a page shows, ignoring the made-up games this package's
// tests register (they have no catalog entries of their own).
func missingKey(out string) string {
	for rest := out; ; {
		i := strings.Index(rest, "⟨")
		if i < 0 {
			return ""
		}
		rest = rest[i:]
		key, _, _ := strings.Cut(strings.TrimPrefix(rest, "⟨"), "⟩")
		if !strings.HasPrefix(key, "game."+testGame) && !strings.HasPrefix(key, "game.soon") && !strings.HasPrefix(key, "game.devgame") {
			return key
		}
		rest = rest[len("⟨"):]
	}
}
