package i18n

import "testing"

// The issue-16 catalog is merged into the English one without replacing any message.
func TestWire16CatalogMerged(t *testing.T) {
	if len(wire16KeyClashes) > 0 {
		t.Fatalf("keys already in en: %v", wire16KeyClashes)
	}
	for k, v := range enWire16 {
		if got := T(k); got != v {
			t.Errorf("T(%q) = %q, want the issue-16 text", k, got)
		}
	}
}
