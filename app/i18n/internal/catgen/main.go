// Command catgen turns app/i18n's catalog files written as Go maps into data files
// (words/<lang>/<area>.txt, format in ../words), and sends each game's words to its board
// package. Run from anywhere in the module:
//
//	go run ./app/i18n/internal/catgen
//
// It reads the data files already there, appends every message of every Go-map catalog file of
// app/i18n (en*.go, ja*.go, fr*.go and files of map[Lang]map[string]string), writes the data,
// deletes the Go files it converted, drops the tests that read their variables, and writes a
// board package's catalog.go (its go:embed and i18n.AddCatalog) if it has none. A key twice in
// one language, or a map it cannot read as plain strings, stops it before it writes anything.
// Run twice, the second run changes nothing.
package main

import (
	"bytes"
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"sort"
	"strings"

	"miskatonic/app/i18n/internal/words"
)

var langs = []string{"en", "ja", "fr"}

// file is one data file's place: package directory, language, area.
type file struct{ dir, lang, area string }

func main() {
	root, err := moduleRoot()
	if err == nil {
		err = run(root)
	}
	if err != nil {
		fmt.Fprintln(os.Stderr, "catgen:", err)
		os.Exit(1)
	}
}

func run(root string) error {
	data := map[file][]words.Entry{}
	seen := map[string]string{} // lang + key → where it was found
	var dups []string
	put := func(f file, e words.Entry, from string) {
		id := f.lang + " " + e.Key
		if was, ok := seen[id]; ok {
			dups = append(dups, fmt.Sprintf("%s: %q in %s and %s", f.lang, e.Key, was, from))
			return
		}
		seen[id] = from
		data[f] = append(data[f], e)
	}
	dirs := []string{"app/i18n"}
	for _, d := range gamePrefixes {
		dirs = append(dirs, d)
	}
	dirs = uniq(dirs)
	// The data already there, file by file, in its order.
	for _, dir := range dirs {
		for _, lang := range langs {
			names, _ := filepath.Glob(filepath.Join(root, dir, "words", lang, "*.txt"))
			for _, name := range names {
				b, err := os.ReadFile(name)
				if err != nil {
					return err
				}
				entries, err := words.Parse(b)
				if err != nil {
					return fmt.Errorf("%s: %w", name, err)
				}
				area := strings.TrimSuffix(filepath.Base(name), ".txt")
				for _, e := range entries {
					put(file{dir, lang, area}, e, name)
				}
			}
		}
	}
	// The Go maps, file by file in init order.
	i18nDir := filepath.Join(root, "app/i18n")
	cats, err := readGoCatalogs(i18nDir)
	if err != nil {
		return err
	}
	for _, c := range cats {
		for _, m := range c.msgs {
			dir, area := route(m.Key)
			put(file{dir, m.lang, area}, m.Entry, c.name)
		}
	}
	if len(dups) > 0 {
		sort.Strings(dups)
		return errors.New("keys twice in one language:\n\t" + strings.Join(dups, "\n\t"))
	}
	// Write: data, then the boards' registration, then delete what was converted.
	var written []string
	for f, entries := range data {
		name := filepath.Join(root, f.dir, "words", f.lang, f.area+".txt")
		if err := writeIfChanged(name, words.Format(entries)); err != nil {
			return err
		}
		written = append(written, name)
	}
	for _, dir := range dirs {
		if dir == "app/i18n" || !hasData(data, dir) {
			continue
		}
		if err := writeRegistration(filepath.Join(root, dir)); err != nil {
			return err
		}
	}
	removed := map[string]bool{}
	for _, c := range cats {
		if err := os.Remove(filepath.Join(i18nDir, c.name)); err != nil {
			return err
		}
		for _, id := range c.idents {
			removed[id] = true
		}
	}
	if err := pruneTests(i18nDir, removed); err != nil {
		return err
	}
	fmt.Printf("catgen: %d Go catalog files converted, %d data files\n", len(cats), len(written))
	return nil
}

func hasData(data map[file][]words.Entry, dir string) bool {
	for f := range data {
		if f.dir == dir {
			return true
		}
	}
	return false
}

func writeIfChanged(name string, b []byte) error {
	if old, err := os.ReadFile(name); err == nil && bytes.Equal(old, b) {
		return nil
	}
	if err := os.MkdirAll(filepath.Dir(name), 0o755); err != nil {
		return err
	}
	return os.WriteFile(name, b, 0o644)
}

// writeRegistration gives a board package the file that embeds and registers its words.
func writeRegistration(dir string) error {
	name := filepath.Join(dir, "catalog.go")
	if _, err := os.Stat(name); err == nil {
		return nil
	}
	pkg := filepath.Base(dir)
	src := "package " + pkg + `

import (
	"embed"

	"miskatonic/app/i18n"
)

// catalogWords is this game's text in every language: words/<lang>/<area>.txt (format in app/i18n).
//
//go:embed words
var catalogWords embed.FS

func init() { i18n.AddCatalog(catalogWords) }
`
	return os.WriteFile(name, []byte(src), 0o644)
}

func moduleRoot() (string, error) {
	dir, err := os.Getwd()
	if err != nil {
		return "", err
	}
	for {
		if _, err := os.Stat(filepath.Join(dir, "go.mod")); err == nil {
			return dir, nil
		}
		up := filepath.Dir(dir)
		if up == dir {
			return "", errors.New("no go.mod above the working directory")
		}
		dir = up
	}
}

func uniq(s []string) []string {
	sort.Strings(s)
	out := s[:0]
	for i, v := range s {
		if i == 0 || v != s[i-1] {
			out = append(out, v)
		}
	}
	return out
}
