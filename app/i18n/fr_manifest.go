package i18n

var frManifest = map[string]string{
	"manifest.name":       "Miskatonic\u00a0: jeux de cartes lovecraftiens",
	"manifest.short_name": "Miskatonic",
}

func init() {
	for k, v := range frManifest {
		fr[k] = v
	}
}
