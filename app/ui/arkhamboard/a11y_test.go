package arkhamboard

import (
	"regexp"
	"strings"
	"testing"

	"github.com/maxence-charriere/go-app/v9/pkg/app"
)

var (
	imgTag  = regexp.MustCompile(`<img[^>]*>`)
	altAttr = regexp.MustCompile(`\salt(="([^"]*)")?[\s>/]`)      // go-app writes an empty alt bare
	hidden  = regexp.MustCompile(`\saria-hidden(="true")?[\s>/]`) // and "true" bare (the browser's copy says "true")
)

// namelessPicture is the first <img> in html a screen reader would list as a picture with no
// name: an empty alt yet a title (Chromium then exposes it as an image, named by nothing), or
// no alt at all. An image hidden from screen readers is not listed.
func namelessPicture(html string) string {
	for _, tag := range imgTag.FindAllString(html, -1) {
		if hidden.MatchString(tag) {
			continue
		}
		alt := altAttr.FindStringSubmatch(tag)
		if alt == nil || alt[2] == "" && strings.Contains(tag, ` title=`) {
			return tag
		}
	}
	return ""
}

// TestCardPicturesAreNamedOrHidden: a card's pictures are either named or hidden from screen
// readers; the card itself carries the name (cursed included). The cursed mark had an empty alt
// and a title, and the accessibility tree of a game showed one nameless image per cursed card.
func TestCardPicturesAreNamedOrHidden(t *testing.T) {
	for _, key := range []string{"dagger", "orb", "cultist", "cthulhu"} {
		for _, cursed := range []bool{false, true} {
			c := Card{Key: key, Kind: kindOfKey(key), Cursed: cursed}
			html := app.HTMLString(cardFace(c, "m"))
			if bad := namelessPicture(html); bad != "" {
				t.Errorf("%s (cursed %v): nameless picture %s", key, cursed, bad)
			}
			if cursed && !strings.Contains(html, `aria-label="`+c.Label()+`"`) {
				t.Errorf("%s: the cursed card's own name does not say so (want %q) in %s", key, c.Label(), html)
			}
		}
	}
	for _, mine := range []bool{false, true} {
		if bad := namelessPicture(app.HTMLString(cardBack("m", mine))); bad != "" {
			t.Errorf("card back (mine %v): nameless picture %s", mine, bad)
		}
	}
}
