//go:build !(js && wasm)

package main

import (
	"flag"
	"log"
	"net/http"
	"path/filepath"

	"github.com/maxence-charriere/go-app/v9/pkg/app"

	mkapp "miskatonic/app"
)

func main() {
	app.Route("/", &home{})
	addr := flag.String("addr", "localhost:0", "address")
	web := flag.String("web", "web", "directory with app.wasm, app.wasm.br and wasm_exec.js (go-app serves ./web)")
	flag.Parse()
	files := http.FileServer(http.Dir(*web))
	mux := http.NewServeMux()
	// go-app serves ./web at /web/. Its default icon lives on GitHub, out of reach offline and in
	// the tests' sandbox, and its service worker does not install without it: a local one.
	//
	// It loads app.wasm with our loader (boot.js in the head, go-app's app.js patched: see
	// miskatonic/app/boot.go), as ours does: that loader is generic, so the yardstick gets it
	// too and the start test compares the apps, not their loaders.
	h := &app.Handler{Name: "Minimal", Title: "Minimal", Icon: app.Icon{Default: "/web/icon.png"}, Scripts: []string{mkapp.BootScriptPath}}
	loader, err := mkapp.LoaderScripts(h, h)
	if err != nil {
		log.Fatal(err)
	}
	mux.Handle("/", loader)
	// Served as ours is: Go 1.26's wasm_exec.js (go-app embeds an older one), and app.wasm as
	// brotli when a compressed copy sits beside it, so only the apps differ.
	mux.HandleFunc("/wasm_exec.js", func(w http.ResponseWriter, r *http.Request) {
		http.ServeFile(w, r, filepath.Join(*web, "wasm_exec.js"))
	})
	mux.HandleFunc("/web/app.wasm", func(w http.ResponseWriter, r *http.Request) {
		w.Header().Set("Content-Type", "application/wasm")
		w.Header().Set("Content-Encoding", "br")
		w.Header().Set("Cache-Control", "no-cache")
		r.URL.Path = "/app.wasm.br"
		files.ServeHTTP(w, r)
	})
	log.Fatal(http.ListenAndServe(*addr, mux))
}
