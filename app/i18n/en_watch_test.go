package i18n

import "testing"

func TestWatchKeysNew(t *testing.T) {
	if len(watchKeyClashes) > 0 {
		t.Fatalf("en_watch.go repeats keys of en: %v", watchKeyClashes)
	}
}
