package i18n

// enRitGods names the Great Old Ones of Rituals of Madness's twelve places (engine/rituals Places):
// the same in English and French, in katakana in Japanese. Merged into en by init.
var enRitGods = map[string]string{
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

// ritGodsKeyClashes lists keys of enRitGods that en already had; a test insists it stays empty.
var ritGodsKeyClashes []string

func init() {
	for k, v := range enRitGods {
		if _, ok := en[k]; ok {
			ritGodsKeyClashes = append(ritGodsKeyClashes, k)
			continue
		}
		en[k] = v
	}
}
