package i18n

import "testing"

// The reading pages' catalog is merged into the English one without replacing any message.
func TestPagesCatalogMerged(t *testing.T) {
	if len(pageKeyClashes) > 0 {
		t.Fatalf("keys already in en: %v", pageKeyClashes)
	}
	for k, v := range enPages {
		if got := T(k); got != v {
			t.Errorf("T(%q) = %q, want the pages' text", k, got)
		}
	}
	if !Has("rules.title") || !Has("fair.title") {
		t.Fatal("the pages' keys are not known to Has")
	}
}
