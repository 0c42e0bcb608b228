//go:build !js

package i18n

import "embed"

// sharedWords is app/i18n's own data, the shared screens' text:
// every language natively (the server publishes each one, see Data).
//
//go:embed words
var sharedWords embed.FS
