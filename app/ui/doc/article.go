package doc

import (
	"strings"

	"github.com/maxence-charriere/go-app/v9/pkg/app"

	"miskatonic/app/i18n"
)

// Article is a documentation page: every game's rules page is one, its parts given by its board
// package, so no board repeats the page component. go-app updates one mounted Article in place
// when another is navigated to (same type): every field is exported so that it copies them all.
type Article struct {
	app.Compo
	ID, TitleKey, LeadKey string           // as Page takes them
	Sections              func() []Section // called at every render, so the words follow the language
	Onward                func() app.UI    // the links after the sections; nil for none
}

// OnNav names the browser tab after the page.
func (a *Article) OnNav(ctx app.Context) { Title(ctx, a.TitleKey) }

// Render draws the page.
func (a *Article) Render() app.UI {
	var onward app.UI
	if a.Onward != nil {
		onward = a.Onward()
	}
	return Page(a.ID, a.TitleKey, a.LeadKey, a.Sections(), onward)
}

// Rules is a game's rules page: its catalog keys are prefix+"rules.title" and prefix+"rules.lead"
// and its id the prefix dashed ("rit." gives "rit-rules").
func Rules(prefix string, sections func() []Section, onward func() app.UI) *Article {
	return &Article{ID: strings.ReplaceAll(prefix, ".", "-") + "rules", TitleKey: prefix + "rules.title",
		LeadKey: prefix + "rules.lead", Sections: sections, Onward: onward}
}

// LinkButton is a link drawn as a button: its id, where it goes and its label's catalog key.
func LinkButton(id, href, labelKey string) app.UI {
	return app.Elem("a").ID(id).Class("mk-btn").Attr("href", href).Text(i18n.T(labelKey))
}
