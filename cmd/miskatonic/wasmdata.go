//go:build !wasm

package main

import (
	"encoding/binary"
	"errors"
	"fmt"
	"io"

	"miskatonic/app"
)

// A dataPart is one kind of bytes in a Go wasm's data section.
type dataPart struct {
	name string
	raw  []byte
}

// dataParts splits a Go wasm's initial memory by what the runtime's module data says lies where:
// type data and the other read-only data (strings, tables), the function names, the PC tables
// (stack sizes and file:line for every instruction), the function table, the funcdata (stack
// maps), findfunctab (a PC→function index, large in wasm whose PCs are function<<16 but nearly
// all repeats) and the writable data. It finds the module data by the pclntab header's magic
// (Go 1.20 and later) and the pointer to it; a module laid out otherwise returns an error.
func dataParts(wasm []byte) ([]dataPart, error) {
	mem, err := memoryOf(wasm)
	if err != nil {
		return nil, err
	}
	u64 := func(a uint64) uint64 {
		if a+8 > uint64(len(mem)) {
			return 0
		}
		return binary.LittleEndian.Uint64(mem[a:])
	}
	var hdr uint64
	for a := 0; a+8 <= len(mem); a += 8 {
		if binary.LittleEndian.Uint32(mem[a:]) == 0xfffffff1 && mem[a+4] == 0 && mem[a+5] == 0 && mem[a+7] == 8 {
			hdr = uint64(a)
			break
		}
	}
	if hdr == 0 {
		return nil, errors.New("no Go 1.20+ pclntab header")
	}
	// The module data points at the header, and its function name table where the header says
	// (funcnameOffset, the fifth word after the magic's): other words may hold the same number.
	var md uint64
	for a := uint64(0); a+16 <= uint64(len(mem)); a += 8 {
		if u64(a) == hdr && u64(a+8) == hdr+u64(hdr+32) {
			md = a
			break
		}
	}
	if md == 0 {
		return nil, errors.New("no module data")
	}
	// runtime.moduledata: pcHeader, then the slices funcnametab, cutab, filetab, pctab,
	// pclntable, ftab (3 words each), findfunctab, minpc, maxpc, text, etext, noptrdata,
	// enoptrdata, data, edata, bss, ebss, noptrbss, enoptrbss, covctrs, ecovctrs, end, gcdata,
	// gcbss, types, etypes, rodata, gofunc, epclntab.
	w := func(i int) uint64 { return u64(md + 8*uint64(i)) }
	funcnametab, cutab, pctab, pclntable := w(1), w(4), w(10), w(13)
	findfunctab, noptrdata, edata := w(19), w(24), w(27)
	types, gofunc, epclntab := w(37), w(40), w(41)
	if edata > uint64(len(mem)) && edata < 1<<30 { // trailing zeros have no segment
		mem = append(mem, make([]byte, edata-uint64(len(mem)))...)
	}
	bounds := []uint64{types, hdr, funcnametab, cutab, pctab, pclntable, gofunc, findfunctab, epclntab, noptrdata, edata}
	for i := 1; i < len(bounds); i++ {
		if bounds[i] < bounds[i-1] || bounds[i] > uint64(len(mem)) {
			return nil, errors.New("module data out of the expected order")
		}
	}
	part := func(name string, a, b uint64) dataPart { return dataPart{name, mem[a:b]} }
	return []dataPart{
		part("types, strings, read-only data", types, hdr),
		part("function names", hdr, cutab),
		part("file tables", cutab, pctab),
		part("pc tables (stack sizes, lines)", pctab, pclntable),
		part("function table", pclntable, gofunc),
		part("funcdata (stack maps)", gofunc, findfunctab),
		part("findfunctab", findfunctab, epclntab),
		part("module data, variables", epclntab, edata),
	}, nil
}

// memoryOf is the memory a wasm module's data segments initialise (from address 0 up to the
// last byte written).
func memoryOf(wasm []byte) ([]byte, error) {
	if len(wasm) < 8 || string(wasm[:4]) != "\x00asm" {
		return nil, errors.New("not a wasm module")
	}
	r := &wasmReader{b: wasm[8:]}
	var mem []byte
	for len(r.b) > 0 && r.err == nil {
		id := r.byte()
		sec := &wasmReader{b: r.bytes(int(r.uleb()))}
		if id != 11 {
			continue
		}
		for n := sec.uleb(); n > 0 && sec.err == nil; n-- {
			if sec.uleb() != 0 || sec.byte() != 0x41 {
				return nil, errors.New("a data segment of a form Go does not write")
			}
			off := sec.sleb()
			sec.byte()
			data := sec.bytes(int(sec.uleb()))
			if off < 0 || off+int64(len(data)) > 1<<30 {
				return nil, errors.New("a data segment out of range")
			}
			if end := int(off) + len(data); end > len(mem) {
				mem = append(mem, make([]byte, end-len(mem))...)
			}
			copy(mem[off:], data)
		}
		if sec.err != nil {
			return nil, sec.err
		}
	}
	return mem, r.err
}

// printDataParts writes each part's raw and brotli (server quality) size.
func printDataParts(w io.Writer, parts []dataPart) {
	fmt.Fprintf(w, "data by kind (raw, brotli alone):\n")
	for _, p := range parts {
		fmt.Fprintf(w, "  %10s  %10s  %s\n", mib(int64(len(p.raw))), mib(int64(len(app.Brotli(p.raw)))), p.name)
	}
}
