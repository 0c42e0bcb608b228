//go:build !wasm

package main

import (
	"bytes"
	"encoding/binary"
	"os"
	"os/exec"
	"path/filepath"
	"testing"
)

// goSegment is one data segment as Go's linker writes it: active, memory 0, i32.const offset.
func goSegment(off int64, data string) []byte {
	b := appendSleb([]byte{0, 0x41}, off)
	b = append(b, 0x0b)
	b = binary.AppendUvarint(b, uint64(len(data)))
	return append(b, data...)
}

func module(sections ...[]byte) []byte {
	m := []byte("\x00asm\x01\x00\x00\x00")
	for _, s := range sections {
		m = append(m, s...)
	}
	return m
}

func section(id byte, payload []byte) []byte {
	return append(binary.AppendUvarint([]byte{id}, uint64(len(payload))), payload...)
}

func dataSection(segs ...[]byte) []byte {
	p := binary.AppendUvarint(nil, uint64(len(segs)))
	for _, s := range segs {
		p = append(p, s...)
	}
	return section(11, p)
}

// memoryImage is what the module's data segments write into a zeroed memory.
func memoryImage(t *testing.T, wasm []byte) []byte {
	t.Helper()
	mem := make([]byte, 1<<16)
	r := &wasmReader{b: wasm[8:]}
	for len(r.b) > 0 {
		id := r.byte()
		sec := &wasmReader{b: r.bytes(int(r.uleb()))}
		if id != 11 {
			continue
		}
		for n := sec.uleb(); n > 0; n-- {
			sec.uleb()
			sec.byte()
			off := sec.sleb()
			sec.byte()
			copy(mem[off:], sec.bytes(int(sec.uleb())))
		}
		if sec.err != nil {
			t.Fatal(sec.err)
		}
	}
	return mem
}

// TestPackDataSegments: segments a few zeros apart merge, one far off stays apart, the memory
// the module starts with is the same byte for byte, and every other section is untouched.
func TestPackDataSegments(t *testing.T) {
	types := section(1, []byte{1, 0x60, 0, 0})
	code := section(10, []byte{1, 2, 0, 0x0b})
	in := module(types, dataSection(
		goSegment(100, "ab"),
		goSegment(40000, "hi"), // far: its own segment (and written before the others, as Go does)
		goSegment(110, "cd"),   // 8 zeros after "ab": merged
		goSegment(200, "efg"),  // 88 zeros: merged at gap 4096
	), code)
	out, before, after, err := packDataSegments(in, 4096)
	if err != nil {
		t.Fatal(err)
	}
	if before != 4 || after != 2 {
		t.Errorf("segments %d → %d, want 4 → 2", before, after)
	}
	if !bytes.Equal(memoryImage(t, in), memoryImage(t, out)) {
		t.Error("the packed module starts with other bytes in memory")
	}
	if !bytes.HasPrefix(out[8:], types) || !bytes.HasSuffix(out, code) {
		t.Error("a section other than data changed")
	}
	if out, _, after, _ := packDataSegments(in, 8); after != 3 || !bytes.Equal(memoryImage(t, in), memoryImage(t, out)) {
		t.Errorf("gap 8: %d segments, want 3 with the same memory", after)
	}
}

// TestPackRefusesOtherForms: a passive segment, a non-constant offset, overlapping segments or
// a truncated module are refused, never rewritten.
func TestPackRefusesOtherForms(t *testing.T) {
	for name, wasm := range map[string][]byte{
		"passive":     module(dataSection([]byte{1, 2, 'a', 'b'})),
		"global":      module(dataSection([]byte{0, 0x23, 0, 0x0b, 1, 'a'})),
		"overlapping": module(dataSection(goSegment(100, "abcd"), goSegment(102, "x"))),
		"cut short":   module(dataSection(goSegment(100, "abcd")))[:15],
		"not wasm":    []byte("hello, world"),
	} {
		if _, _, _, err := packDataSegments(wasm, 4096); err == nil {
			t.Errorf("%s: packed without an error", name)
		}
	}
}

func TestSleb(t *testing.T) {
	for _, v := range []int64{0, 1, 63, 64, -1, -64, -65, 1 << 20, 7134592, -1 << 31} {
		r := &wasmReader{b: appendSleb(nil, v)}
		if got := r.sleb(); got != v || len(r.b) != 0 || r.err != nil {
			t.Errorf("sleb(appendSleb(%d)) = %d (left %d, %v)", v, got, len(r.b), r.err)
		}
	}
}

// TestPackAndDataPartsOnGoWasm builds a small Go program for the browser: its data breaks down
// by the runtime's module data, packing leaves the memory it starts with byte for byte, and
// the packed module still breaks down the same.
func TestPackAndDataPartsOnGoWasm(t *testing.T) {
	if testing.Short() {
		t.Skip("builds a wasm")
	}
	dir := t.TempDir()
	for name, text := range map[string]string{
		"go.mod":  "module hello\n\ngo 1.22\n",
		"main.go": "package main\n\nimport \"fmt\"\n\nvar table = map[string]int{\"a\": 1, \"b\": 2}\n\nfunc main() { fmt.Println(\"hello\", table) }\n",
	} {
		if err := os.WriteFile(filepath.Join(dir, name), []byte(text), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	out := filepath.Join(dir, "hello.wasm")
	cmd := exec.Command("go", "build", "-trimpath", "-ldflags", "-s -w", "-o", out, ".")
	cmd.Dir, cmd.Env = dir, append(os.Environ(), "GOOS=js", "GOARCH=wasm")
	if b, err := cmd.CombinedOutput(); err != nil {
		t.Fatalf("go build: %v\n%s", err, b)
	}
	wasm, err := os.ReadFile(out)
	if err != nil {
		t.Fatal(err)
	}
	parts, err := dataParts(wasm)
	if err != nil {
		t.Fatal(err)
	}
	total := 0
	for _, p := range parts {
		if len(p.raw) == 0 && p.name != "file tables" {
			t.Errorf("%s: empty", p.name)
		}
		total += len(p.raw)
	}
	mem, _ := memoryOf(wasm)
	if total == 0 || total > len(mem) {
		t.Errorf("parts hold %d bytes of a %d-byte memory", total, len(mem))
	}
	packed, before, after, err := packDataSegments(wasm, packGap)
	if err != nil {
		t.Fatal(err)
	}
	if after >= before {
		t.Errorf("segments %d → %d", before, after)
	}
	if pm, _ := memoryOf(packed); !bytes.Equal(pm, mem) {
		t.Error("the packed module starts with other bytes in memory")
	}
	if pp, err := dataParts(packed); err != nil || len(pp) != len(parts) {
		t.Errorf("packed: %d parts, %v", len(pp), err)
	}
}
