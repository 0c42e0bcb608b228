package i18n

// frConnect is the French text of how a link was made or why not (see en_connect.go); init
// merges it into fr.
func frConnect() map[string]string {
	return map[string]string{
		"conn.no_path":      "L’hôte a répondu, mais aucun chemin réseau ne s’est ouvert entre vous, et la route par le serveur de signalisation a échoué aussi. Réessayez ; si l’échec persiste, essayez un autre réseau (le partage de connexion d’un téléphone) ou demandez un code à l’hôte.",
		"conn.all_down":     "Aucun des serveurs qui portent les invitations n’a répondu : d’ici, tous les moyens de joindre les tables sont coupés. Vérifiez votre connexion à Internet et réessayez.",
		"link.failed":       "%[1]v n’a pas pu se connecter (réseau).",
		"link.relayed":      "%[1]v est connecté par un relais : le jeu va un peu moins vite pour cette personne.",
		"link.path.direct":  "en direct",
		"link.path.turn":    "par TURN",
		"link.path.relayed": "relayé",
		"link.dismiss":      "Compris",
		"link.path_title":   "Comment l’appareil de ce joueur atteint le vôtre",
		"code.one_network":  "Cette connexion ne marche que sur un même réseau : aucun serveur ICE n’est configuré pour ce site.",
		"code.ice_servers":  "Cette connexion utilise les serveurs ICE de ce site : des appareils sur des réseaux différents peuvent aussi se connecter.",
	}
}

func init() {
	later(French, func() {
		for k, v := range frConnect() {
			fr[k] = v
		}
	})
}
