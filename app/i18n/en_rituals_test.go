package i18n

import "testing"

// The Rituals catalog is merged into the English one without replacing any message, and the
// Japanese and French ones carry every key it adds.
func TestRitualsCatalogMerged(t *testing.T) {
	if len(ritualsKeyClashes) > 0 {
		t.Fatalf("keys already in en: %v", ritualsKeyClashes)
	}
	ja, fr := jaRituals(), frRituals()
	for k, v := range enRituals {
		if got := T(k); got != v {
			t.Errorf("T(%q) = %q, want the rituals text", k, got)
		}
		if ja[k] == "" || fr[k] == "" {
			t.Errorf("%q lacks a Japanese or French text", k)
		}
	}
}
