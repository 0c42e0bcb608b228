package ui

import (
	"go/parser"
	"go/token"
	"io/fs"
	"path/filepath"
	"strconv"
	"strings"
	"testing"
)

// TestScreensGoThroughSession: no screen (app/ui and the boards below it) imports the network
// packages; what a page reaches others with is app/session's to say (issue 24).
func TestScreensGoThroughSession(t *testing.T) {
	err := filepath.WalkDir(".", func(path string, d fs.DirEntry, err error) error {
		if err != nil || d.IsDir() || !strings.HasSuffix(path, ".go") {
			return err
		}
		f, err := parser.ParseFile(token.NewFileSet(), path, nil, parser.ImportsOnly)
		if err != nil {
			return err
		}
		for _, im := range f.Imports {
			p, _ := strconv.Unquote(im.Path.Value)
			if p == "miskatonic/app/rtc" || p == "miskatonic/app/signal" || strings.HasPrefix(p, "miskatonic/app/rtc/") || strings.HasPrefix(p, "miskatonic/app/signal/") {
				t.Errorf("%s imports %s: go through app/session", path, p)
			}
		}
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
}
