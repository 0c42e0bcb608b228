package main

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// A small module with Go-map catalog files of each kind the app has: the converter writes data
// by area and game, deletes the Go files, prunes their merge tests, leaves other code alone, and
// changes nothing when run again.
func TestConvert(t *testing.T) {
	root := t.TempDir()
	write := func(name, src string) {
		p := filepath.Join(root, name)
		if err := os.MkdirAll(filepath.Dir(p), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(p, []byte(src), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	write("go.mod", "module miskatonic\n")
	write("app/i18n/en_connect16.go", `package i18n

// enConnect is the English of connecting.
var enConnect = map[string]string{
	// How a guest connects.
	"conn.try": "Trying "+"%[1]v…", // an ellipsis
	"ark.take": "Take \"it\"\nnow",
}

var connectKeyClashes []string

func init() {
	for k, v := range enConnect {
		en[k] = v
	}
}
`)
	write("app/i18n/fr_connect16.go", `package i18n

func frConnect() map[string]string {
	return map[string]string{
		"conn.try": "Essai : %[1]v…",
		"ark.take": "Prendre\u00a0!",
	}
}
`)
	write("app/i18n/lobby_note.go", `package i18n

var lobbyNote = map[Lang]map[string]string{
	English:  {"rit.lobby.two": "Two"},
	Japanese: {"rit.lobby.two": "二人"},
}
`)
	write("app/i18n/plural.go", "package i18n\n\nvar pluralArg = map[string]int{\"x\": 2}\n")
	write("app/i18n/en_connect16_test.go", `package i18n

import (
	"strings"
	"testing"
)

func TestConnectMerged(t *testing.T) {
	if len(connectKeyClashes) > 0 || strings.Contains(frConnect()["conn.try"], "x") {
		t.Fatal(enConnect)
	}
}

func TestOther(t *testing.T) {}
`)
	write("app/ui/ritualsboard/words/en/table.txt", "rit.old = \"Old\"\n")
	if err := run(root); err != nil {
		t.Fatal(err)
	}
	want := map[string]string{
		"app/i18n/words/en/connect.txt":          "# How a guest connects.\n# an ellipsis\nconn.try = \"Trying %[1]v…\"\n",
		"app/i18n/words/fr/connect.txt":          "conn.try = \"Essai : %[1]v…\"\n",
		"app/ui/arkhamboard/words/en/table.txt":  "ark.take = \"Take \\\"it\\\"\\nnow\"\n",
		"app/ui/arkhamboard/words/fr/table.txt":  "ark.take = \"Prendre\\u00a0!\"\n",
		"app/ui/ritualsboard/words/en/table.txt": "rit.old = \"Old\"\n",
		"app/ui/ritualsboard/words/en/lobby.txt": "rit.lobby.two = \"Two\"\n",
		"app/ui/ritualsboard/words/ja/lobby.txt": "rit.lobby.two = \"二人\"\n",
		"app/i18n/plural.go":                     "package i18n\n\nvar pluralArg = map[string]int{\"x\": 2}\n",
		"app/i18n/en_connect16_test.go":          "package i18n\n\nimport (\n\t\"testing\"\n)\n\nfunc TestOther(t *testing.T) {}\n",
	}
	check := func() {
		for name, w := range want {
			b, err := os.ReadFile(filepath.Join(root, name))
			if err != nil || string(b) != w {
				t.Errorf("%s = %q (%v), want %q", name, b, err, w)
			}
		}
		for _, gone := range []string{"app/i18n/en_connect16.go", "app/i18n/fr_connect16.go", "app/i18n/lobby_note.go"} {
			if _, err := os.Stat(filepath.Join(root, gone)); err == nil {
				t.Errorf("%s not deleted", gone)
			}
		}
		if b, err := os.ReadFile(filepath.Join(root, "app/ui/arkhamboard/catalog.go")); err != nil || !strings.Contains(string(b), "i18n.AddCatalog(catalogWords)") {
			t.Errorf("arkhamboard/catalog.go: %v %s", err, b)
		}
	}
	check()
	if err := run(root); err != nil {
		t.Fatal(err)
	}
	check()
	// A key the data already has stops the converter before it writes.
	write("app/i18n/en_again.go", "package i18n\n\nvar enAgain = map[string]string{\"conn.try\": \"Again\"}\n")
	if err := run(root); err == nil || !strings.Contains(err.Error(), `"conn.try"`) {
		t.Errorf("a duplicate key: error %v", err)
	}
	if _, err := os.Stat(filepath.Join(root, "app/i18n/en_again.go")); err != nil {
		t.Error("a failed run deleted a Go file")
	}
}

// A test that checks a merge and then something else keeps the something else.
func TestPruneKeepsOtherChecks(t *testing.T) {
	src := `package i18n

import (
	"strings"
	"testing"
)

// Doc.
func TestMixed(t *testing.T) {
	if len(whyKeyClashes) > 0 {
		t.Fatal(whyKeyClashes)
	}
	m := enWhy
	for k := range m {
		_ = k
	}
	if !strings.HasPrefix("why.x", "why.") {
		t.Fatal("no")
	}
}
`
	out, keep, err := prune([]byte(src), map[string]bool{"whyKeyClashes": true, "enWhy": true})
	if err != nil || !keep {
		t.Fatal(err, keep)
	}
	got := string(out)
	if strings.Contains(got, "whyKeyClashes") || strings.Contains(got, "range m") || !strings.Contains(got, `strings.HasPrefix("why.x"`) || !strings.Contains(got, "// Doc.") {
		t.Errorf("pruned to:\n%s", got)
	}
}
