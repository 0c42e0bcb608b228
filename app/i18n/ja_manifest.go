package i18n

func jaManifest() map[string]string {
	return map[string]string{
		"manifest.name":       "ミスカトニック：ラヴクラフト風カードゲーム",
		"manifest.short_name": "ミスカトニック",
	}
}

func init() {
	later(Japanese, func() {
		for k, v := range jaManifest() {
			ja[k] = v
		}
	})
}
