package i18n

import "testing"

func TestConnectKeysAreNew(t *testing.T) {
	if len(connectKeyClashes) > 0 {
		t.Fatalf("keys already in en: %v", connectKeyClashes)
	}
}
