// Package lang is the language control shown on every page, and the choice of language a browser
// starts in (remembered, else the browser's own preferences).
package lang

import (
	"github.com/maxence-charriere/go-app/v9/pkg/app"

	"miskatonic/app/i18n"
	"miskatonic/app/ui/appupdate"
)

// langKey is where the browser remembers the player's language. localStorage is per browser
// (per origin), not per table: every tab and every table in this browser reads the same choice,
// while each player at a table reads in the language of their own browser.
const langKey = "miskatonic.lang"

// The language is settled before the first page renders: the remembered choice, else the
// browser's preferences (navigator.languages), else English. The server's pre-rendered HTML is
// English; the app redraws it in the chosen language as it starts.
func init() {
	if !app.IsClient {
		return
	}
	i18n.SetLoader(wordsLoader)
	l := rememberedLang()
	if l == "" {
		l = i18n.MatchAll(browserLangs())
	}
	i18n.SetLang(l)
	setDocumentLang(i18n.Current())
}

// rememberedLang is the saved choice, or "" when there is none (or storage is refused).
func rememberedLang() (l i18n.Lang) {
	defer func() {
		if recover() != nil { // storage disabled: a SecurityError surfaces as a panic
			l = ""
		}
	}()
	v := app.Window().Get("localStorage").Call("getItem", langKey)
	if v.IsNull() || v.IsUndefined() {
		return ""
	}
	for _, known := range i18n.Languages {
		if string(known) == v.String() {
			return known
		}
	}
	return ""
}

// browserLangs is navigator.languages, most preferred first (navigator.language if that is all).
func browserLangs() []string {
	nav := app.Window().Get("navigator")
	var tags []string
	if ls := nav.Get("languages"); ls.Truthy() {
		for i := 0; i < ls.Length(); i++ {
			tags = append(tags, ls.Index(i).String())
		}
	}
	if l := nav.Get("language"); len(tags) == 0 && l.Truthy() {
		tags = append(tags, l.String())
	}
	return tags
}

// setDocumentLang tells the browser which language the page is in: it picks Japanese glyphs
// and line breaking for ja, hyphenation for fr, and screen readers pronounce it right.
func setDocumentLang(l i18n.Lang) {
	doc := app.Window().Get("document")
	doc.Get("documentElement").Set("lang", string(l))
	// The manifest follows, as /lang.js set it on load (app/langfiles.go), so installing the
	// app after a switch names it in the new language.
	if link := doc.Call("querySelector", `link[rel="manifest"]`); link.Truthy() {
		href := "/manifest.webmanifest"
		if l != i18n.English {
			href = "/manifest." + string(l) + ".webmanifest"
		}
		link.Set("href", href)
	}
}

// Switch is the language control at the top of every page. Each language is listed under
// its own name, so a player lost in a language they cannot read still finds theirs.
type Switch struct {
	app.Compo
}

// Render draws the control.
func (s *Switch) Render() app.UI {
	cur := i18n.Current()
	opts := make([]app.UI, 0, len(i18n.Languages))
	for _, l := range i18n.Languages {
		opts = append(opts, app.Elem("option").Attr("value", string(l)).Lang(string(l)).Attr("selected", l == cur).Text(l.Name()))
	}
	return app.Div().Class("mk-lang").Body(
		// The one component on every page, so the new-version notice rides along at its left.
		&appupdate.Notice{},
		app.Elem("label").Attr("for", "lang-select").Class("mk-lang-label").Aria("hidden", "true").Text("文A"),
		app.Elem("select").ID("lang-select").Aria("label", i18n.T("app.language")).Title(i18n.T("app.language")).
			Body(opts...).OnChange(s.change),
	)
}

// change switches language, remembers it, and redraws the page in it.
func (s *Switch) change(ctx app.Context, e app.Event) {
	l := i18n.Lang(ctx.JSSrc().Get("value").String())
	if l == i18n.Current() {
		return
	}
	i18n.SetLang(l)
	setDocumentLang(i18n.Current())
	func() {
		defer func() { _ = recover() }() // storage refused: the choice lasts for this visit only
		app.Window().Get("localStorage").Call("setItem", langKey, string(i18n.Current()))
	}()
	redraw(ctx, i18n.Current())
}

// redraw mounts the current page afresh so every component renders its text again (go-app
// redraws a child only when its fields change, and the language is not one of them). Pages keep
// their session in session.Current, so a table, its connections and its game survive this.
// The language goes into the URL's query only to make it a new navigation for go-app.
func redraw(ctx app.Context, l i18n.Lang) {
	u := *ctx.Page().URL()
	q := u.Query()
	q.Set("lang", string(l))
	u.RawQuery = q.Encode()
	ctx.NavigateTo(&u)
}
