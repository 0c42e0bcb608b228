package i18n

import (
	"regexp"
	"strings"
	"testing"
)

func TestT(t *testing.T) {
	cases := []struct {
		name string
		key  string
		args []any
		want string
	}{
		{"plain", "ark.take", nil, "Take it"},
		{"formatted", "ark.deck", []any{12}, "Deck: 12"},
		{"two args", "lobby.seats", []any{3, 7}, "Seats (3 of 7)"},
		{"missing key is visible", "no.such.key", nil, "⟨no.such.key⟩"},
		{"percent escapes", "ark.helper_sane", []any{40}, "Chance yours is sane: 40%"},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			if got := T(c.key, c.args...); got != c.want {
				t.Fatalf("T(%q) = %q, want %q", c.key, got, c.want)
			}
		})
	}
}

func TestFallbackToEnglish(t *testing.T) {
	defer SetLang(English)
	mu.Lock()
	en["test.only_english"] = "Only in English"
	mu.Unlock()
	defer func() { mu.Lock(); delete(en, "test.only_english"); mu.Unlock() }()
	SetLang(French) // a key the French table lacks still reads, in English
	if got := T("test.only_english"); got != "Only in English" {
		t.Fatalf("fallback = %q", got)
	}
	if got := T("ark.take"); got != "La prendre" {
		t.Fatalf("French = %q", got)
	}
	SetLang("xx") // an unknown language is English
	if Current() != English {
		t.Fatalf("SetLang(xx) left %q", Current())
	}
}

func TestMatch(t *testing.T) {
	cases := map[string]Lang{"en-GB": English, "EN": English, "xx": English, "": English,
		"ja": Japanese, "ja-JP": Japanese, "fr-CA": French, "FR": French}
	for tag, want := range cases {
		if got := Match(tag); got != want {
			t.Errorf("Match(%q) = %q, want %q", tag, got, want)
		}
	}
}

// Every message must format without fmt complaining about its verbs, given enough args.
func TestCatalogWellFormed(t *testing.T) {
	args := []any{"a", "b", "c", "d", "e"}
	for _, k := range Keys() {
		msg := en[k]
		n := strings.Count(msg, "%[")
		got := T(k, args[:min(n, len(args))]...)
		if strings.Contains(got, "%!") {
			t.Errorf("%s: bad verbs: %q", k, got)
		}
		if bad := verbRE.FindString(strings.ReplaceAll(msg, "%%", "")); bad != "" {
			t.Errorf("%s: verb %q: use only %%[n]v so translators need not know Go types", k, bad)
		}
		if strings.TrimSpace(msg) == "" {
			t.Errorf("%s: empty message", k)
		}
	}
}

var verbRE = regexp.MustCompile(`%(\[[0-9]\])?[^\[v]|%[^\[]`)
