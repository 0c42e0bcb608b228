package i18n

func frFrame() map[string]string {
	return map[string]string{
		"frame.stop_title":    "Arrêt\u00a0: cette table a échoué au contrôle de loyauté",
		"frame.failed_deal":   "La donne %[1]v n’a pas été vérifiée. %[2]v",
		"frame.failed_before": "La donne %[1]v de la partie précédente n’a pas été vérifiée. %[2]v",
		"frame.equivocation":  "L’hôte a signé deux récits différents de cette partie, tous deux pour le coup %[1]v\u00a0: il a raconté des histoires différentes aux joueurs.",
		"frame.fault_host":    "C’est le fait de l’hôte\u00a0: la donne d’un hôte honnête passe toujours le contrôle. Vous n’y êtes pour rien. La table est arrêtée\u00a0: ne continuez pas avec cet hôte.",
		"frame.fault_self":    "Ce navigateur est parti avant que la donne puisse être vérifiée\u00a0: il ne peut pas dire qu’elle était loyale, mais personne n’est convaincu de triche et cette table continue.",
		"frame.keep":          "Gardez la preuve\u00a0: le fichier contient les engagements signés de l’hôte et ce qui ne correspondait pas, et chacun peut la vérifier.",
		"frame.export":        "Enregistrer la preuve",
		"frame.leave":         "Quitter la table",
		"frame.how":           "Comment les donnes sont vérifiées",
		"frame.detail":        "Détails",
		"frame.detail_code":   "Code de table au moment de l’échec\u00a0: %[1]v",
		"frame.verified_n":    "Donne %[1]v vérifiée.",
		"frame.standin":       "Un bot joue pour %[1]v jusqu’à son retour.",
		"frame.locked":        "Choix arrêtés\u00a0: %[1]v sur %[2]v (%[3]v).",
		"frame.locked_none":   "Personne n’a encore arrêté son choix\u00a0: %[1]v à choisir.",
		"frame.play_again":    "Rejouer",
		"frame.history":       "Ce qui s’est passé",
		"frame.round":         "Manche %[1]v",
	}
}

func init() {
	later(French, func() {
		for k, v := range frFrame() {
			fr[k] = v
		}
	})
}
