package i18n

// frGuestRules is the French of en_guestrules.go; init merges it into fr.
var frGuestRules = map[string]string{
	"why.deal.key_changed":  "L’hôte a mis à votre place une clé qui n’est pas la vôtre, pour jouer et donner en votre nom.",
	"why.deal.stood_in":     "L’hôte a joué votre place par un remplaçant alors que vous étiez à la table.",
	"why.deal.sealed_short": "L’hôte a transmis les choix scellés sans celui de chaque place que le jeu fait choisir.",
}

func init() {
	later(French, func() {
		for k, v := range frGuestRules {
			fr[k] = v
		}
	})
}
