package i18n

import (
	"strings"
	"testing"

	"miskatonic/engine/table"
)

// TestGuestRecordCodesWorded: every reason a guest may give for not offering the host's record
// is worded in every catalog (the UI looks up "guestrecord.why."+ the code's tail).
func TestGuestRecordCodesWorded(t *testing.T) {
	for _, code := range table.RecordCodes() {
		key := "guestrecord.why." + strings.TrimPrefix(code, "record.")
		for name, cat := range map[string]map[string]string{"en": en, "fr": fr, "ja": ja} {
			if cat[key] == "" {
				t.Errorf("%s has no %s", name, key)
			}
		}
	}
}
