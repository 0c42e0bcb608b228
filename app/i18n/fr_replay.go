package i18n

// frReplay is the French text of history and replays (see en_replay.go).
func frReplay() map[string]string {
	return map[string]string{
		"record.title":    "L’enregistrement de cette partie",
		"record.lead":     "Gardez la partie, partagez-la ou revoyez-la coup par coup. L’enregistrement contient la preuve de chaque donne et la signature de chaque joueur sur ses coups : n’importe qui peut vérifier qu’elle s’est jouée comme affiché.",
		"record.download": "Télécharger l’enregistrement",
		"record.replay":   "Revoir la partie",
		"record.link":     "Lien de la partie (elle y est tout entière)",
		"record.copy":     "Copier le lien",
		"record.too_long": "Cette partie est trop longue pour tenir dans un lien : partagez plutôt le fichier téléchargé.",

		"history.earlier": "Rounds précédents (%[1]v)",

		"replay.title":        "Revoir une partie",
		"replay.lead":         "Ouvrez l’enregistrement d’une partie (un fichier ou un lien) pour la revoir et la vérifier : les donnes sont recalculées à partir de leurs preuves et les coups de chaque joueur vérifiés par leur signature.",
		"replay.home_link":    "Revoir une partie",
		"replay.open_file":    "Ouvrir un fichier d’enregistrement",
		"replay.last":         "Votre dernière partie terminée sur cet appareil",
		"replay.bad_record":   "Impossible de lire cet enregistrement : %[1]v",
		"replay.verified":     "✓ Vérifiée : %[1]v donnes prouvées, %[2]v coups signés par leurs joueurs, %[3]v coups rejoués selon les règles jusqu’à la fin.",
		"replay.not_verified": "✗ Non vérifiée : %[1]v",
		"replay.controls":     "Commandes de la partie revue",
		"replay.to_start":     "Au début",
		"replay.back":         "Un coup en arrière",
		"replay.forward":      "Un coup en avant",
		"replay.to_end":       "À la fin",
		"replay.position":     "Position dans la partie",
		"replay.at_start":     "Avant le premier coup (%[1]v coups en tout)",
		"replay.at":           "Coup %[1]v sur %[2]v : %[3]v, %[4]v",
		"replay.at_deal":      "Coup %[1]v sur %[2]v : les cartes sont mélangées et distribuées",
		"replay.dealer":       "la donne",
		"replay.seat":         "place %[1]v",
		"replay.seen_by":      "Vue de",
		"replay.public":       "Tout le monde (vue publique)",
		"replay.summary":      "Résumé",
		"replay.player":       "Joueur",
		"replay.held":         "%[1]v · santé %[2]v (%[3]v)",
		"replay.unfinished":   "La partie de cet enregistrement n’est pas terminée.",
		"replay.scored":       "%[1]v : %[2]v",
		"replay.winner":       "%[1]v (gagnant)",

		"opt.first":        "Premier joueur",
		"opt.first.help":   "Le joueur actif du premier round. Par défaut, la donne le tire au hasard.",
		"opt.helper":       "Aide à la déduction",
		"opt.helper.help":  "L’aide compte les cartes dont personne ne sait où elles sont et estime les chances pour votre propre carte. Désactivée : personne à la table ne la voit.",
		"opt.choice.deal":  "Tiré par la donne",
		"opt.choice.seat1": "Place 1 (l’hôte)",
		"opt.choice.seat2": "Place 2",
		"opt.choice.seat3": "Place 3",
		"opt.choice.seat4": "Place 4",
		"opt.choice.seat5": "Place 5",
		"opt.choice.seat6": "Place 6",
		"opt.choice.seat7": "Place 7",
	}
}

func init() {
	later(French, func() {
		for k, v := range frReplay() {
			fr[k] = frSpacing.Replace(v)
		}
	})
}
