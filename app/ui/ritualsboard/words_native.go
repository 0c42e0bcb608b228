//go:build !js

package ritualsboard

import "embed"

// catalogWords is this game's text, words/<lang>/<area>.txt (format in app/i18n):
// every language natively (the server publishes each one, see i18n.Data).
//
//go:embed words
var catalogWords embed.FS
