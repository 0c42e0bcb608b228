package i18n

// frRecords is the French of en_records.go; init merges it into fr (spaces before « : » and
// the like are written non-breaking here, as the merge in fr.go has already run).
var frRecords = map[string]string{
	"replay.unproven":          "? Non prouvé\u00a0: %[1]v",
	"replay.why_no_proof":      "cet enregistrement date d’avant les preuves. Il se rejoue, mais ne prouve ni les donnes ni qui a joué.",
	"replay.why_unsealed":      "non scellé par son hôte (enregistré avant les listes de joueurs signées, ou par un hôte sans clé). Ses donnes et ses signatures se vérifient, mais rien ne lie les clés et les noms des joueurs à la table.",
	"replay.why_no_keys":       "aucun joueur n’y a rien signé\u00a0: chaque place est un bot, ou la partie a été inventée.",
	"replay.why_host_unseated": "il est scellé par une clé qui n’occupait aucune place\u00a0: n’importe qui ayant l’enregistrement aurait pu le sceller, avec d’autres noms.",
	"replay.who":               "Qui a joué",
	"replay.who_lead":          "Chaque empreinte de clé désigne l’appareil depuis lequel un joueur a joué\u00a0: un même appareil a la même empreinte dans tous les enregistrements. Le code de table est celui que tous les joueurs ont vu à la fin de la partie\u00a0; un enregistrement qui porte un autre code est celui d’une autre partie.",
	"replay.code":              "Code de table\u00a0: %[1]v",
	"replay.no_code":           "Pas de code de table\u00a0: cet enregistrement n’est pas scellé par son hôte.",
	"replay.fingerprint":       "clé %[1]v",
	"replay.no_key":            "pas de clé (un bot)",
	"replay.host_seat":         "hôte, a scellé cet enregistrement",
	"replay.you":               "cet appareil",
	"replay.host_key":          "Scellé avec la clé %[1]v",
}

func init() {
	later(French, func() {
		for k, v := range frRecords {
			fr[k] = v
		}
	})
}
