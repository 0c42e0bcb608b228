package i18n

import "testing"

// The code-connection catalog is merged into the English one without replacing any message.
func TestCodeCatalogMerged(t *testing.T) {
	if len(codeKeyClashes) > 0 {
		t.Fatalf("keys already in en: %v", codeKeyClashes)
	}
	for k, v := range enCode {
		if got := T(k); got != v {
			t.Errorf("T(%q) = %q, want the code text", k, got)
		}
	}
}

func TestTableKeysNew(t *testing.T) {
	if len(tableKeyClashes) > 0 {
		t.Fatalf("en_table.go redefines keys of en.go: %v", tableKeyClashes)
	}
}

// The absent-player catalog is merged into the English one without replacing any message.
func TestAwayCatalogMerged(t *testing.T) {
	if len(awayKeyClashes) > 0 {
		t.Fatalf("keys already in en: %v", awayKeyClashes)
	}
	for k, v := range enAway {
		if got := T(k); got != v {
			t.Errorf("T(%q) = %q, want the away text", k, got)
		}
	}
}

func TestReplayKeysNew(t *testing.T) {
	if len(replayKeyClashes) > 0 {
		t.Fatalf("en_replay.go redefines keys of en.go: %v", replayKeyClashes)
	}
}
