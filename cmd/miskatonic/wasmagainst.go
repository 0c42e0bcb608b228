//go:build !wasm

package main

import (
	"fmt"
	"io"
	"sort"
)

// printAgainst writes what each package costs beyond a yardstick build (issue 26: the fair
// minimal go-app + pion app, app/e2e/testdata/minimal): code bytes here minus code bytes there,
// largest first, and the totals. A package the yardstick also links shows only what we add to
// it (go-app's element types we use, encoding/json's decoder paths); what only we link shows
// whole. Functions count too: every function adds its name, line tables and, in a Go wasm,
// ~320 bytes of the runtime's findfunctab (one 64 KiB PC range each), so data follows code.
func printAgainst(w io.Writer, ours, base map[string]int, oursFuncs, baseFuncs, top int) {
	type row struct {
		pkg  string
		diff int
	}
	var rows []row
	var oursCode, baseCode int
	seen := map[string]bool{}
	for p, n := range ours {
		oursCode += n
		seen[p] = true
		rows = append(rows, row{p, n - base[p]})
	}
	for p, n := range base {
		baseCode += n
		if !seen[p] {
			rows = append(rows, row{p, -n})
		}
	}
	sort.Slice(rows, func(i, j int) bool {
		return rows[i].diff > rows[j].diff || rows[i].diff == rows[j].diff && rows[i].pkg < rows[j].pkg
	})
	fmt.Fprintf(w, "code: ours %s against the yardstick's %s (%.2f×), %d functions against %d; beyond it by package:\n",
		mib(int64(oursCode)), mib(int64(baseCode)), float64(oursCode)/float64(max(baseCode, 1)), oursFuncs, baseFuncs)
	for i, r := range rows {
		if i == top || r.diff <= 0 {
			break
		}
		only := ""
		if base[r.pkg] == 0 {
			only = "  (ours only)"
		}
		fmt.Fprintf(w, "  %10s  %5.1f%% of the gap  %s%s\n", mib(int64(r.diff)), 100*float64(r.diff)/float64(max(oursCode-baseCode, 1)), r.pkg, only)
	}
}

// functionCount is the number of function bodies in a wasm module (0 if it cannot be read).
func functionCount(wasm []byte) int {
	if len(wasm) < 8 {
		return 0
	}
	r := &wasmReader{b: wasm[8:]}
	for len(r.b) > 0 && r.err == nil {
		id := r.byte()
		sec := &wasmReader{b: r.bytes(int(r.uleb()))}
		if id == 10 {
			return int(sec.uleb())
		}
	}
	return 0
}
