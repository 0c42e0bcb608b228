package words

import (
	"strings"
	"testing"
)

func TestRoundTrip(t *testing.T) {
	in := []Entry{
		{Comment: []string{"A section.", "", "Its second line."}, Key: "a.b", Text: "plain"},
		{Key: "a.c#one", Text: "line\nbreak \"quoted\" back\\slash\ttab \u00a0nbsp 日本語 %[1]v %%"},
		{Comment: []string{"trailing note"}, Key: "a.d", Text: ""},
	}
	out, err := Parse(Format(in))
	if err != nil {
		t.Fatal(err)
	}
	if len(out) != len(in) {
		t.Fatalf("read %d entries, wrote %d", len(out), len(in))
	}
	for i := range in {
		if out[i].Key != in[i].Key || out[i].Text != in[i].Text || strings.Join(out[i].Comment, "|") != strings.Join(in[i].Comment, "|") {
			t.Errorf("entry %d: wrote %+v, read %+v", i, in[i], out[i])
		}
	}
	if string(Format(out)) != string(Format(in)) {
		t.Error("Format(Parse(Format(x))) differs from Format(x): the converter would not be idempotent")
	}
}

func TestMalformed(t *testing.T) {
	for name, data := range map[string]string{
		"no separator":  "a.b \"x\"\n",
		"unquoted":      "a.b = x\n",
		"single quotes": "a.b = 'x'\n",
		"backquotes":    "a.b = `x`\n",
		"open quote":    "a.b = \"x\n",
		"space in key":  "a b = \"x\"\n",
		"empty key":     " = \"x\"\n",
	} {
		err := Each("ok.key = \"fine\"\n"+data, func(string, string) {})
		if err == nil || !strings.Contains(err.Error(), "line 2") {
			t.Errorf("%s: error %v, want one naming line 2", name, err)
		}
		if _, err := Parse([]byte(data)); err == nil {
			t.Errorf("%s: Parse accepted %q", name, data)
		}
	}
}

// Any key and text the converter may write reads back the same; no input makes Each panic.
func FuzzRoundTrip(f *testing.F) {
	f.Add("app.name", "Miskatonic")
	f.Add("a.b#one", "two\nlines \"q\" \\ \u202f?")
	f.Fuzz(func(t *testing.T, key, text string) {
		if key == "" || key[0] == '#' || strings.ContainsAny(key, " \t\n\r\"") {
			t.Skip()
		}
		var got [][2]string
		if err := Each(string(Format([]Entry{{Key: key, Text: text}})), func(k, v string) { got = append(got, [2]string{k, v}) }); err != nil {
			t.Fatal(err)
		}
		if len(got) != 1 || got[0][0] != key || got[0][1] != text {
			t.Fatalf("wrote %q = %q, read %q", key, text, got)
		}
		_ = Each(text, func(string, string) {})
	})
}
