package goappframe

import (
	"bytes"
	"crypto/sha256"
	"encoding/hex"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
)

const (
	begin = "// BEGIN miskatonic patch"
	end   = "// END miskatonic patch"
)

// pinned is the SHA-256 of go-app's engine.go the patch was made from (engine.go.sha256, the
// file the Makefile checks too).
func pinned(t *testing.T) string {
	t.Helper()
	b, err := os.ReadFile("engine.go.sha256")
	if err != nil {
		t.Fatal(err)
	}
	h := strings.TrimSpace(string(b))
	if len(h) != 64 {
		t.Fatalf("engine.go.sha256 holds %q, not one SHA-256", h)
	}
	return h
}

// unpatch is src without its marked blocks: each from its BEGIN line to its END line, and the
// blank line just before a BEGIN, if any. It fails on an unclosed or nested block.
func unpatch(src []byte) (out []byte, blocks int, err string) {
	lines := strings.SplitAfter(string(src), "\n")
	var keep []string
	in := false
	for _, l := range lines {
		s := strings.TrimSpace(l)
		switch {
		case strings.HasPrefix(s, begin):
			if in {
				return nil, 0, "a BEGIN inside a block"
			}
			in = true
			blocks++
			if n := len(keep); n > 0 && strings.TrimSpace(keep[n-1]) == "" {
				keep = keep[:n-1]
			}
		case strings.HasPrefix(s, end):
			if !in {
				return nil, 0, "an END outside a block"
			}
			in = false
		case !in:
			keep = append(keep, l)
		}
	}
	if in {
		return nil, 0, "a block never ends"
	}
	return []byte(strings.Join(keep, "")), blocks, ""
}

func sum(b []byte) string {
	h := sha256.Sum256(b)
	return hex.EncodeToString(h[:])
}

// TestPatchAddsOnlyItsBlocks: the patched engine is go-app's file to the byte once its two
// marked blocks are taken out, so every other line of go-app's engine is go-app's.
func TestPatchAddsOnlyItsBlocks(t *testing.T) {
	src, err := os.ReadFile("engine.go.txt")
	if err != nil {
		t.Fatal(err)
	}
	up, blocks, bad := unpatch(src)
	if bad != "" {
		t.Fatalf("engine.go.txt: %s", bad)
	}
	if blocks != 2 {
		t.Errorf("engine.go.txt has %d marked blocks, want 2 (the branch in start, startOnFrames and its helpers)", blocks)
	}
	if got, want := sum(up), pinned(t); got != want {
		t.Errorf("engine.go.txt without its blocks has SHA-256 %s, want go-app's %s: a line outside the marked blocks was changed", got, want)
	}
	if !bytes.Contains(src, []byte("requestAnimationFrame")) || !bytes.Contains(src, []byte("visibilitychange")) {
		t.Error("the patch no longer asks for animation frames or watches the page hide")
	}
}

// TestUnpatchFindsChanges: the check above sees a line changed outside the blocks, a block
// left open and an END with no BEGIN.
func TestUnpatchFindsChanges(t *testing.T) {
	up := "a\nb\nc\n"
	patched := "a\n// BEGIN miskatonic patch x\nadded\n// END miskatonic patch\nb\n\n// BEGIN miskatonic patch\nmore\n// END miskatonic patch\nc\n"
	for _, tc := range []struct {
		name, src string
		same      bool
		bad       bool
	}{
		{"two blocks", patched, true, false},
		{"a line changed outside", strings.Replace(patched, "\nb\n", "\nB\n", 1), false, false},
		{"a block left open", strings.Replace(patched, "// END miskatonic patch\nc", "c", 1), false, true},
		{"an END alone", "a\n// END miskatonic patch\n", false, true},
		{"nested", "// BEGIN miskatonic patch\n// BEGIN miskatonic patch\n", false, true},
	} {
		got, _, bad := unpatch([]byte(tc.src))
		if (bad != "") != tc.bad {
			t.Errorf("%s: error %q", tc.name, bad)
		}
		if same := bad == "" && string(got) == up; same != tc.same {
			t.Errorf("%s: unpatched to %q", tc.name, got)
		}
	}
}

// TestGoAppIsThePatchedRelease: the go-app this module builds with has the engine.go the patch
// was made from. A new go-app release fails here (and in make wasm) until the patch is made
// again from its engine.go and engine.go.sha256 updated.
func TestGoAppIsThePatchedRelease(t *testing.T) {
	goBin := filepath.Join(os.Getenv("GOROOT"), "bin", "go")
	if _, err := os.Stat(goBin); err != nil {
		goBin = "go"
	}
	out, err := exec.Command(goBin, "list", "-m", "-f", "{{.Dir}}", "github.com/maxence-charriere/go-app/v9").Output()
	if err != nil {
		t.Fatalf("go list go-app: %v", err)
	}
	dir := strings.TrimSpace(string(out))
	if dir == "" {
		t.Fatal("go-app is not in the module cache (go mod download)")
	}
	b, err := os.ReadFile(filepath.Join(dir, "pkg", "app", "engine.go"))
	if err != nil {
		t.Fatal(err)
	}
	if got, want := sum(b), pinned(t); got != want {
		t.Fatalf("go-app's engine.go (%s) has SHA-256 %s, the patch was made from %s: make app/goappframe/engine.go.txt again from it", dir, got, want)
	}
}
