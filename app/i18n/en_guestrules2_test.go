package i18n

import "testing"

// The fourth invariant's failure is merged into the English catalog without replacing any message.
func TestGuestRules2CatalogMerged(t *testing.T) {
	if len(guestRules2KeyClashes) > 0 {
		t.Fatalf("keys already in en: %v", guestRules2KeyClashes)
	}
	for k, v := range enGuestRules2 {
		if got := T(k); got != v {
			t.Errorf("T(%q) = %q, want the guest rules' text", k, got)
		}
	}
}
