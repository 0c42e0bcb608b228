//go:build !(js && wasm)

package i18n_test

// The boards carry their own words (AddCatalog from their init). Linked into this test binary,
// every catalog test here covers every game's words too: completeness, verbs, translations,
// typography, duplicates.
import (
	_ "miskatonic/app/ui/arkhamboard"
	_ "miskatonic/app/ui/highcardboard"
	_ "miskatonic/app/ui/ritualsboard"
	_ "miskatonic/app/ui/shadowsboard"
)
