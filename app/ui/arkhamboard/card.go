package arkhamboard

import (
	"strconv"

	"github.com/maxence-charriere/go-app/v9/pkg/app"

	"miskatonic/app/i18n"
)

// cardFace draws a face-up card: colour, art, name, kind, and the cursed symbol on cursed cards
// so that red and blue are never the only cue.
func cardFace(c Card, size string) app.UI {
	colour := "sane"
	if c.Cursed {
		colour = "cursed"
	}
	return app.Div().
		Class("card", "card-"+size, colour, "kind-"+c.Kind).
		Attr("role", "img").
		Aria("label", c.Label()).
		Title(cardTitle(c)).
		DataSet("card", c.Key).
		DataSet("cursed", strconv.FormatBool(c.Cursed)).
		Body(
			app.ElemSelfClosing("img").Class("card-art").Attr("src", c.Art()).Attr("alt", "").Attr("draggable", "false"),
			app.Elem("span").Class("card-name").Text(c.Name()),
			app.Elem("span").Class("card-kind").Text(i18n.T("kind."+c.Kind)),
			app.If(c.Cursed,
				// Hidden from screen readers: the card's own label already says cursed, and an
				// empty alt beside a title made Chromium list an image with no name.
				app.ElemSelfClosing("img").Class("card-cursed").Attr("src", "/web/cards/cursed.svg").Attr("alt", "").Aria("hidden", "true").Title(i18n.T("card.cursed")),
			),
		)
}

// cardBack draws a face-down card. mine marks the viewer's own hidden card, which says plainly
// that it cannot be seen.
func cardBack(size string, mine bool) app.UI {
	label, data := i18n.T("card.back"), "back"
	if mine {
		label, data = i18n.T("card.hidden"), "hidden"
	}
	return app.Div().
		Class("card", "card-"+size, "back").
		Attr("role", "img").
		Aria("label", label).
		DataSet("card", data). // "hidden" marks the viewer's own card for the e2e leak check
		Body(
			app.ElemSelfClosing("img").Class("card-art").Attr("src", "/web/cards/back.svg").Attr("alt", "").Attr("draggable", "false"),
			app.If(mine, app.Elem("span").Class("card-hidden-note").Text(i18n.T("card.hidden"))),
		)
}

// cardOrBack draws c, or a back when c is hidden from the viewer.
func cardOrBack(c *Card, size string, mine bool) app.UI {
	if c == nil {
		return cardBack(size, mine)
	}
	return cardFace(*c, size)
}
