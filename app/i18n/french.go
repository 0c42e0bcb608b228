package i18n

import "strings"

// frSpacing applies French typography to every French message read from data: a no-break space
// before the colon and inside guillemets, a narrow one before ; ? ! and the percent sign, so none
// of them ever starts a line ("vérifié\n?"). The data stays readable with plain spaces; text
// that already has its no-break spaces passes through unchanged.
var frSpacing = strings.NewReplacer(
	" :", "\u00a0:", " ;", "\u202f;", " ?", "\u202f?", " !", "\u202f!",
	"« ", "«\u00a0", " »", "\u00a0»", " %%", "\u202f%%",
)
