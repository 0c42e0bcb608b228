package i18n

// frRitGods: French keeps the English spelling of the Great Old Ones.
func frRitGods() map[string]string {
	return map[string]string{
		"rit.god.azathoth":       "Azathoth",
		"rit.god.cthugha":        "Cthugha",
		"rit.god.cthulhu":        "Cthulhu",
		"rit.god.dagon":          "Dagon",
		"rit.god.ghatanothoa":    "Ghatanothoa",
		"rit.god.hastur":         "Hastur",
		"rit.god.ithaqua":        "Ithaqua",
		"rit.god.nyarlathotep":   "Nyarlathotep",
		"rit.god.shub-niggurath": "Shub-Niggurath",
		"rit.god.tsathoggua":     "Tsathoggua",
		"rit.god.yig":            "Yig",
		"rit.god.yog-sothoth":    "Yog-Sothoth",
	}
}

func init() {
	later(French, func() {
		for k, v := range frRitGods() {
			fr[k] = v
		}
	})
}
