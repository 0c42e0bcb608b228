package i18n

import (
	"bytes"
	"fmt"
	"io/fs"
	"strings"

	"miskatonic/app/i18n/internal/words"
)

// The browser build embeds English alone (words_js.go in each package with words): a page
// shows one language, and the other two were ~240 KB of app.wasm (~60 KB brotli). The server
// publishes each language's words as one data file (Data, served as /words.<lang>.txt and
// cached by the service worker for offline starts); the page's language script starts fetching
// the visitor's before app.wasm has arrived, and the app reads it through a Loader before its
// first drawing.

// Loader returns a language's data (Data's format) when the build did not embed it, or "".
// It is called once per language, outside the catalog's lock, and may wait.
type Loader func(Lang) string

var loader Loader

// SetLoader installs the loader (from an init, before the first SetLang).
func SetLoader(f Loader) { loader = f }

// Data is l's messages from every registered source, in reading order, as one data file
// (comments and blank lines left out).
func Data(l Lang) []byte {
	mu.RLock()
	srcs := append([]fs.FS(nil), sources...)
	mu.RUnlock()
	var out bytes.Buffer
	dir := "words/" + string(l)
	for _, fsys := range srcs {
		rd, ok := fsys.(fs.ReadDirFS)
		if !ok {
			continue
		}
		entries, _ := rd.ReadDir(dir)
		for _, e := range entries {
			if e.IsDir() || !strings.HasSuffix(e.Name(), ".txt") {
				continue
			}
			data, err := fs.ReadFile(fsys, dir+"/"+e.Name())
			if err != nil {
				continue
			}
			for _, line := range strings.Split(string(data), "\n") {
				if line != "" && line[0] != '#' {
					out.WriteString(line)
					out.WriteByte('\n')
				}
			}
		}
	}
	return out.Bytes()
}

// addLoaded adds what the loader brought for l (mu held). A malformed line stops the reading
// there, as for a file: the messages before it are kept, the rest fall back to English.
func addLoaded(l Lang, data string) {
	if data == "" {
		return
	}
	if err := words.Each(data, func(k, v string) { add(l, k, v) }); err != nil {
		problems = append(problems, fmt.Sprintf("%s: loaded words: %v", l, err))
	}
}
