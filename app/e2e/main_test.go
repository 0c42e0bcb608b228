//go:build browser

package e2e

import (
	"os"
	"testing"
)

// TestMain ends the Chromium that several-player tests share (see NewTab) once all have run.
func TestMain(m *testing.M) {
	code := m.Run()
	CloseShared()
	os.Exit(code)
}
