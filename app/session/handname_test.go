package session

import (
	"strings"
	"testing"
	"unicode/utf8"

	"miskatonic/app/i18n"
	"miskatonic/engine/wire"
)

// TestHandName: an extra character is named after its person with a note in the page's
// language; a long name is shortened (whole characters) so the note survives the name limit.
func TestHandName(t *testing.T) {
	defer i18n.SetLang(i18n.English)
	long := strings.Repeat("é", 30) // 60 bytes
	cases := []struct {
		lang       i18n.Lang
		name       string
		n          int
		want       string
		wantSuffix string
	}{
		{i18n.English, "Ann", 1, "Ann (character 2)", ""},
		{i18n.English, "Ann", 3, "Ann (character 4)", ""},
		{i18n.French, "Ann", 1, "Ann (personnage 2)", ""},
		{i18n.Japanese, "アン", 1, "アン（探索者2）", ""},
		{i18n.English, "", 1, "You (character 2)", ""},
		{i18n.English, long, 1, "", " (character 2)"},
		{i18n.Japanese, strings.Repeat("探", 20), 2, "", "（探索者3）"},
	}
	for _, c := range cases {
		i18n.SetLang(c.lang)
		got := handName(c.name, c.n)
		if len(got) > wire.MaxName || !utf8.ValidString(got) {
			t.Errorf("%q: %d bytes or invalid UTF-8", got, len(got))
		}
		if c.want != "" && got != c.want {
			t.Errorf("%s handName(%q, %d) = %q, want %q", c.lang, c.name, c.n, got, c.want)
		}
		if c.wantSuffix != "" && !strings.HasSuffix(got, c.wantSuffix) {
			t.Errorf("%s handName(long, %d) = %q lost its note %q", c.lang, c.n, got, c.wantSuffix)
		}
	}
}
