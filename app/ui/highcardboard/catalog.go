package highcardboard

import "miskatonic/app/i18n"

func init() { i18n.AddCatalog(catalogWords) }
