package i18n

// Plural forms, after CLDR's cardinal rules for the three languages we ship. Only "one" and
// "other" exist among them, so a counted message has at most one variant ("key#one") beside its
// plain text (the "other" form).
//
// Why not golang.org/x/text: measured on app.wasm (GOOS=js, -ldflags='-s -w', x/text v0.43.0),
// on top of the ja and fr catalogs (which themselves cost +113 KiB raw, +25 KiB brotli):
//   - feature/plural alone (CLDR rules + language tags): +279 KiB raw, +70 KiB brotli;
//   - message + message/catalog with plural.Selectf:    +605 KiB raw, +142 KiB brotli.
// Both carry every CLDR language's data to pick one of two forms in three languages. If a
// language with more forms comes (Polish, Arabic), extend Form and PluralOf, or revisit x/text.

// Form is a plural category.
type Form string

const (
	One   Form = "one"
	Other Form = "other"
)

// PluralOf is the plural category of a whole number n in language l:
//   - en: one for 1 ("1 card", "0 cards", "2 cards");
//   - fr: one for 0 and 1 ("0 carte", "1 carte", "2 cartes");
//   - ja: no grammatical plural; counters (枚, 人, 点) sit in the message itself.
func PluralOf(l Lang, n int) Form {
	switch l {
	case Japanese:
		return Other
	case French:
		if n == 0 || n == 1 {
			return One
		}
		return Other
	}
	if n == 1 {
		return One
	}
	return Other
}

// pluralArg says which argument a counted message counts, when it is not the first.
var pluralArg = map[string]int{
	"ark.sanity_label": 2,
	"lobby.dummies":    2,
	"sh.asset_where":   2,
}

// countOf finds the count a message's plural form depends on: its counted argument, if that is
// an integer.
func countOf(key string, args []any) (int, bool) {
	i := 1
	if a, ok := pluralArg[key]; ok {
		i = a
	}
	if i > len(args) {
		return 0, false
	}
	switch n := args[i-1].(type) {
	case int:
		return n, true
	case int8:
		return int(n), true
	case int16:
		return int(n), true
	case int32:
		return int(n), true
	case int64:
		return int(n), true
	case uint:
		return int(n), true
	case uint8:
		return int(n), true
	case uint16:
		return int(n), true
	case uint32:
		return int(n), true
	}
	return 0, false
}
