package ui

import (
	"bytes"
	"compress/flate"
	"encoding/base64"
	"os"
	"reflect"
	"strings"
	"testing"

	"miskatonic/engine"
)

func fixture(t *testing.T, game string) engine.Record {
	t.Helper()
	b, err := os.ReadFile("../../engine/replay/testdata/" + game + ".json")
	if err != nil {
		t.Fatal(err)
	}
	rec, err := RecordFromFile(b)
	if err != nil {
		t.Fatal(err)
	}
	return rec
}

// TestRecordLinkRoundTrip: a record put in a link comes back identical (proof included); one
// too big for a link gets none (file only).
func TestRecordLinkRoundTrip(t *testing.T) {
	for _, game := range []string{"arkham", "shadows", "rituals"} {
		rec := fixture(t, game)
		link := RecordLink("https://example.org", rec)
		if link == "" {
			t.Logf("%s: file only", game)
			continue
		}
		frag, _ := strings.CutPrefix(link, "https://example.org"+HrefReplay+"#")
		back, err := RecordFromFragment(frag)
		if err != nil || !reflect.DeepEqual(back, rec) {
			t.Fatalf("%s: %v", game, err)
		}
		t.Logf("%s: %d moves in a %d-character link", game, len(rec.Moves), len(link))
	}
	big := fixture(t, "rituals")
	for len(big.Moves) < 5000 {
		big.Moves = append(big.Moves, big.Moves...)
	}
	if RecordLink("", big) != "" {
		t.Fatal("a huge record put in a link")
	}
}

// TestRecordLinkHostile: damaged links and a deflate bomb are refused with a message.
func TestRecordLinkHostile(t *testing.T) {
	var z bytes.Buffer
	w, _ := flate.NewWriter(&z, flate.BestCompression)
	w.Write(bytes.Repeat([]byte(" "), 4<<20))
	w.Close()
	for name, frag := range map[string]string{
		"not ours":   "somewhere",
		"bad base64": linkPrefix + "!!!",
		"not flate":  linkPrefix + base64.RawURLEncoding.EncodeToString([]byte("plain")),
		"bomb":       linkPrefix + base64.RawURLEncoding.EncodeToString(z.Bytes()),
	} {
		if _, err := RecordFromFragment(frag); err == nil {
			t.Errorf("%s: accepted", name)
		}
	}
	if _, err := RecordFromFile([]byte(`{"game":"arkham","moves":[],"extra":1}`)); err == nil {
		t.Error("unknown field accepted")
	}
}
