package i18n

import "testing"

// The reading pages' catalog is merged into the English one without replacing any message.
func TestPagesCatalogMerged(t *testing.T) {
	if !Has("rules.title") || !Has("fair.title") {
		t.Fatal("the pages' keys are not known to Has")
	}
}
