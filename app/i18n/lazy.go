package i18n

import (
	"fmt"
	"io/fs"
	"sort"
	"strings"
	"sync"
	"unsafe"

	"miskatonic/app/i18n/internal/words"
)

// The catalogs are data (words/<lang>/<area>.txt, see the package doc), read the first time a
// language is used rather than built by init code: a page shows one language, and the map
// literals this replaced cost ~196 KB of init code in app.wasm and their build ran at every
// start (issues 11 and 26). English, every lookup's fallback, is read on the first lookup.

// Each language's messages, filled by ensure.
var (
	en = map[string]string{}
	ja = map[string]string{}
	fr = map[string]string{}

	catalogs = map[Lang]map[string]string{English: en, Japanese: ja, French: fr}
)

var (
	sources  = []fs.FS{sharedWords} // AddCatalog's data, read in this order
	steps    = map[Lang][]func(){}  // Go-map parts registered with later, run before the data
	built    = map[Lang]*sync.Once{English: new(sync.Once), Japanese: new(sync.Once), French: new(sync.Once)}
	loaded   = map[Lang]bool{} // languages whose data has been read (under mu)
	problems []string          // duplicate keys and malformed lines, found by TestCatalogData
)

// AddCatalog registers a package's own text: fsys holds words/<lang>/<area>.txt, one file per
// screen or area (a game's board package embeds its words directory and calls this from init).
// Nothing is read until a language is first used, and the catalog keeps substrings of what is
// read, so fsys must be read-only and list its own directories (an embed.FS; fs.ReadDirFS). A key that another file of the same language
// already has is an error reported by the tests (Problems); the first text read is kept.
func AddCatalog(fsys fs.FS) {
	mu.Lock()
	defer mu.Unlock()
	sources = append(sources, fsys)
	for l := range loaded {
		read(l, fsys)
	}
}

// later registers one step of building l's catalog from Go maps (from init only): the way
// catalog files written as Go maps add their text until the converter turns them into data.
//
//lint:ignore U1000 kept for Go-map catalog files (ja_*.go, fr_*.go) until catgen converts them
func later(l Lang, step func()) {
	steps[l] = append(steps[l], step)
}

// ensure builds l's catalog if it is not built yet. Safe for concurrent use; the build holds
// mu, so lookups never see a half-built catalog.
func ensure(l Lang) {
	once := built[l]
	if once == nil {
		return
	}
	once.Do(func() {
		var fetched string
		if loader != nil {
			fetched = loader(l) // may wait on the network: before taking the lock
		}
		mu.Lock()
		defer mu.Unlock()
		for _, step := range steps[l] {
			step()
		}
		steps[l] = nil
		for _, fsys := range sources {
			read(l, fsys)
		}
		addLoaded(l, fetched)
		loaded[l] = true
	})
}

// read adds l's data files in fsys to l's catalog (mu held).
// The directory is listed through the FS's own ReadDir (embed.FS's, sorted by name as Glob
// would be), not globbed: fs.Glob, path.Join and fs.ReadDir's fallback sort link ~60 KB of
// pattern and sorting code into the page for one suffix test (issue 26).
func read(l Lang, fsys fs.FS) {
	dir := "words/" + string(l)
	rd, ok := fsys.(fs.ReadDirFS)
	if !ok {
		problems = append(problems, fmt.Sprintf("%s: a catalog's files must list themselves (fs.ReadDirFS, as embed.FS)", l))
		return
	}
	entries, _ := rd.ReadDir(dir) // no directory: nothing to add, as Glob found nothing
	for _, e := range entries {
		if e.IsDir() || !strings.HasSuffix(e.Name(), ".txt") {
			continue
		}
		name := dir + "/" + e.Name()
		data, err := fs.ReadFile(fsys, name)
		if err == nil && len(data) > 0 {
			// The catalog keeps substrings of the file: one string for the file, none per
			// message. data is this call's own copy and never written, so it may be the string.
			err = words.Each(unsafe.String(&data[0], len(data)), func(k, v string) { add(l, k, v) })
		}
		if err != nil {
			problems = append(problems, fmt.Sprintf("%s: %v", name, err))
		}
	}
}

// add is the one merge of a message into l's catalog (mu held). French gets its typography
// pass (french.go). A key already there is kept and reported.
func add(l Lang, k, v string) {
	cat := catalogs[l]
	if _, dup := cat[k]; dup {
		problems = append(problems, fmt.Sprintf("%s: %q added twice", l, k))
		return
	}
	if l == French {
		v = frTypography(v)
	}
	cat[k] = v
}

// Problems lists the catalogs' duplicate keys and malformed data lines, sorted (for tests: a
// catalog with any is a programming error). It builds every language first.
func Problems() []string {
	for _, l := range Languages {
		ensure(l)
	}
	mu.RLock()
	defer mu.RUnlock()
	out := append([]string(nil), problems...)
	sort.Strings(out)
	return out
}
