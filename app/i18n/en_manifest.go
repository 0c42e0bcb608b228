package i18n

// enManifest names the app where a phone lists it once installed (the web app manifest, one per
// language: app/langfiles.go). Merged into en by init.
var enManifest = map[string]string{
	"manifest.name":       "Miskatonic: Lovecraftian card games",
	"manifest.short_name": "Miskatonic",
}

// manifestKeyClashes lists keys of enManifest that en already had; a test insists it stays empty.
var manifestKeyClashes []string

func init() {
	for k, v := range enManifest {
		if _, ok := en[k]; ok {
			manifestKeyClashes = append(manifestKeyClashes, k)
			continue
		}
		en[k] = v
	}
}
