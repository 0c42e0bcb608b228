// Package i18n is the message catalog: every sentence the app shows a player goes through T.
//
// It is a plain map per language rather than a library (golang.org/x/text/message and friends add
// hundreds of KiB of tables to the wasm binary for plural rules we do not need yet). Messages use
// %[1]v-style verbs with explicit argument indexes, so a translation may reorder its arguments.
package i18n

import (
	"fmt"
	"sort"
	"strings"
	"sync"
)

// Lang is a language code such as "en".
type Lang string

const (
	English Lang = "en"
	// Japanese and French catalogs follow; until then they fall back to English key by key.
	Japanese Lang = "ja"
	French   Lang = "fr"
)

var (
	mu       sync.RWMutex
	current  = English
	catalogs = map[Lang]map[string]string{English: en}
)

// SetLang chooses the language T uses. An unknown language falls back to English.
func SetLang(l Lang) {
	mu.Lock()
	defer mu.Unlock()
	current = l
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

// T returns the message for key in the current language, formatted with args. A key missing from
// the language falls back to English; a key missing everywhere shows as "⟨key⟩" so a gap is
// visible on screen and in tests rather than silently blank.
func T(key string, args ...any) string {
	mu.RLock()
	msg, ok := catalogs[current][key]
	if !ok {
		msg, ok = en[key]
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

// Has reports whether key exists in the English catalog.
func Has(key string) bool {
	_, ok := en[key]
	return ok
}

// Keys lists every English key, sorted (for tests that check coverage).
func Keys() []string {
	keys := make([]string, 0, len(en))
	for k := range en {
		keys = append(keys, k)
	}
	sort.Strings(keys)
	return keys
}
