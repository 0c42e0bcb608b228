package i18n

func frAway() map[string]string {
	return map[string]string{
		"away.waiting":       "%[1]v n’est plus connecté·e. La table l’attend : encore %[2]v s.",
		"away.host_choosing": "%[1]v n’est toujours pas là. L’hôte choisit : attendre encore, confier la place à un bot ou arrêter la partie.",
		"away.ask_host":      "%[1]v n’est toujours pas là. Que doit faire la table ?",
		"away.wait":          "Attendre encore",
		"away.standin":       "Confier la place de %[1]v à un bot jusqu’à son retour",
		"away.end":           "Arrêter la partie",
		"away.standing_in":   "%[1]v (un bot joue jusqu’à son retour)",
		"fair.limits.away":   "Si la connexion d’un joueur est coupée alors que la table l’attend, tout le monde voit un compte à rebours. À son terme, l’hôte peut attendre encore, arrêter la partie ou confier la place à un bot jusqu’au retour du joueur. Tout le monde voit le bot, et chacun de ses coups est indiqué comme le sien : c’est le choix de l’hôte, pas celui du joueur, et il ne porte aucune signature de ce dernier. Tant que le bot joue, cette place ne participe pas aux nouveaux mélanges, comme tout bot. Le joueur qui revient reprend sa place aussitôt, et la page d’un joueur qui voit un tel coup joué en son nom alors qu’elle était connectée rejette la donne.",
	}
}

func init() {
	later(French, func() {
		for k, v := range frAway() {
			fr[k] = v
		}
	})
}
