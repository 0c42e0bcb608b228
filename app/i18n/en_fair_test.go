package i18n

import "testing"

// The fair-play catalog is merged into the English one without replacing any message.
func TestFairCatalogMerged(t *testing.T) {
	if len(fairKeyClashes) > 0 {
		t.Fatalf("keys already in en: %v", fairKeyClashes)
	}
	for k, v := range enFair {
		if got := T(k); got != v {
			t.Errorf("T(%q) = %q, want the fair-play text", k, got)
		}
	}
}
