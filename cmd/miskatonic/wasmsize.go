//go:build !wasm

package main

import (
	"encoding/binary"
	"errors"
	"fmt"
	"io"
	"runtime/debug"
	"sort"
	"strings"
)

// packageSizes attributes a wasm module's code to Go packages: each function body's bytes go
// to the package in its name (from the "name" section, present unless built with -s). Data
// segments (rodata, type data, strings) cannot be split by package and are reported whole.
func packageSizes(wasm []byte) (pkgs map[string]int, data int, err error) {
	if len(wasm) < 8 || string(wasm[:4]) != "\x00asm" {
		return nil, 0, errors.New("not a wasm module")
	}
	r := &wasmReader{b: wasm[8:]}
	var imported int
	var bodies []int
	names := map[int]string{}
	for len(r.b) > 0 {
		id := r.byte()
		sec := &wasmReader{b: r.bytes(int(r.uleb()))}
		switch id {
		case 2: // imports: imported functions take the first function indices
			for n := sec.uleb(); n > 0; n-- {
				sec.bytes(int(sec.uleb()))
				sec.bytes(int(sec.uleb()))
				switch sec.byte() {
				case 0:
					sec.uleb()
					imported++
				case 1:
					sec.byte()
					sec.limits()
				case 2:
					sec.limits()
				case 3:
					sec.byte()
					sec.byte()
				}
			}
		case 10: // code
			for n := sec.uleb(); n > 0; n-- {
				size := int(sec.uleb())
				sec.bytes(size)
				bodies = append(bodies, size)
			}
		case 11: // data
			data += len(sec.b)
		case 0:
			if string(sec.bytes(int(sec.uleb()))) != "name" {
				continue
			}
			for len(sec.b) > 0 && sec.err == nil {
				sub := sec.byte()
				body := &wasmReader{b: sec.bytes(int(sec.uleb()))}
				if sub != 1 {
					continue
				}
				for n := body.uleb(); n > 0 && body.err == nil; n-- {
					idx := int(body.uleb())
					names[idx] = string(body.bytes(int(body.uleb())))
				}
			}
		}
		if sec.err != nil {
			return nil, 0, sec.err
		}
	}
	if r.err != nil {
		return nil, 0, r.err
	}
	if len(names) == 0 {
		return nil, 0, errors.New("the module has no names (built with -s?)")
	}
	pkgs = map[string]int{}
	for i, size := range bodies {
		pkgs[packageOf(names[imported+i])] += size
	}
	return pkgs, data, nil
}

// packageOf is the package part of a function's name in a Go wasm, where the linker writes
// "/" as "_": "miskatonic_app_ui.(*Home).Render" → "miskatonic/app/ui",
// "github.com_pion_sctp.(*Association).x" → "github.com/pion/sctp".
func packageOf(sym string) string {
	if sym == "" {
		return "(unnamed)"
	}
	if i := strings.IndexByte(sym, '['); i >= 0 {
		sym = sym[:i] // generic instantiations name other packages inside the brackets
	}
	start := 0
	if u := strings.IndexByte(sym, '_'); u > 0 && strings.Contains(sym[:u], ".") && !strings.HasSuffix(sym[:u], ".") {
		start = u // a domain: its dots are not the package's end
	}
	if dot := strings.IndexByte(sym[start:], '.'); dot >= 0 {
		sym = sym[:start+dot]
	}
	return strings.ReplaceAll(sym, "_", "/")
}

// modulePaths gives back their hyphens to module paths in package names: the linker writes both
// "/" and "-" as "_", so packageOf reads "github.com/maxence-charriere/go-app/v9/pkg/app" as
// "github.com/maxence/charriere/go/app/v9/pkg/app". modules are the module paths to restore.
func modulePaths(pkgs map[string]int, modules []string) map[string]int {
	out := make(map[string]int, len(pkgs))
	for p, n := range pkgs {
		for _, m := range modules {
			if read := strings.ReplaceAll(m, "-", "/"); read != m && (p == read || strings.HasPrefix(p, read+"/")) {
				p = m + p[len(read):]
				break
			}
		}
		out[p] += n
	}
	return out
}

// buildModules lists the modules this binary was built with (the wasm's are among them: the
// native build links go-app and pion too).
func buildModules() []string {
	bi, ok := debug.ReadBuildInfo()
	if !ok {
		return nil
	}
	var ms []string
	for _, d := range bi.Deps {
		ms = append(ms, d.Path)
	}
	return ms
}

// printPackageSizes writes the top packages by code bytes, and the same grouped by module-ish
// prefix (first three path elements of a domain path, first element otherwise).
func printPackageSizes(w io.Writer, pkgs map[string]int, data, top int) {
	total := data
	groups := map[string]int{}
	for p, n := range pkgs {
		total += n
		groups[groupOf(p)] += n
	}
	show := func(title string, m map[string]int, limit int) {
		type kv struct {
			k string
			n int
		}
		var rows []kv
		for k, n := range m {
			rows = append(rows, kv{k, n})
		}
		sort.Slice(rows, func(i, j int) bool { return rows[i].n > rows[j].n || rows[i].n == rows[j].n && rows[i].k < rows[j].k })
		fmt.Fprintf(w, "%s\n", title)
		for i, r := range rows {
			if i == limit {
				break
			}
			fmt.Fprintf(w, "  %10s  %5.1f%%  %s\n", mib(int64(r.n)), 100*float64(r.n)/float64(total), r.k)
		}
	}
	fmt.Fprintf(w, "code %s + data %s (uncompressed)\n", mib(int64(total-data)), mib(int64(data)))
	show("by module:", groups, top)
	show("by package:", pkgs, top)
}

func groupOf(pkg string) string {
	parts := strings.Split(pkg, "/")
	if strings.Contains(parts[0], ".") && len(parts) >= 3 {
		return strings.Join(parts[:3], "/")
	}
	if parts[0] == "miskatonic" && len(parts) >= 2 {
		return strings.Join(parts[:2], "/")
	}
	return parts[0]
}

type wasmReader struct {
	b   []byte
	err error
}

func (r *wasmReader) byte() byte {
	if len(r.b) == 0 {
		r.fail()
		return 0
	}
	c := r.b[0]
	r.b = r.b[1:]
	return c
}

func (r *wasmReader) bytes(n int) []byte {
	if n < 0 || n > len(r.b) {
		r.fail()
		return nil
	}
	out := r.b[:n]
	r.b = r.b[n:]
	return out
}

func (r *wasmReader) uleb() uint64 {
	v, n := binary.Uvarint(r.b)
	if n <= 0 {
		r.fail()
		return 0
	}
	r.b = r.b[n:]
	return v
}

func (r *wasmReader) limits() {
	if r.byte()&1 != 0 {
		r.uleb()
	}
	r.uleb()
}

func (r *wasmReader) fail() {
	if r.err == nil {
		r.err = errors.New("wasm module cut short")
	}
	r.b = nil
}
