package engine

import (
	"bytes"
	"encoding/json"
	"errors"
	"testing"
)

var cardKeys = map[string]int{"cthulhu": 1, "elder-sign": 2, "r1:c/2.x_Y": 3, "<b>": 4, "é": 5, `q"`: 6}

// decodeCardKeyJSON is DecodeCardKey through encoding/json alone, as it was before its plain
// keys' shortcut: the reference the shortcut must agree with.
func decodeCardKeyJSON(b []byte, dst *int) error {
	if string(b) == "null" {
		*dst = 0
		return nil
	}
	var k string
	if err := json.Unmarshal(b, &k); err != nil {
		return err
	}
	id, ok := cardKeys[k]
	if !ok {
		return errors.New("unknown")
	}
	*dst = id
	return nil
}

// checkCardKey: CardKeyJSON writes what json.Marshal writes, and DecodeCardKey reads what
// encoding/json reads (the same card, or an error leaving the card as it was), for any bytes.
func checkCardKey(t *testing.T, b []byte) {
	got, want := 99, 99
	gerr := DecodeCardKey(b, cardKeys, "test", &got)
	werr := decodeCardKeyJSON(b, &want)
	if (gerr == nil) != (werr == nil) || got != want {
		t.Fatalf("DecodeCardKey(%q) = %d, %v; encoding/json reads %d, %v", b, got, gerr, want, werr)
	}
	key := string(b)
	enc, err := CardKeyJSON(true, key)
	ref, rerr := json.Marshal(key)
	if err != nil || rerr != nil || !bytes.Equal(enc, ref) {
		t.Fatalf("CardKeyJSON(%q) = %s, %v; json.Marshal writes %s, %v", key, enc, err, ref, rerr)
	}
}

// TestCardKeyAgreesWithJSON: every game's card keys (written and read back), and the inputs
// a hostile host or a corrupt record may hand a guest in their place, read exactly as
// encoding/json reads them.
func TestCardKeyAgreesWithJSON(t *testing.T) {
	for _, c := range []string{
		`"cthulhu"`, `"elder-sign"`, `"r1:c/2.x_Y"`, `null`, `"nobody"`, `""`, `"`, `x`, `"cthulhu`, `cthulhu"`,
		`"cth\u0075lhu"`, `"\u003cb\u003e"`, `"<b>"`, `"é"`, "\"\xff\"", `"q\""`, `"cthulhu" `, ` "cthulhu"`,
		`"Cthulhu"`, `"cthulhu\n"`, "\"cthulhu\n\"", `1`, `{}`, `["cthulhu"]`, `"a\"b"`, `"\\"`,
	} {
		checkCardKey(t, []byte(c))
	}
	for k := range cardKeys {
		enc, err := CardKeyJSON(true, k)
		if err != nil {
			t.Fatal(err)
		}
		var id int
		if err := DecodeCardKey(enc, cardKeys, "test", &id); err != nil || id != cardKeys[k] {
			t.Fatalf("%q written as %s reads back as %d, %v", k, enc, id, err)
		}
	}
}

func FuzzCardKey(f *testing.F) {
	for _, s := range []string{`"cthulhu"`, `null`, `"<b>"`, `"\u0063thulhu"`, "\"\xff\""} {
		f.Add([]byte(s))
	}
	f.Fuzz(checkCardKey)
}
