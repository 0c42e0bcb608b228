package i18n

import "strings"

// YouName is how a player's own seat is labelled: "Ann (you)", but just "You" (in the reader's
// language) when the name is empty or is itself the default "You" a quick game gives — in any
// language, since the name may have been chosen while the page read in another one — so the
// label never reads "You (you)".
func YouName(name string) string {
	n := strings.TrimSpace(name)
	if n == "" {
		return T("quick.you")
	}
	for _, l := range Languages {
		if strings.EqualFold(n, In(l, "quick.you")) {
			return T("quick.you")
		}
	}
	return T("app.you_suffix", name)
}
