package i18n

import (
	"encoding/json"
	"flag"
	"os"
	"sort"
	"testing"
)

var updateTranslated = flag.Bool("update-translated", false, "record the English catalog as the text ja and fr now translate")

// translatedPath holds the English each key had when its Japanese and French were last written.
const translatedPath = "testdata/en_translated.json"

// A translation is only as good as the English it was made from: when an English message
// changes (or a new one appears), its ja and fr must be rewritten too. This test fails until
// they are and the record is updated with -update-translated, so a changed meaning never ships
// behind an old translation that still has the right verbs.
func TestTranslationsCurrent(t *testing.T) {
	if *updateTranslated {
		b, err := json.MarshalIndent(en, "", "\t")
		if err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(translatedPath, append(b, '\n'), 0o644); err != nil {
			t.Fatal(err)
		}
		return
	}
	b, err := os.ReadFile(translatedPath)
	if err != nil {
		t.Fatal(err)
	}
	var was map[string]string
	if err := json.Unmarshal(b, &was); err != nil {
		t.Fatal(err)
	}
	var stale []string
	for k, v := range en {
		if was[k] != v {
			stale = append(stale, k)
		}
	}
	sort.Strings(stale)
	for _, k := range stale {
		t.Errorf("%s: English is now %q (translated from %q): rewrite ja and fr, then go test -run TestTranslationsCurrent -update-translated", k, en[k], was[k])
	}
}
