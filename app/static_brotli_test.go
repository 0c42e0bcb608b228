//go:build !wasm

package app

import (
	"bytes"
	"io"
	"os"
	"path/filepath"
	"testing"

	"github.com/andybalholm/brotli"
)

func brotliAt(b []byte, quality int) []byte {
	var buf bytes.Buffer
	w := brotli.NewWriterLevel(&buf, quality)
	w.Write(b)
	w.Close()
	return buf.Bytes()
}

// TestWriteStaticReusesBuildBrotli: the static build ships the brotli copy `make wasm` left
// beside app.wasm (best quality, a minute to make) when it decodes to that app.wasm, and makes
// its own when the copy is stale (from another build).
func TestWriteStaticReusesBuildBrotli(t *testing.T) {
	web, wasm := fakeWeb(t)
	built := brotliAt(wasm, 1) // any quality but the server's, to tell the copies apart
	if bytes.Equal(built, Brotli(wasm)) {
		t.Fatal("the test's copy cannot be told from the server's")
	}
	for name, tc := range map[string]struct {
		beside []byte
		reuse  bool
	}{
		"fresh": {built, true},
		"stale": {brotliAt(append([]byte("other build"), wasm...), 1), false},
	} {
		if err := os.WriteFile(filepath.Join(web, "app.wasm.br"), tc.beside, 0o644); err != nil {
			t.Fatal(err)
		}
		out := filepath.Join(t.TempDir(), "dist")
		if _, err := WriteStatic(out, Config{WebDir: web}); err != nil {
			t.Fatal(err)
		}
		got, err := os.ReadFile(filepath.Join(out, "web", "app.wasm.br"))
		if err != nil {
			t.Fatal(err)
		}
		if reused := bytes.Equal(got, tc.beside); reused != tc.reuse {
			t.Errorf("%s: reused the build's copy = %v, want %v", name, reused, tc.reuse)
		}
		if dec, err := io.ReadAll(brotli.NewReader(bytes.NewReader(got))); err != nil || !bytes.Equal(dec, wasm) {
			t.Errorf("%s: dist's app.wasm.br does not decode to app.wasm (%v)", name, err)
		}
	}
}

func TestBrotliOf(t *testing.T) {
	dir := t.TempDir()
	name := filepath.Join(dir, "f.wasm")
	raw := bytes.Repeat([]byte("wasm "), 1000)
	if BrotliOf(name, raw) != nil {
		t.Error("no copy beside: want nil")
	}
	for what, br := range map[string][]byte{
		"longer": brotliAt(append(raw, 'x'), 5),
		"other":  brotliAt(bytes.Repeat([]byte("wasn "), 1000), 5),
		"broken": []byte("not brotli"),
	} {
		os.WriteFile(name+".br", br, 0o644)
		if BrotliOf(name, raw) != nil {
			t.Errorf("%s copy beside: reused", what)
		}
	}
	br := brotliAt(raw, 5)
	os.WriteFile(name+".br", br, 0o644)
	if !bytes.Equal(BrotliOf(name, raw), br) {
		t.Error("a matching copy is not reused")
	}
}
