package i18n

import "testing"

// TestYouName: a player named the default "You" (in any language) is labelled "You" once, never
// "You (you)"; any other name gets the suffix.
func TestYouName(t *testing.T) {
	defer SetLang(English)
	cases := []struct {
		lang       Lang
		name, want string
	}{
		{English, "You", "You"},
		{English, "", "You"},
		{English, "Vous", "You"}, // named while the page read French
		{English, "Ann", "Ann (you)"},
		{French, "You", "Vous"},
		{French, "Ann", "Ann (vous)"},
		{Japanese, "あなた", "あなた"},
		{Japanese, "You", "あなた"},
		{Japanese, "Ann", "Ann（あなた）"},
	}
	for _, c := range cases {
		SetLang(c.lang)
		if got := YouName(c.name); got != c.want {
			t.Errorf("%s: YouName(%q) = %q, want %q", c.lang, c.name, got, c.want)
		}
	}
}
