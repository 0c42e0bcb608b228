package i18n

var frAway = map[string]string{
	"away.waiting":       "%[1]v n’est plus connecté·e. La table l’attend : encore %[2]v s.",
	"away.host_choosing": "%[1]v n’est toujours pas là. L’hôte choisit : attendre encore, confier la place à un bot ou arrêter la partie.",
	"away.ask_host":      "%[1]v n’est toujours pas là. Que doit faire la table ?",
	"away.wait":          "Attendre encore",
	"away.standin":       "Confier la place de %[1]v à un bot jusqu’à son retour",
	"away.end":           "Arrêter la partie",
	"away.standing_in":   "%[1]v (un bot joue jusqu’à son retour)",
}

func init() {
	for k, v := range frAway {
		fr[k] = v
	}
}
