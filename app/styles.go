//go:build !wasm

package app

import (
	"bytes"
	"fmt"
	"os"
	"path/filepath"
	"sort"
	"strings"
)

// StylesPath is the page's one stylesheet of ours: every web/*.css joined, base.css first, made
// when the server starts (and written by the static build), so no copy is kept in the tree to
// fall out of step. Measured before (issue 26): with the eleven sheets linked one by one, each
// was its own request (through the service worker's fetch handler offline), and the page's
// plain scripts waited for the last of them. The cascade is the same: the sheets keep the order
// their links had, and none imports another or names a file by a relative url().
const StylesPath = "/styles.css"

// styleSheets orders the stylesheets among files (paths relative to the web directory): base.css
// first, later sheets (per screen, per game) refine it; the rest by name.
func styleSheets(files []string) []string {
	var css []string
	for _, f := range files {
		if strings.HasSuffix(f, ".css") {
			css = append(css, f)
		}
	}
	sort.Slice(css, func(i, j int) bool {
		if (css[i] == "base.css") != (css[j] == "base.css") {
			return css[i] == "base.css"
		}
		return css[i] < css[j]
	})
	return css
}

// styleBundle joins the stylesheets of dir (styleSheets' order) into one, each under a comment
// naming its file. It refuses a sheet that @imports another (an @import is void past a bundle's
// first rule) or names a file by a relative url() (relative to /web/, not to the bundle).
func styleBundle(dir string) ([]byte, error) {
	files, err := webFiles(dir)
	if err != nil {
		return nil, err
	}
	var b bytes.Buffer
	for _, f := range styleSheets(files) {
		css, err := os.ReadFile(filepath.Join(dir, filepath.FromSlash(f)))
		if err != nil {
			return nil, err
		}
		if bytes.Contains(css, []byte("@import")) || bytes.Contains(css, []byte("@charset")) || relativeURL(css) {
			return nil, fmt.Errorf("%s: an @import, @charset or relative url() cannot be joined into %s", f, StylesPath)
		}
		fmt.Fprintf(&b, "/* web/%s */\n", f)
		b.Write(css)
		if len(css) > 0 && css[len(css)-1] != '\n' {
			b.WriteByte('\n')
		}
	}
	return b.Bytes(), nil
}

// relativeURL reports whether css names a file by a relative url(): one not starting with /,
// data:, # or a scheme.
func relativeURL(css []byte) bool {
	for rest := css; ; {
		i := bytes.Index(rest, []byte("url("))
		if i < 0 {
			return false
		}
		rest = rest[i+len("url("):]
		u := strings.TrimLeft(string(rest[:min(len(rest), 16)]), " \t\n'\"")
		if !strings.HasPrefix(u, "/") && !strings.HasPrefix(u, "data:") && !strings.HasPrefix(u, "#") && !strings.Contains(u, "://") {
			return true
		}
	}
}
