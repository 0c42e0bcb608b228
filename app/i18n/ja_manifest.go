package i18n

var jaManifest = map[string]string{
	"manifest.name":       "ミスカトニック：ラヴクラフト風カードゲーム",
	"manifest.short_name": "ミスカトニック",
}

func init() {
	for k, v := range jaManifest {
		ja[k] = v
	}
}
