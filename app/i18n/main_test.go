package i18n

import (
	"os"
	"testing"
)

// TestMain builds every catalog first: the tests read ja and fr directly, which the app builds
// only on first use (lazy.go).
func TestMain(m *testing.M) {
	for _, l := range Languages {
		ensure(l)
	}
	os.Exit(m.Run())
}
