package i18n

import (
	"regexp"
	"sort"
	"strings"
	"testing"
)

// untranslated lists the keys whose ja or fr text may equal the English: proper names, brand
// names and symbols, reviewed one by one. Anything else identical to English is a missed
// translation.
var untranslated = map[Lang]map[string]bool{
	Japanese: {
		"app.name":     true, // the product's name
		"ark.lost_n":   true, // "−3": a sign and a number
		"ark.gained_n": true,
	},
	French: {
		"app.name":                true,
		"ark.lost_n":              true,
		"ark.gained_n":            true,
		"game.arkham":             true, // the French edition keeps the English title
		"ark.round":               true, // "Round 3": the French rulebook says "round" too
		"lobby.options":           true, // same word in French
		"rit.col.total":           true, // "Total": the same word in French
		"opt.doom":                true, // the French rulebook keeps "Doom Track" untranslated
		"ark.doom":                true, // "Doom 3": the track's name, as above
		"opt.choice.cthulhu":      true, // Great Old Ones' names are the same in French
		"opt.choice.nyarlathotep": true,
		"opt.choice.yogsothoth":   true,
		"opt.choice.hastur":       true,
		"card.cthulhu":            true,
		"card.nyarlathotep":       true,
		"card.yogsothoth":         true,
		"card.hastur":             true,
		"home.bots":               true, // "Bots" is the French word too
		"lobby.bot":               true,
		"app.list_sep":            true, // ", " between names, as in English
		"opt.choice.ghatanothoa":  true, // an elder's name
		"sh.log.act":              true, // "%[1]v %[2]v.": a name and a catalog verb phrase
		"sh.move.with_cost":       true, // "%[1]v · %[2]v": a label and its cost
		"explain.doom_track":      true, // the French rulebook keeps "Doom Track" untranslated
		"manifest.short_name":     true, // the product's name
		// Ring of Shadows: people's and Great Old Ones' names, the same in French.
		"shc.char.pierce.name":        true,
		"shc.char.marek.name":         true,
		"shc.elder.ghatanothoa.name":  true,
		"shc.elder.yogsothoth.name":   true,
		"shc.elder.nyarlathotep.name": true,
		"shc.elder.cthulhu.name":      true,
		// Rituals of Madness: the Great Old Ones of the twelve places.
		"rit.god.azathoth":       true,
		"rit.god.cthugha":        true,
		"rit.god.cthulhu":        true,
		"rit.god.dagon":          true,
		"rit.god.ghatanothoa":    true,
		"rit.god.hastur":         true,
		"rit.god.ithaqua":        true,
		"rit.god.nyarlathotep":   true,
		"rit.god.shub-niggurath": true,
		"rit.god.tsathoggua":     true,
		"rit.god.yig":            true,
		"rit.god.yog-sothoth":    true,
	},
}

// verbs is the sorted set of a message's argument verbs (%[1]v …); "%%" is a literal percent.
func verbs(msg string) []string {
	found := argVerbRE.FindAllString(strings.ReplaceAll(msg, "%%", ""), -1)
	set := map[string]bool{}
	for _, v := range found {
		set[v] = true
	}
	out := make([]string, 0, len(set))
	for v := range set {
		out = append(out, v)
	}
	sort.Strings(out)
	return out
}

var argVerbRE = regexp.MustCompile(`%\[[0-9]+\]v|%[^\[%]`)

// baseKey is the key a plural variant ("key#one") belongs to.
func baseKey(k string) string { return strings.SplitN(k, "#", 2)[0] }

// Every English key is in every catalog, nothing else is, and each message uses exactly the
// English message's verbs: a missing verb drops a name from a sentence, an extra one prints
// "%!v(MISSING)".
func TestCatalogsComplete(t *testing.T) {
	for _, l := range []Lang{Japanese, French} {
		cat := catalogs[l]
		for k := range en {
			if strings.Contains(k, "#") {
				continue // plural variants are per language
			}
			if _, ok := cat[k]; !ok {
				t.Errorf("%s: missing %q", l, k)
			}
		}
		for k, msg := range cat {
			base := baseKey(k)
			enMsg, ok := en[base]
			if !ok {
				t.Errorf("%s: %q is not an English key", l, k)
				continue
			}
			if strings.TrimSpace(msg) == "" {
				t.Errorf("%s: %q is empty", l, k)
			}
			if got, want := verbs(msg), verbs(enMsg); strings.Join(got, " ") != strings.Join(want, " ") {
				t.Errorf("%s: %q has verbs %v, English has %v", l, k, got, want)
			}
			if k != base && PluralOf(l, 1) != Form(strings.TrimPrefix(k, base+"#")) && PluralOf(l, 0) != Form(strings.TrimPrefix(k, base+"#")) {
				t.Errorf("%s: %q is a plural form the language never picks", l, k)
			}
		}
	}
}

// The verbs check itself catches a missing and an extra verb.
func TestVerbsCheck(t *testing.T) {
	en := verbs("%[1]v gives %[2]v 50%%")
	if strings.Join(en, " ") != "%[1]v %[2]v" {
		t.Fatalf("verbs = %v", en)
	}
	for _, bad := range []string{"%[1]vが渡した", "%[1]v %[2]v %[3]v", "%[1]v %s %[2]v"} {
		if strings.Join(verbs(bad), " ") == strings.Join(en, " ") {
			t.Errorf("%q passes as %v", bad, en)
		}
	}
}

// No message reads the same as the English unless it is on the reviewed list.
func TestCatalogsTranslated(t *testing.T) {
	for _, l := range []Lang{Japanese, French} {
		for k, msg := range catalogs[l] {
			if msg == en[k] && !untranslated[l][k] {
				t.Errorf("%s: %q is still English: %q", l, k, msg)
			}
		}
		for k, ok := range untranslated[l] {
			if ok && catalogs[l][k] != en[k] {
				t.Errorf("%s: %q is allowlisted but translated; drop it from the list", l, k)
			}
		}
	}
}

// Japanese messages must not carry ASCII punctuation where Japanese uses its own (a quick check
// of the commonest slips: ": " and "; " after Japanese text).
func TestJapanesePunctuation(t *testing.T) {
	slip := regexp.MustCompile(`[\p{Han}\p{Hiragana}\p{Katakana}][:;] `)
	for k, msg := range ja {
		if slip.MatchString(msg) {
			t.Errorf("ja: %q uses ASCII punctuation: %q", k, msg)
		}
	}
}

func TestPlural(t *testing.T) {
	cases := []struct {
		lang Lang
		key  string
		args []any
		want string
	}{
		{English, "ark.deck_label", []any{1}, "1 card left in the deck"},
		{English, "ark.deck_label", []any{0}, "0 cards left in the deck"},
		{English, "ark.deck_label", []any{2}, "2 cards left in the deck"},
		{French, "ark.deck_label", []any{0}, "0 carte reste dans la pioche"},
		{French, "ark.deck_label", []any{1}, "1 carte reste dans la pioche"},
		{French, "ark.deck_label", []any{2}, "2 cartes restent dans la pioche"},
		{French, "ark.removed_label", []any{1}, "1 carte écartée face cachée"},
		{French, "ark.removed_label", []any{3}, "3 cartes écartées face cachée"},
		{French, "ark.sanity_label", []any{"Ann", 1}, "Ann a 1 point de santé mentale"},
		{French, "ark.sanity_label", []any{"Ann", 5}, "Ann a 5 points de santé mentale"},
		{English, "ark.sanity_label", []any{"Ann", 1}, "Ann has 1 sanity"},
		{French, "lobby.dummies", []any{4, 1}, "À 4 joueurs, 1 joueur fictif s’ajoute\u00a0: sa carte est face visible, il ne joue jamais mais compte lors de la révélation."},
		{French, "lobby.dummies", []any{3, 2}, "À 3 joueurs, 2 joueurs fictifs s’ajoutent\u00a0: leur carte est face visible, ils ne jouent jamais mais comptent lors de la révélation."},
		{English, "lobby.dummies", []any{4, 1}, "With 4 players, 1 dummy hand sits at the table: it holds a face-up card, never acts and counts at the reveal."},
		{Japanese, "ark.deck_label", []any{1}, "山札の残りは1枚"},
		{Japanese, "ark.deck_label", []any{12}, "山札の残りは12枚"},
		{Japanese, "lobby.seats", []any{3, 7}, "席（7席中3人）"},
		{French, "ark.deck_label", []any{"2"}, "2 cartes restent dans la pioche"}, // not an int: the plain (plural) text
	}
	for _, c := range cases {
		if got := In(c.lang, c.key, c.args...); got != c.want {
			t.Errorf("In(%s, %q, %v) = %q, want %q", c.lang, c.key, c.args, got, c.want)
		}
	}
}

func TestPluralOf(t *testing.T) {
	for n, want := range map[int][3]Form{0: {Other, One, Other}, 1: {One, One, Other}, 2: {Other, Other, Other}, 11: {Other, Other, Other}} {
		for i, l := range []Lang{English, French, Japanese} {
			if got := PluralOf(l, n); got != want[i] {
				t.Errorf("PluralOf(%s, %d) = %s, want %s", l, n, got, want[i])
			}
		}
	}
}

func TestMatchAll(t *testing.T) {
	cases := []struct {
		tags []string
		want Lang
	}{
		{[]string{"de-DE", "fr-FR", "en"}, French},
		{[]string{"ja-JP", "en-US"}, Japanese},
		{[]string{"en-US", "ja"}, English},
		{[]string{"de", "it"}, English},
		{nil, English},
	}
	for _, c := range cases {
		if got := MatchAll(c.tags); got != c.want {
			t.Errorf("MatchAll(%v) = %s, want %s", c.tags, got, c.want)
		}
	}
}

// French punctuation never starts a line: the space before it does not break.
func TestFrenchSpacing(t *testing.T) {
	for k, msg := range fr {
		for _, bad := range []string{" :", " ;", " ?", " !", "« ", " »", " %%"} {
			if strings.Contains(msg, bad) {
				t.Errorf("fr %q: breakable space in %q: %q", k, bad, msg)
			}
		}
	}
	if got := In(French, "ark.helper_sane", 40); got != "Chance que la vôtre soit saine\u00a0: 40\u202f%" {
		t.Errorf("helper_sane = %q", got)
	}
}
