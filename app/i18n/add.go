package i18n

import "fmt"

// AddEnglish merges a package's own English messages into the catalog, so a game's board package
// carries its text with it (adding a game edits no shared catalog file). Call it from init. A key
// the catalog already has is a programming error and panics, found by the package's first test.
func AddEnglish(msgs map[string]string) {
	mu.Lock()
	defer mu.Unlock()
	for k, v := range msgs {
		if _, dup := en[k]; dup {
			panic(fmt.Sprintf("i18n: %q added twice", k))
		}
		en[k] = v
	}
}
