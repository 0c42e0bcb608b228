package i18n

import (
	"io/fs"
	"os"
	"sync"
	"testing"
	"testing/fstest"
)

// BenchmarkFirstUse is what a page pays for its language on first use: reading every registered
// data file of that language (the boards' too, linked by boards_test.go). Run it under wasm for
// the start's share:
//
//	GOOS=js GOARCH=wasm go test -exec="$(go env GOROOT)/lib/wasm/go_js_wasm_exec" -run - -bench FirstUse ./app/i18n/
func BenchmarkFirstUse(b *testing.B) {
	if !Has("card.orb") {
		// Under wasm the boards are not linked (their init needs a browser): read their words
		// from the source tree instead, so the figure is the whole catalog's.
		// Read once into memory, as the embedded files are (node's file calls are slow).
		for _, dir := range []string{"arkhamboard", "highcardboard", "ritualsboard", "shadowsboard"} {
			mem := fstest.MapFS{}
			names, _ := fs.Glob(os.DirFS("../ui/"+dir), "words/*/*.txt")
			for _, name := range names {
				data, err := os.ReadFile("../ui/" + dir + "/" + name)
				if err != nil {
					b.Fatal(err)
				}
				mem[name] = &fstest.MapFile{Data: data}
			}
			AddCatalog(mem)
		}
	}
	for _, l := range Languages {
		b.Run(string(l), func(b *testing.B) {
			n := 0
			for b.Loop() {
				mu.Lock()
				clear(catalogs[l])
				loaded[l] = false
				built[l] = new(sync.Once)
				mu.Unlock()
				ensure(l)
				n = len(catalogs[l])
			}
			b.ReportMetric(float64(n), "messages")
		})
	}
}
