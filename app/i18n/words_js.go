//go:build js

package i18n

import "embed"

// sharedWords is app/i18n's own data, the shared screens' text:
// English alone in the browser; the page's own language comes from the server's data file
// (SetLoader).
//
//go:embed words/en
var sharedWords embed.FS
