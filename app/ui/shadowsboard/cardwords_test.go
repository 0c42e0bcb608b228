package shadowsboard

import (
	"html"
	"reflect"
	"strings"
	"testing"

	"miskatonic/app/i18n"
	"miskatonic/app/ui/board/boardtest"
	"miskatonic/engine/shadows"
)

// englishWords lists every card name and text of the data, in English.
func englishWords() []string {
	c := shadows.Cards()
	var out []string
	for _, ch := range c.Characters {
		out = append(out, ch.Name, ch.Title, ch.Advantage.Name, ch.Advantage.Text)
	}
	for _, a := range c.Abilities {
		out = append(out, a.Name, a.Text)
	}
	for _, a := range c.Assets {
		out = append(out, a.Name, a.Text)
	}
	for _, r := range c.Rando {
		if r.Name != "" {
			out = append(out, r.Name, r.Text)
		}
	}
	for _, e := range c.Elders {
		out = append(out, e.Rule, e.Awakening.Text, e.Final.Text)
		if e.Stirring != nil {
			out = append(out, e.Stirring.Text)
		}
	}
	for _, t := range c.Threats {
		out = append(out, t.Arkham.Name, t.Arkham.Text, t.Shadow.Name, t.Shadow.Text)
	}
	return out
}

// The English catalog words every card exactly as the engine's data does (so a changed card
// text fails here until the catalog, and then ja and fr, follow), and ja and fr word every name
// and text themselves.
func TestCardsInCatalog(t *testing.T) {
	if got, want := localize(shadows.Cards(), i18n.English), shadows.Cards(); !reflect.DeepEqual(got, want) {
		t.Errorf("the English catalog differs from the engine's data")
	}
	for _, l := range []i18n.Lang{i18n.Japanese, i18n.French} {
		loc := localize(shadows.Cards(), l)
		var words []string
		for _, ch := range loc.Characters {
			words = append(words, ch.Title, ch.Advantage.Name, ch.Advantage.Text)
		}
		for _, th := range loc.Threats {
			words = append(words, th.Arkham.Name, th.Arkham.Text, th.Shadow.Name, th.Shadow.Text)
		}
		for _, a := range loc.Assets {
			words = append(words, a.Name, a.Text)
		}
		for _, e := range loc.Elders {
			words = append(words, e.Rule, e.Awakening.Text, e.Final.Text)
		}
		english := map[string]bool{}
		for _, w := range englishWords() {
			english[w] = true
		}
		for _, w := range words {
			if english[w] {
				t.Errorf("%s: %q is still English", l, w)
			}
		}
	}
	// A card missing from the catalog would pass the equality above (it keeps its English):
	// one key per card word (and per elder's name) is there.
	if n, want := len(catalogKeys()), len(englishWords())+len(shadows.Cards().Elders); n != want {
		t.Errorf("%d shc.* keys for %d card words", n, want)
	}
}

func catalogKeys() []string {
	var out []string
	for _, k := range i18n.Keys() {
		if strings.HasPrefix(k, "shc.") {
			out = append(out, k)
		}
	}
	return out
}

// A Japanese table shows no card name or text in English: whole bot games, every state.
func TestTableCardsInJapanese(t *testing.T) {
	defer i18n.SetLang(i18n.English)
	i18n.SetLang(i18n.Japanese)
	words := englishWords()
	seen := 0
	boardtest.EachState(t, shadows.Rules{}, 3, 11, func(g *shadows.Game) {
		page := html.UnescapeString(render(g, 0))
		for _, w := range words {
			if strings.Contains(page, w) {
				t.Fatalf("English card words %q on the Japanese table", w)
			}
		}
		if strings.Contains(page, `id="sh-arkham"`) {
			seen++
		}
	})
	if seen == 0 {
		t.Fatal("no threat card was ever shown: the test checks nothing")
	}
}
