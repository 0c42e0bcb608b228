package i18n

// Why words a reason code (engine/wire: a refusal, a goodbye, a failed deal) in language l,
// with its arguments. A code this app does not know (a newer host's), or none (a verdict saved
// before codes), falls back to the English that came with it, marked as English, or to a plain
// sentence; so a reader never sees a bare code or an unmarked foreign one.
func Why(l Lang, code string, args []string, english string) string {
	key := "why." + code
	ensure(English)
	mu.RLock()
	_, ok := en[key]
	mu.RUnlock()
	switch {
	case ok && code != "":
		a := make([]any, len(args))
		for i, s := range args {
			a[i] = s
		}
		return In(l, key, a...)
	case english != "":
		return In(l, "why.unknown_text", english)
	}
	return In(l, "why.unknown")
}
