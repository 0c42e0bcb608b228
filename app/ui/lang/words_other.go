//go:build !js

package lang

import "miskatonic/app/i18n"

// wordsLoader: natively every language is embedded.
var wordsLoader i18n.Loader
