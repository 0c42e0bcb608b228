package i18n

import "strings"

// frSpacing applies French typography to every French message read from data: a no-break space
// before the colon and inside guillemets, a narrow one before ; ? ! and the percent sign, so none
// of them ever starts a line ("vérifié\n?"). The data stays readable with plain spaces; text
// that already has its no-break spaces passes through unchanged. Go-map catalog files (fr_*.go of
// other branches, until catgen converts them) call it themselves.
//
//lint:ignore U1000 kept for Go-map catalog files, and TestFrenchTypographyFastPath's reference
var frSpacing = strings.NewReplacer(
	" :", "\u00a0:", " ;", "\u202f;", " ?", "\u202f?", " !", "\u202f!",
	"« ", "«\u00a0", " »", "\u00a0»", " %%", "\u202f%%",
)

// frTypography is frSpacing for one message, written out by hand: the replacer's general path
// made reading French several times slower than Japanese. TestFrenchTypographyFastPath checks
// it against frSpacing on every French message.
func frTypography(s string) string {
	var b strings.Builder
	done := 0 // s[:done] is in b
	for i := 0; i < len(s); i++ {
		var pat, rep string
		switch {
		case strings.HasPrefix(s[i:], "« "):
			pat, rep = "« ", "«\u00a0"
		case s[i] != ' ' || i+1 == len(s):
			continue
		case s[i+1] == ':':
			pat, rep = " :", "\u00a0:"
		case s[i+1] == ';' || s[i+1] == '?' || s[i+1] == '!':
			pat, rep = s[i:i+2], "\u202f"+s[i+1:i+2]
		case strings.HasPrefix(s[i+1:], "»"):
			pat, rep = " »", "\u00a0»"
		case strings.HasPrefix(s[i+1:], "%%"):
			pat, rep = " %%", "\u202f%%"
		default:
			continue
		}
		if b.Len() == 0 {
			b.Grow(len(s) + 8)
		}
		b.WriteString(s[done:i])
		b.WriteString(rep)
		i += len(pat) - 1
		done = i + 1
	}
	if done == 0 {
		return s
	}
	b.WriteString(s[done:])
	return b.String()
}
