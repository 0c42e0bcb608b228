package i18n

func jaRitGods() map[string]string {
	return map[string]string{
		"rit.god.azathoth":       "アザトース",
		"rit.god.cthugha":        "クトゥグア",
		"rit.god.cthulhu":        "クトゥルフ",
		"rit.god.dagon":          "ダゴン",
		"rit.god.ghatanothoa":    "ガタノトーア",
		"rit.god.hastur":         "ハスター",
		"rit.god.ithaqua":        "イタクァ",
		"rit.god.nyarlathotep":   "ニャルラトホテップ",
		"rit.god.shub-niggurath": "シュブ＝ニグラス",
		"rit.god.tsathoggua":     "ツァトゥグア",
		"rit.god.yig":            "イグ",
		"rit.god.yog-sothoth":    "ヨグ・ソトース",
	}
}

func init() {
	later(Japanese, func() {
		for k, v := range jaRitGods() {
			ja[k] = v
		}
	})
}
