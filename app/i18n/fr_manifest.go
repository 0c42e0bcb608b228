package i18n

func frManifest() map[string]string {
	return map[string]string{
		"manifest.name":       "Miskatonic\u00a0: jeux de cartes lovecraftiens",
		"manifest.short_name": "Miskatonic",
	}
}

func init() {
	later(French, func() {
		for k, v := range frManifest() {
			fr[k] = v
		}
	})
}
