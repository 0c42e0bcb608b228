package i18n

import "testing"

// The guest's invariant failures are merged into the English catalog without replacing any message.
func TestGuestRulesCatalogMerged(t *testing.T) {
	if len(guestRulesKeyClashes) > 0 {
		t.Fatalf("keys already in en: %v", guestRulesKeyClashes)
	}
	for k, v := range enGuestRules {
		if got := T(k); got != v {
			t.Errorf("T(%q) = %q, want the guest rules' text", k, got)
		}
	}
}
