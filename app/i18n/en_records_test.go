package i18n

import "testing"

// The records' words are merged into the English catalog without replacing any message.
func TestRecordsCatalogMerged(t *testing.T) {
	if len(recordsKeyClashes) > 0 {
		t.Fatalf("keys already in en: %v", recordsKeyClashes)
	}
	for k, v := range enRecords {
		if got := T(k); got != v {
			t.Errorf("T(%q) = %q, want the records' text", k, got)
		}
	}
}
