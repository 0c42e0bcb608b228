// Package i18n is the message catalog: every sentence the app shows a player goes through T.
//
// It is a plain map per language rather than a library: golang.org/x/text/message with its plural
// tables costs far more wasm than the three plural rules we need (measured: see plural.go).
// Messages use %[1]v-style verbs with explicit argument indexes, so a translation may reorder its
// arguments. A message that counts something may have a "key#one" variant, chosen by the
// language's plural rule (plural.go).
//
// The text is data, not code: words/<lang>/<area>.txt, one file per screen or area, one
// `key = "text"` a line (the text a Go double-quoted string; # starts a comment). app/i18n holds
// the shared screens' words; a game's board package holds its own in the same layout, embedded
// and registered with AddCatalog from its init. A language's files are read the first time it is
// used (lazy.go); French gets its typography pass then (french.go). A key twice in a language is
// an error the tests report (Problems).
//
// Text still written as Go maps (a catalog file like en_connect.go with its ja_ and fr_ twins,
// registered from init, or Add) keeps working; turn it into data, and each game's keys into its
// board's words, with the converter, from anywhere in the module:
//
//	go run ./app/i18n/internal/catgen
//
// It is idempotent: it appends what the Go maps hold to the data files, deletes the Go files it
// converted (and the merge tests that read their variables), and changes nothing when run again.
// Which key goes to which package and file is internal/catgen/route.go.
package i18n

//go:generate go run ./internal/catgen

import (
	"fmt"
	"sort"
	"strings"
	"sync"
)

// Lang is a language code such as "en".
type Lang string

const (
	English  Lang = "en"
	Japanese Lang = "ja"
	French   Lang = "fr"
)

// Languages lists the supported languages in the order the switcher offers them.
var Languages = []Lang{English, Japanese, French}

// Name is a language's own name for itself, as the switcher shows it.
func (l Lang) Name() string {
	switch l {
	case Japanese:
		return "日本語"
	case French:
		return "Français"
	}
	return "English"
}

var (
	mu      sync.RWMutex
	current = English
)

// SetLang chooses the language T uses. An unknown language falls back to English.
func SetLang(l Lang) {
	mu.Lock()
	if _, ok := catalogs[l]; !ok {
		l = English
	}
	current = l
	mu.Unlock()
	// The chosen language is built now, while the page starts, rather than on its first line.
	ensure(l)
}

// Current returns the language T uses.
func Current() Lang {
	mu.RLock()
	defer mu.RUnlock()
	return current
}

// Match picks the best supported language for a browser language tag such as "fr-CA".
func Match(tag string) Lang {
	base := Lang(strings.ToLower(strings.SplitN(tag, "-", 2)[0]))
	mu.RLock()
	defer mu.RUnlock()
	if _, ok := catalogs[base]; ok {
		return base
	}
	return English
}

// MatchAll picks the best supported language for a browser's ordered preferences
// (navigator.languages): the first one we have, else English.
func MatchAll(tags []string) Lang {
	for _, t := range tags {
		if l := Match(t); l != English || strings.EqualFold(strings.SplitN(t, "-", 2)[0], "en") {
			return l
		}
	}
	return English
}

// T returns the message for key in the current language, formatted with args. A key missing from
// the language falls back to English; a key missing everywhere shows as "⟨key⟩" so a gap is
// visible on screen and in tests rather than silently blank.
func T(key string, args ...any) string {
	return In(Current(), key, args...)
}

// In is T in a given language, whatever the current one.
func In(l Lang, key string, args ...any) string {
	ensure(English)
	ensure(l)
	mu.RLock()
	msg, ok := lookup(l, key, args)
	if !ok {
		msg, ok = lookup(English, key, args)
	}
	mu.RUnlock()
	if !ok {
		return "⟨" + key + "⟩"
	}
	if len(args) == 0 {
		return msg
	}
	return fmt.Sprintf(msg, args...)
}

// lookup finds key in language l: its plural variant for the counted argument when the catalog
// has one, else the plain message.
func lookup(l Lang, key string, args []any) (string, bool) {
	cat := catalogs[l]
	if n, ok := countOf(key, args); ok {
		if msg, ok := cat[key+"#"+string(PluralOf(l, n))]; ok {
			return msg, true
		}
	}
	msg, ok := cat[key]
	return msg, ok
}

// Has reports whether key exists in the English catalog.
func Has(key string) bool {
	ensure(English)
	mu.RLock()
	defer mu.RUnlock()
	_, ok := en[key]
	return ok
}

// Keys lists every English key, sorted (for tests that check coverage).
func Keys() []string {
	ensure(English)
	mu.RLock()
	defer mu.RUnlock()
	keys := make([]string, 0, len(en))
	for k := range en {
		keys = append(keys, k)
	}
	sort.Strings(keys)
	return keys
}
