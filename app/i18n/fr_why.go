package i18n

// frWhy is enWhy in French (no-break spaces before : ; ? !).
func frWhy() map[string]string {
	return map[string]string{
		"why.refused.malformed":     "La table n’a pas pu lire ce que votre appli a envoyé.",
		"why.refused.bad_seat":      "Ce n’est pas votre place.",
		"why.refused.not_your_turn": "Ce n’est pas votre tour.",
		"why.refused.illegal":       "Ce coup n’est pas permis maintenant.",
		"why.refused.game_over":     "La partie est terminée.",
		"why.refused.need_deal":     "Les cartes sont encore en cours de distribution ; réessayez dans un instant.",
		"why.refused.bad_config":    "La table ne peut pas être montée ainsi (places ou options).",
		"why.refused.oversized":     "Ce que votre appli a envoyé était trop gros.",
		"why.refused.stale":         "La partie a avancé avant l’arrivée de votre coup ; choisissez à nouveau.",
		"why.refused.duplicate":     "Ce message était déjà arrivé.",
		"why.refused.flood":         "Trop de messages en trop peu de temps.",
		"why.refused.auth":          "L’hôte n’a pas pu vérifier l’identité de ce joueur.",
		"why.refused.state":         "Cela ne correspond pas à ce que fait la table en ce moment.",
		"why.refused.version":       "L’hôte joue avec une autre version des règles de ce jeu.",

		"why.bye.full":      "Toutes les places de la table sont prises.",
		"why.bye.kicked":    "L’hôte vous a retiré de la table.",
		"why.bye.closed":    "L’hôte a fermé la table.",
		"why.bye.flood":     "L’hôte vous a déconnecté : votre appli a envoyé trop de messages refusés.",
		"why.bye.auth":      "L’hôte vous a déconnecté : votre appli n’a pas prouvé son identité à temps.",
		"why.bye.elsewhere": "Votre place s’est reconnectée depuis une autre fenêtre ou un autre appareil.",
		"why.bye.dropped":   "L’hôte a mis fin à la connexion.",
		"why.bye.version":   "L’hôte joue avec une autre version des règles de ce jeu que votre appli.",

		"why.deal.mismatch":       "Ce que l’hôte vous a montré ne correspond pas à la donne rejouée.",
		"why.deal.left_out":       "L’hôte a laissé votre place en dehors de la donne.",
		"why.deal.skipped":        "L’hôte a commencé la donne suivante sans révéler celle-ci.",
		"why.deal.never_revealed": "La partie est finie et l’hôte n’a jamais révélé cette donne.",
		"why.deal.withheld":       "L’hôte n’a jamais envoyé le coup n° %[1]v, dont la vérification a besoin.",
		"why.deal.new_game":       "L’hôte a commencé une nouvelle partie sans révéler cette donne.",
		"why.deal.other_table":    "L’hôte est passé à une autre table sans révéler cette donne.",
		"why.deal.left_before":    "Ce navigateur a quitté la partie avant que la donne soit révélée.",

		"why.unknown":      "Aucune raison connue de cette appli n’a été donnée.",
		"why.unknown_text": "En anglais : %[1]v",
	}
}

func init() {
	later(French, func() {
		for k, v := range frWhy() {
			fr[k] = v
		}
	})
}
