package engine

import (
	"encoding/json"
	"fmt"
	"slices"
	"sort"
	"strings"
)

// Steps every game's Rules and card types take alike, written once.

// AsGame returns a game's constructor result as a Game: nil (never a typed nil inside the
// interface) with the error, else g. Rules.New is engine.AsGame(New(cfg)).
func AsGame[G Game](g G, err error) (Game, error) {
	if err != nil {
		return nil, err
	}
	return g, nil
}

// CheckSeats refuses a table of seats outside min..max with KindBadConfig; op names the game's
// constructor ("arkham: new"), what names a seat ("players", "characters").
func CheckSeats(op string, seats, min, max int, what string) error {
	if seats < min || seats > max {
		return Errorf(KindBadConfig, op, "%d %s: need %d to %d", seats, what, min, max)
	}
	return nil
}

// OptionValues checks a config's options against the game's list: an unknown key, or a value
// that is none of its option's choices, is refused with KindBadConfig (op names the game, keys
// in sorted order so the message is deterministic); a missing or empty value takes its default.
// It returns every option's value by key.
func OptionValues(op string, list []Option, m map[string]string) (map[string]string, error) {
	keys := make([]string, 0, len(m))
	for k := range m {
		keys = append(keys, k)
	}
	sort.Strings(keys)
	for _, k := range keys {
		if !slices.ContainsFunc(list, func(o Option) bool { return o.Key == k }) {
			return nil, Errorf(KindBadConfig, op, "unknown option %q", k)
		}
	}
	val := make(map[string]string, len(list))
	for _, o := range list {
		v := m[o.Key]
		if v == "" {
			v = o.Default
		}
		if !slices.Contains(o.Choices, v) {
			return nil, Errorf(KindBadConfig, op, "option %s=%q: choose one of %s", o.Key, v, strings.Join(o.Choices, ", "))
		}
		val[o.Key] = v
	}
	return val, nil
}

// DecodeView reads a game's view back from its JSON as *V (Rules.DecodeView); bad JSON is
// KindMalformed, op naming the game ("arkham: view").
func DecodeView[V any](data []byte, op string) (View, error) {
	var v V
	if err := json.Unmarshal(data, &v); err != nil {
		return nil, Errorf(KindMalformed, op, "%v", err)
	}
	return &v, nil
}

// Entry is table[i] where ok (i names an entry), else the zero entry: a game's card data by id,
// safe for any id a view or move may carry.
func Entry[T any, I ~uint8](table []T, i I, ok bool) T {
	if !ok || int(i) >= len(table) {
		var zero T
		return zero
	}
	return table[i]
}

// CardKeyJSON encodes a card as its key, or null for no card (valid false): how every game's
// card ids travel in views and records.
func CardKeyJSON(valid bool, key string) ([]byte, error) {
	if !valid {
		return []byte("null"), nil
	}
	if plainKey(key) { // what json.Marshal writes for it, without its machinery (issue 26)
		b := make([]byte, 0, len(key)+2)
		return append(append(append(b, '"'), key...), '"'), nil
	}
	return json.Marshal(key)
}

// plainKey says whether s is made of letters, digits, '-', '_', '.', ':' and '/' alone: the
// characters of every game's card keys, which JSON writes and reads as they are (no escape,
// no HTML-safe replacement, nothing outside ASCII). A view carries a card key for every card
// shown and a view is encoded for every seat on every move and decoded and audited on every
// page: through encoding/json's reflection each key cost a full Marshal or Unmarshal.
func plainKey[S ~string | ~[]byte](s S) bool {
	for i := 0; i < len(s); i++ {
		c := s[i]
		if !('a' <= c && c <= 'z' || 'A' <= c && c <= 'Z' || '0' <= c && c <= '9' || c == '-' || c == '_' || c == '.' || c == ':' || c == '/') {
			return false
		}
	}
	return true
}

// DecodeCardKey decodes what CardKeyJSON wrote into dst: null is the zero card, a key is looked
// up in byKey; an unknown key is an error naming the game, and leaves dst as it was.
func DecodeCardKey[C any](b []byte, byKey map[string]C, game string, dst *C) error {
	var zero C
	if string(b) == "null" {
		*dst = zero
		return nil
	}
	var k string
	if n := len(b); n >= 2 && b[0] == '"' && b[n-1] == '"' && plainKey(b[1:n-1]) {
		k = string(b[1 : n-1]) // what json.Unmarshal reads from it (CardKeyJSON's plainKey)
	} else if err := json.Unmarshal(b, &k); err != nil {
		return err
	}
	id, ok := byKey[k]
	if !ok {
		return fmt.Errorf("%s: unknown card %q", game, k)
	}
	*dst = id
	return nil
}

// LookupKey looks a card (or anything keyed) up by key.
func LookupKey[C any](byKey map[string]C, key string) (C, bool) {
	id, ok := byKey[key]
	return id, ok
}
