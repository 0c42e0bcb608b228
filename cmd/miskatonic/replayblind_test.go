//go:build !wasm

package main

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// TestReplayBlindRecord: replay checks a host-blind game's record (its signed log) and refuses
// one with an entry changed.
func TestReplayBlindRecord(t *testing.T) {
	good := filepath.Join("..", "..", "engine", "replay", "blindreplay", "testdata", "arkham-blind-3.json")
	if err := runReplay([]string{good}); err != nil {
		t.Fatalf("the honest record: %v", err)
	}
	data, err := os.ReadFile(good)
	if err != nil {
		t.Fatal(err)
	}
	// The first move's kind changed: its signature no longer holds.
	bad := strings.Replace(string(data), `"kind":"give"`, `"kind":"gvie"`, 1)
	if bad == string(data) {
		t.Skip("the fixture has no give move to change")
	}
	p := filepath.Join(t.TempDir(), "bad.json")
	if err := os.WriteFile(p, []byte(bad), 0o644); err != nil {
		t.Fatal(err)
	}
	if err := runReplay([]string{p}); err == nil {
		t.Fatal("a changed record replayed")
	}
}
