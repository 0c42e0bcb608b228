//go:build !wasm

package main

import (
	"bytes"
	"encoding/binary"
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"sort"

	"miskatonic/app"
)

func init() {
	commands["pack"] = command{summary: "merge a Go wasm's data segments in place and write its brotli copy beside it (make wasm runs it)", run: runPack}
}

// packGap is the longest run of zeros kept inside one merged segment. Go's linker starts a new
// data segment at every run of 8 zero bytes and stops at 100,000 segments (it hits the cap on our
// app): their headers (an offset and a length each, ~0.8 MB that compress poorly) cost more than
// the zeros they skip, which brotli squeezes to almost nothing. Measured on app.wasm: 100,000
// segments → 5, raw +0.96 MB, brotli (quality 11) −125 KB.
const packGap = 4096

func runPack(args []string) error {
	if len(args) != 1 {
		return errors.New("usage: miskatonic pack FILE.wasm")
	}
	name := args[0]
	b, err := os.ReadFile(name)
	if err != nil {
		return err
	}
	packed, before, after, err := packDataSegments(b, packGap)
	if err != nil {
		return fmt.Errorf("%s: %w", name, err)
	}
	br := app.BrotliBest(packed)
	// The wasm first, then its brotli copy, both written aside and renamed: a server precompressing
	// (serve, app.Precompress) takes a .br only when it is not older than the wasm.
	for _, f := range []struct {
		name string
		b    []byte
	}{{name, packed}, {name + ".br", br}} {
		tmp, err := os.CreateTemp(filepath.Dir(f.name), ".pack-*")
		if err != nil {
			return err
		}
		_, err = tmp.Write(f.b)
		if cerr := tmp.Close(); err == nil {
			err = cerr
		}
		if err == nil {
			err = os.Chmod(tmp.Name(), 0o644)
		}
		if err == nil {
			err = os.Rename(tmp.Name(), f.name)
		}
		if err != nil {
			os.Remove(tmp.Name())
			return err
		}
	}
	fmt.Printf("%s: %d data segments → %d; raw %s, brotli %s\n", name, before, after, mib(int64(len(packed))), mib(int64(len(br))))
	return nil
}

// packDataSegments returns the module with its data segments merged wherever the zeros between
// two of them are at most gap bytes long. Memory starts zeroed, so the merged segments write the
// same bytes to the same addresses. Every other section is copied as is. Segments of any form
// but Go's (active, memory 0, an i32.const offset), or overlapping, are refused with an error.
func packDataSegments(wasm []byte, gap int) (out []byte, before, after int, err error) {
	if len(wasm) < 8 || string(wasm[:4]) != "\x00asm" {
		return nil, 0, 0, errors.New("not a wasm module")
	}
	type segment struct {
		off  int64
		data []byte
	}
	r := &wasmReader{b: wasm[8:]}
	var buf bytes.Buffer
	buf.Write(wasm[:8])
	for len(r.b) > 0 && r.err == nil {
		id := r.byte()
		body := r.bytes(int(r.uleb()))
		if r.err != nil {
			break
		}
		if id != 11 {
			buf.WriteByte(id)
			buf.Write(binary.AppendUvarint(nil, uint64(len(body))))
			buf.Write(body)
			continue
		}
		sec := &wasmReader{b: body}
		var segs []segment
		for n := sec.uleb(); n > 0 && sec.err == nil; n-- {
			if sec.uleb() != 0 || sec.byte() != 0x41 { // active in memory 0; i32.const
				return nil, 0, 0, errors.New("a data segment of a form Go does not write")
			}
			off := sec.sleb()
			if sec.byte() != 0x0b { // end of the offset expression
				return nil, 0, 0, errors.New("a data segment offset that is not a constant")
			}
			segs = append(segs, segment{off, sec.bytes(int(sec.uleb()))})
		}
		if sec.err != nil {
			return nil, 0, 0, sec.err
		}
		if len(sec.b) != 0 {
			return nil, 0, 0, errors.New("bytes after the last data segment")
		}
		before = len(segs)
		// Go writes its sections' segments in its own order (the module data lies above the
		// pclntab it comes before): sort by address. Segments that do not overlap write the same
		// memory in any order.
		sort.SliceStable(segs, func(i, j int) bool { return segs[i].off < segs[j].off })
		var merged []segment
		for _, s := range segs {
			if k := len(merged) - 1; k >= 0 {
				last := &merged[k]
				end := last.off + int64(len(last.data))
				if s.off < end {
					return nil, 0, 0, errors.New("overlapping data segments")
				}
				if s.off-end <= int64(gap) {
					last.data = append(last.data, make([]byte, s.off-end)...)
					last.data = append(last.data, s.data...)
					continue
				}
			}
			merged = append(merged, segment{s.off, append([]byte(nil), s.data...)})
		}
		after = len(merged)
		nb := binary.AppendUvarint(nil, uint64(len(merged)))
		for _, s := range merged {
			nb = append(nb, 0, 0x41)
			nb = appendSleb(nb, s.off)
			nb = append(nb, 0x0b)
			nb = binary.AppendUvarint(nb, uint64(len(s.data)))
			nb = append(nb, s.data...)
		}
		buf.WriteByte(11)
		buf.Write(binary.AppendUvarint(nil, uint64(len(nb))))
		buf.Write(nb)
	}
	if r.err != nil {
		return nil, 0, 0, r.err
	}
	return buf.Bytes(), before, after, nil
}

// sleb reads a signed LEB128 number (an i32.const's operand).
func (r *wasmReader) sleb() int64 {
	var v int64
	var shift uint
	for {
		c := r.byte()
		if r.err != nil {
			return 0
		}
		v |= int64(c&0x7f) << shift
		shift += 7
		if c&0x80 == 0 {
			if shift < 64 && c&0x40 != 0 {
				v |= -1 << shift
			}
			return v
		}
		if shift >= 64 {
			r.fail()
			return 0
		}
	}
}

func appendSleb(b []byte, v int64) []byte {
	for {
		c := byte(v & 0x7f)
		v >>= 7
		if v == 0 && c&0x40 == 0 || v == -1 && c&0x40 != 0 {
			return append(b, c)
		}
		b = append(b, c|0x80)
	}
}
