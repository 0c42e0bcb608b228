package i18n

import "testing"

// The frame's catalog is merged into English without replacing any message, and Japanese and
// French have every one of its keys.
func TestFrameCatalogMerged(t *testing.T) {
	if len(frameKeyClashes) > 0 {
		t.Fatalf("keys already in en: %v", frameKeyClashes)
	}
	ja, fr := jaFrame(), frFrame()
	for k, v := range enFrame {
		if got := T(k); got != v {
			t.Errorf("T(%q) = %q, want the frame text", k, got)
		}
		if ja[k] == "" || fr[k] == "" {
			t.Errorf("%q: ja %q, fr %q", k, ja[k], fr[k])
		}
	}
	for k := range ja {
		if _, ok := enFrame[k]; !ok {
			t.Errorf("ja has %q, English does not", k)
		}
	}
	for k := range fr {
		if _, ok := enFrame[k]; !ok {
			t.Errorf("fr has %q, English does not", k)
		}
	}
}
