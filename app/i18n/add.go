package i18n

// Add merges messages written as a Go map into l's catalog: the one merge helper for text that
// is not data yet. Call it from init; the map is merged when l is first used. A key the catalog
// already has is kept and reported by Problems (a test fails on it). Prefer data (AddCatalog),
// which costs no init code; the converter (internal/catgen) turns app/i18n's Go maps into data.
func Add(l Lang, msgs map[string]string) {
	step := func() {
		for k, v := range msgs {
			add(l, k, v)
		}
	}
	mu.Lock()
	defer mu.Unlock()
	if loaded[l] {
		step()
		return
	}
	steps[l] = append(steps[l], step)
}

// AddEnglish is Add(English, msgs), kept for the packages that call it.
func AddEnglish(msgs map[string]string) { Add(English, msgs) }
