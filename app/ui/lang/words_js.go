//go:build js

package lang

import (
	"syscall/js"

	"miskatonic/app/i18n"
)

// wordsLoader brings a language's words, which the browser build does not embed (English
// aside; see i18n.Data), from the fetch /lang.js started as the page loaded (or a new one, on a
// switch). It runs on init's goroutine or go-app's, never inside a JavaScript callback, so it
// may wait; /lang.js turns a failure into "", and the catalog then falls back to English.
var wordsLoader i18n.Loader = func(l i18n.Lang) string {
	if l == i18n.English {
		return ""
	}
	win := js.Global()
	var p js.Value
	if w := win.Get("mkWords"); w.Truthy() && w.Get("lang").String() == string(l) {
		p = w.Get("text")
	} else if f := win.Get("mkLoadWords"); f.Type() == js.TypeFunction {
		p = f.Invoke(string(l))
	} else {
		return "" // a page without /lang.js: English
	}
	got := make(chan string, 1)
	then := js.FuncOf(func(_ js.Value, args []js.Value) any {
		s := ""
		if len(args) > 0 && args[0].Type() == js.TypeString {
			s = args[0].String()
		}
		got <- s
		return nil
	})
	defer then.Release()
	p.Call("then", then)
	return <-got
}
