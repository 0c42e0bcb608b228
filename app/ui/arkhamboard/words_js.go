//go:build js

package arkhamboard

import "embed"

// catalogWords is this game's text, words/<lang>/<area>.txt (format in app/i18n):
// English alone in the browser; the page's own language comes from the server's data file
// (i18n.SetLoader).
//
//go:embed words/en
var catalogWords embed.FS
