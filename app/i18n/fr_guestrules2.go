package i18n

// frGuestRules2 is the French of en_guestrules2.go; init merges it into fr.
var frGuestRules2 = map[string]string{
	"why.deal.view_changed":    "L’hôte a changé ce qu’il avait montré au coup n° %[1]v après sa vérification\u202f: le nouvel écran n’est pas la partie.",
	"why.deal.standin_unshown": "L’hôte a fait passer le coup d’un autre joueur pour celui d’un remplaçant, sans jamais avoir montré de remplaçant à cette place.",
}

func init() {
	later(French, func() {
		for k, v := range frGuestRules2 {
			fr[k] = v
		}
	})
}
