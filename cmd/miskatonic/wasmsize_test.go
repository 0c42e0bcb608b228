//go:build !wasm

package main

import (
	"bytes"
	"strings"
	"testing"
)

func TestPackageOf(t *testing.T) {
	for sym, want := range map[string]string{
		"miskatonic_app_ui.(*Home).Render":        "miskatonic/app/ui",
		"miskatonic_app_ui.__Home_.Render":        "miskatonic/app/ui",
		"github.com_pion_sctp.(*Association).run": "github.com/pion/sctp",
		"fmt.__pp_.printArg":                      "fmt",
		"runtime.mallocgc":                        "runtime",
		"slices.Sort[go.shape.int]":               "slices",
		"":                                        "(unnamed)",
	} {
		if got := packageOf(sym); got != want {
			t.Errorf("packageOf(%q) = %q, want %q", sym, got, want)
		}
	}
}

// TestPackageSizes reads a hand-made module: one imported function, two bodies named in the
// name section, one data segment.
func TestPackageSizes(t *testing.T) {
	sec := func(id byte, payload ...byte) []byte { return append([]byte{id, byte(len(payload))}, payload...) }
	str := func(s string) []byte { return append([]byte{byte(len(s))}, s...) }
	var imports []byte
	imports = append(imports, 1)
	imports = append(imports, str("go")...)
	imports = append(imports, str("f")...)
	imports = append(imports, 0, 0) // func, type 0
	code := []byte{2, 3, 0, 0, 0x0b, 5, 0, 0, 0, 0, 0x0b}
	var names []byte
	names = append(names, 2, 1)
	names = append(names, str("a_b.F")...)
	names = append(names, 2)
	names = append(names, str("runtime.g")...)
	name := append(str("name"), append([]byte{1, byte(len(names))}, names...)...)
	mod := []byte("\x00asm\x01\x00\x00\x00")
	mod = append(mod, sec(2, imports...)...)
	mod = append(mod, sec(10, code...)...)
	mod = append(mod, sec(11, 1, 2, 3, 4)...)
	mod = append(mod, sec(0, name...)...)
	pkgs, data, err := packageSizes(mod)
	if err != nil {
		t.Fatal(err)
	}
	if pkgs["a/b"] != 3 || pkgs["runtime"] != 5 || data != 4 {
		t.Fatalf("pkgs %v data %d", pkgs, data)
	}
	if n := functionCount(mod); n != 2 {
		t.Fatalf("functionCount %d, want 2", n)
	}
	var out bytes.Buffer
	printPackageSizes(&out, pkgs, data, 10)
	if !strings.Contains(out.String(), "a/b") {
		t.Fatalf("report:\n%s", out.String())
	}
	if _, _, err := packageSizes(mod[:len(mod)-3]); err == nil {
		t.Fatal("a cut module read without error")
	}
}

func TestModulePaths(t *testing.T) {
	got := modulePaths(map[string]int{
		"github.com/maxence/charriere/go/app/v9/pkg/app": 3,
		"github.com/pion/webrtc/v3":                      2,
		"github.com/maxence/charriere/go/appx":           1, // not that module
	}, []string{"github.com/maxence-charriere/go-app/v9", "github.com/pion/webrtc/v3"})
	want := map[string]int{
		"github.com/maxence-charriere/go-app/v9/pkg/app": 3,
		"github.com/pion/webrtc/v3":                      2,
		"github.com/maxence/charriere/go/appx":           1,
	}
	if len(got) != len(want) {
		t.Fatalf("got %v", got)
	}
	for k, n := range want {
		if got[k] != n {
			t.Errorf("%s: %d, want %d (all: %v)", k, got[k], n, got)
		}
	}
}

func TestPrintAgainst(t *testing.T) {
	var out bytes.Buffer
	printAgainst(&out, map[string]int{"runtime": 100, "miskatonic/app/ui": 50, "fmt": 10}, map[string]int{"runtime": 90, "fmt": 10, "regexp": 5}, 7, 3, 10)
	got := out.String()
	for _, want := range []string{"ours 0.2 KiB", "7 functions against 3", "miskatonic/app/ui  (ours only)", "  runtime\n"} {
		if !strings.Contains(got, want) {
			t.Errorf("report lacks %q:\n%s", want, got)
		}
	}
	for _, absent := range []string{"fmt", "regexp"} { // no cost beyond the yardstick: not listed
		if strings.Contains(got, absent) {
			t.Errorf("report lists %s:\n%s", absent, got)
		}
	}
}
