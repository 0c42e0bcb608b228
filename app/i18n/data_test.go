package i18n

import (
	"io/fs"
	"path"
	"slices"
	"strings"
	"testing"
	"testing/fstest"

	"miskatonic/app/i18n/internal/words"
)

// No key is twice in a language and every data line reads; and the catalogs hold exactly what
// the data files say: every key of every language of every registered package parses and shows
// its text (French after its typography pass).
func TestCatalogData(t *testing.T) {
	if p := Problems(); len(p) > 0 {
		t.Fatalf("catalog problems:\n\t%s", strings.Join(p, "\n\t"))
	}
	mu.RLock()
	srcs := slices.Clone(sources)
	mu.RUnlock()
	n := 0
	for _, fsys := range srcs {
		for _, l := range Languages {
			names, _ := fs.Glob(fsys, path.Join("words", string(l), "*.txt"))
			for _, name := range names {
				b, err := fs.ReadFile(fsys, name)
				if err != nil {
					t.Fatal(err)
				}
				entries, err := words.Parse(b)
				if err != nil {
					t.Errorf("%s/%s: %v", l, name, err)
				}
				for _, e := range entries {
					n++
					want := e.Text
					if l == French {
						want = frSpacing.Replace(want)
					}
					mu.RLock()
					got, ok := catalogs[l][e.Key]
					mu.RUnlock()
					if !ok || got != want {
						t.Errorf("%s %s: catalog has %q, data says %q", l, e.Key, got, want)
					}
				}
			}
		}
	}
	t.Logf("%d messages read from data", n)
}

// A message reads the same whether it comes as data or as a Go map: escapes, plural variants,
// French typography and arguments included, registered before or after first use.
func TestDataAgreesWithGoMap(t *testing.T) {
	msgs := map[Lang]map[string]string{
		English:  {"t": "Two lines:\n\"quoted\" \\ back%%slash %[1]v", "n": "%[1]v cards", "n#one": "%[1]v card"},
		Japanese: {"t": "二行：\n「引用」\u00a0%[1]v", "n": "%[1]v枚"},
		French:   {"t": "Deux lignes :\n« cité » ; 50 %% ? %[1]v !", "n": "%[1]v cartes", "n#one": "%[1]v carte"},
	}
	data := fstest.MapFS{}
	for l, m := range msgs {
		var entries []words.Entry
		goMap := map[string]string{}
		for k, v := range m {
			entries = append(entries, words.Entry{Key: "test.data." + k, Text: v})
			goMap["test.gomap."+k] = v
		}
		data[path.Join("words", string(l), "test.txt")] = &fstest.MapFile{Data: words.Format(entries)}
		Add(l, goMap)
	}
	AddCatalog(data)
	t.Cleanup(func() {
		mu.Lock()
		defer mu.Unlock()
		sources = sources[:len(sources)-1]
		for _, cat := range catalogs {
			for k := range cat {
				if strings.HasPrefix(k, "test.data.") || strings.HasPrefix(k, "test.gomap.") {
					delete(cat, k)
				}
			}
		}
	})
	for _, l := range Languages {
		for _, c := range []struct {
			key  string
			args []any
		}{{"t", []any{"x"}}, {"n", []any{1}}, {"n", []any{0}}, {"n", []any{5}}} {
			fromData, fromGo := In(l, "test.data."+c.key, c.args...), In(l, "test.gomap."+c.key, c.args...)
			if fromData != fromGo || strings.HasPrefix(fromData, "⟨") {
				t.Errorf("%s %s%v: data %q, Go map %q", l, c.key, c.args, fromData, fromGo)
			}
		}
	}
	if got := In(French, "test.data.t", "x"); got != "Deux lignes\u00a0:\n«\u00a0cité\u00a0»\u202f; 50\u202f%\u202f? x\u202f!" {
		t.Errorf("French typography: %q", got)
	}
	if got := In(English, "test.data.n", 1); got != "1 card" {
		t.Errorf("plural variant from data: %q", got)
	}
}

// A key that a language already has is reported, and the first text kept.
func TestDuplicateKeyReported(t *testing.T) {
	before := In(English, "app.name")
	mu.RLock()
	nProblems := len(problems)
	mu.RUnlock()
	AddCatalog(fstest.MapFS{"words/en/dup.txt": &fstest.MapFile{Data: []byte("app.name = \"Other\"\nbad line\n")}})
	mu.Lock()
	found := slices.Clone(problems[nProblems:])
	problems = problems[:nProblems]
	sources = sources[:len(sources)-1]
	mu.Unlock()
	if In(English, "app.name") != before {
		t.Errorf("a duplicate replaced app.name: %q", In(English, "app.name"))
	}
	joined := strings.Join(found, "\n")
	if !strings.Contains(joined, `"app.name" added twice`) || !strings.Contains(joined, "line 2") {
		t.Errorf("problems = %q, want the duplicate and the bad line", found)
	}
}

// The fast path of the French pass agrees with the full pass on every French message and on
// the cases at a message's edges.
func TestFrenchTypographyFastPath(t *testing.T) {
	cases := []string{"", " ", "a :", " :b", "« a »", "«\u00a0a\u00a0»", "50 %%", "50 %", "a ! b ?", "plain text", "a  ;", "x «", "« "}
	mu.RLock()
	for _, v := range fr {
		cases = append(cases, v, strings.ReplaceAll(strings.ReplaceAll(v, "\u00a0", " "), "\u202f", " "))
	}
	mu.RUnlock()
	for _, c := range cases {
		if got, want := frTypography(c), frSpacing.Replace(c); got != want {
			t.Errorf("frTypography(%q) = %q, want %q", c, got, want)
		}
	}
}
