package arkhamboard

import (
	"embed"

	"miskatonic/app/i18n"
)

// catalogWords is this game's text in every language: words/<lang>/<area>.txt (format in app/i18n).
//
//go:embed words
var catalogWords embed.FS

func init() { i18n.AddCatalog(catalogWords) }
