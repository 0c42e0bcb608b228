package i18n

// frWatch is the French of en_watch.go; init merges it into fr (spaces before « : » and the
// like are written non-breaking here, as the merge in fr.go has already run).
func frWatch() map[string]string {
	return map[string]string{
		"watch.preview":        "%[1]v vous invite à %[2]v — %[3]v",
		"watch.preview_anon":   "Vous êtes invité à %[1]v — %[2]v",
		"watch.seats":          "%[1]v déjà à table, de %[2]v à %[3]v joueurs",
		"watch.in_progress":    "Une partie est en cours — regardez-la maintenant, jouez la suivante.",
		"watch.ask_note":       "L’hôte fait entrer chaque nouveau joueur lui-même\u00a0: une fois arrivé, vous attendez qu’il accepte.",
		"watch.looking":        "Recherche de la table…",
		"watch.retry":          "Réessayer",
		"watch.start_own":      "Ouvrir votre propre table",
		"watch.join_watch":     "Regarder et demander à jouer",
		"watch.join_lobby_ask": "Demander à entrer",

		"watch.watching":      "Vous regardez la partie. Vous voyez ce qui est face visible sur la table, jamais les cartes cachées des joueurs.",
		"watch.waiting_next":  "%[1]v a reçu votre demande de jouer la prochaine partie.",
		"watch.next":          "%[1]v vous donnera une place à la prochaine partie.",
		"watch.waiting_lobby": "En attente de l’accord de %[1]v…",
		"watch.the_host":      "l’hôte",

		"watch.title":       "Spectateurs",
		"watch.title_lobby": "Demandes d’entrée",
		"watch.is_watching": "%[1]v regarde la partie",
		"watch.asks":        "%[1]v demande à entrer",
		"watch.seat_next":   "Placer à la prochaine partie",
		"watch.let_in":      "Faire entrer",
		"watch.refuse":      "Refuser",
		"watch.will_play":   "%[1]v jouera la prochaine partie",
		"watch.ask_option":  "Me demander avant qu’on entre",
		"watch.ask_help":    "Les nouveaux joueurs attendent que vous les fassiez entrer.",

		"conn.no_host": "Personne n’héberge cette table pour le moment\u00a0: l’hôte a peut-être fermé sa page. Réessayez dans un instant, ou ouvrez votre propre table.",
		"conn.refused": "L’hôte ne vous a pas fait entrer à cette table.",
	}
}

func init() {
	later(French, func() {
		for k, v := range frWatch() {
			fr[k] = v
		}
	})
}
