//go:build !wasm

package app

import (
	"bytes"
	"encoding/json"
	"fmt"

	"github.com/maxence-charriere/go-app/v9/pkg/app"

	"miskatonic/app/i18n"
)

// Before app.wasm has loaded, the page is go-app's HTML: one file per page, the same for every
// visitor (a static host serves it as it is, the service worker replays it offline), and the
// language a player chose lives in localStorage, which no server sees. So the visitor's
// language is chosen in the page itself, by a small script of ours (/lang.js, from our origin as
// the CSP requires; no inline script) that runs in <head> before the body is drawn. It does what
// app/ui/lang does once the app runs (the saved choice, else the first of navigator.languages we
// have, else English) and then:
//   - sets <html lang>, so fonts and line breaking are right from the first frame;
//   - puts the loading word in a CSS variable (--mk-loading) that web/loading.css shows before
//     go-app's label. go-app's app.js writes its label from a constant on every progress step,
//     so the label itself is only the percentage ("{progress}%"), the same in every language;
//   - points <link rel=manifest> at that language's manifest (/manifest.ja.webmanifest), read
//     when the browser installs the app;
//   - starts fetching that language's words (/words.ja.txt), which the browser build does not
//     embed (i18n.Data), so they arrive while app.wasm downloads.
// Choosing by Accept-Language on the server would miss both the saved choice and static hosting.

// langScriptPath is where the page loads the language script from.
const langScriptPath = "/lang.js"

// loadingLabel is go-app's loading label: only the number, the word comes from the CSS variable.
const loadingLabel = "{progress}%"

// manifestPath is the manifest of language l: English keeps the plain name go-app links to.
func manifestPath(l i18n.Lang) string {
	if l == i18n.English {
		return "/manifest.webmanifest"
	}
	return "/manifest." + string(l) + ".webmanifest"
}

// wordsPath is the data file of language l's words, fetched by pages in l: the browser build
// embeds English alone (see i18n.Data). English has none.
func wordsPath(l i18n.Lang) string { return "/words." + string(l) + ".txt" }

// fetchedLanguages are the languages whose words pages fetch.
var fetchedLanguages = []i18n.Lang{i18n.Japanese, i18n.French}

// langFiles are the generated files beside the pages, by path: the language script, one
// manifest per language, and the words of each language pages fetch.
func langFiles(h *app.Handler) map[string][]byte {
	files := map[string][]byte{langScriptPath: langScript()}
	for _, l := range i18n.Languages {
		files[manifestPath(l)] = ManifestIn(h, l)
	}
	for _, l := range fetchedLanguages {
		files[wordsPath(l)] = i18n.Data(l)
	}
	return files
}

// langScript is /lang.js, its words taken from the catalogs.
func langScript() []byte {
	type words struct {
		Loading  string `json:"loading"`
		Manifest string `json:"manifest"`
		Words    string `json:"words,omitempty"`
	}
	all := map[i18n.Lang]words{}
	for _, l := range i18n.Languages {
		all[l] = words{Loading: i18n.In(l, "app.loading") + " ", Manifest: manifestPath(l)}
	}
	for _, l := range fetchedLanguages {
		w := all[l]
		w.Words = wordsPath(l)
		all[l] = w
	}
	table, _ := json.Marshal(all) // cannot fail: strings only
	var b bytes.Buffer
	fmt.Fprintf(&b, `// Miskatonic: the page's language before the app loads (generated; see app/langfiles.go).
(function () {
  var words = %s;
  var lang = "";
  try { lang = localStorage.getItem(%q) || ""; } catch (e) {}
  if (!words.hasOwnProperty(lang)) {
    lang = "en";
    var tags = navigator.languages && navigator.languages.length ? navigator.languages : [navigator.language || ""];
    for (var i = 0; i < tags.length; i++) {
      var base = String(tags[i] || "").toLowerCase().split("-")[0];
      if (words.hasOwnProperty(base)) { lang = base; break; }
    }
  }
  var root = document.documentElement;
  root.lang = lang;
  root.style.setProperty("--mk-loading", JSON.stringify(words[lang].loading));
  var link = document.querySelector('link[rel="manifest"]');
  if (link) { link.href = words[lang].manifest; }
  // The app embeds English alone: fetch this language's words now, while app.wasm downloads;
  // app/ui/lang waits for them before the first drawing. A failure gives "" (English).
  window.mkLoadWords = function (l) {
    if (!words.hasOwnProperty(l) || !words[l].words) { return Promise.resolve(""); }
    return fetch(words[l].words).then(function (r) { return r.ok ? r.text() : ""; }, function () { return ""; });
  };
  window.mkWords = { lang: lang, text: window.mkLoadWords(lang) };
})();
`, table, langStorageKey)
	return b.Bytes()
}

// langStorageKey is app/ui/lang's localStorage key for the chosen language (that package builds
// for wasm only; TestLangScriptKey keeps the two equal).
const langStorageKey = "miskatonic.lang"
