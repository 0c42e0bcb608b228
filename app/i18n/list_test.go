package i18n

import (
	"io/fs"
	"slices"
	"strings"
	"testing"
	"testing/fstest"
)

// openOnly is an FS that can open files but not list a directory (no ReadDir of its own).
type openOnly struct{ fs fstest.MapFS }

func (o openOnly) Open(name string) (fs.File, error) { return o.fs.Open(name) }

// addAndTakeProblems adds fsys as a catalog, then removes it again and returns what it reported.
func addAndTakeProblems(fsys fs.FS) []string {
	In(English, "app.name") // English loaded: AddCatalog reads the new catalog at once
	mu.RLock()
	n := len(problems)
	mu.RUnlock()
	AddCatalog(fsys)
	mu.Lock()
	defer mu.Unlock()
	found := slices.Clone(problems[n:])
	problems = problems[:n]
	sources = sources[:len(sources)-1]
	return found
}

// A catalog's words are the .txt files directly in words/<lang>/ (as the glob words/<lang>/*.txt
// found them): other files and subdirectories add nothing; a catalog that cannot list its
// directories is reported, not silently empty.
func TestCatalogListing(t *testing.T) {
	// Each file repeats a key English has, so reading it is reported and adds no key; the files
	// that must not be read also have a malformed line.
	bad := "app.name = \"Other\"\nnot a line\n"
	mem := fstest.MapFS{
		"words/en/notes.md":     &fstest.MapFile{Data: []byte(bad)},
		"words/en/sub/more.txt": &fstest.MapFile{Data: []byte(bad)},
		"words/en/ok.txt":       &fstest.MapFile{Data: []byte("app.name = \"Other\"\n")},
	}
	if found := addAndTakeProblems(mem); len(found) != 1 || !strings.Contains(found[0], `"app.name" added twice`) {
		t.Errorf("problems %q, want words/en/ok.txt read (its one duplicate) and nothing else", found)
	}
	found := addAndTakeProblems(openOnly{mem})
	if !slices.ContainsFunc(found, func(p string) bool { return strings.HasPrefix(p, "en: ") }) {
		t.Errorf("a catalog that cannot list itself: problems %q, want English's reported", found)
	}
	for _, p := range found {
		if !strings.Contains(p, "fs.ReadDirFS") {
			t.Errorf("problem %q does not say the catalog must list itself", p)
		}
	}
}
