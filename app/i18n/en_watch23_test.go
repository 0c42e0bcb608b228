package i18n

import "testing"

// The watcher's lines are merged into the English catalog without replacing any message.
func TestWatch23CatalogMerged(t *testing.T) {
	if len(watch23KeyClashes) > 0 {
		t.Fatalf("keys already in en: %v", watch23KeyClashes)
	}
	for k, v := range enWatch23 {
		if got := T(k); got != v {
			t.Errorf("T(%q) = %q, want the watcher's text", k, got)
		}
	}
}
