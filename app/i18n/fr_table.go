package i18n

// frTable is the French text of the shared table screen (see en_table.go).
func frTable() map[string]string {
	return map[string]string{
		"alert.your_move":     "● À vous de jouer — %[1]v",
		"alert.notify_body":   "C’est à vous de jouer à %[1]v.",
		"alert.off":           "Alertes : non",
		"alert.on":            "Alertes : oui",
		"alert.help":          "Un son, une vibration et (si vous l’autorisez) une notification quand c’est à vous de jouer",
		"alert.unread_label":  "Discussion, %[1]v non lus",
		"tap.give":            "Toucher : donner",
		"tap.pass":            "Toucher : passer",
		"explain.more":        "En savoir plus dans Comment jouer",
		"explain.none_failed": "Personne n’a échoué : aucune perte de santé mentale cette manche.",
		"explain.loss_count":  "%[1]v mains ont échoué (joueurs fictifs compris), donc chaque joueur en échec perd %[1]v.",
		"explain.loss_doom":   "Le Doom Track est à %[1]v, donc chaque joueur en échec perd %[1]v.",
		"explain.doom_track":  "Doom Track",
		"explain.hints_title": "Votre première partie : trois conseils",
		"explain.hints_done":  "Compris",
		"explain.hint_card":   "Votre propre carte est la seule que vous ne voyez pas. Déduisez-la de celles des autres et des défausses.",
		"explain.hint_tap":    "Touchez ou survolez une carte pour lire ce qu’elle fait.",
		"explain.hint_turn":   "Quand la carte face cachée vous parvient, prenez-la (votre carte est défaussée) ou passez-la à quelqu’un dont la main est encore sur la table.",
		"rematch.stay":        "Rester pour la partie suivante",
		"rematch.leave":       "Quitter la table",
		"rematch.waiting":     "Vous restez à la table. La partie suivante commence quand %[1]v distribue.",
		"rematch.score":       "Score cumulé après %[1]v parties : %[2]v",
		"rematch.score_one":   "%[1]v : %[2]v",
		"quick.game":          "Partie rapide",
		"quick.help":          "Commencer tout de suite contre quatre bots, tous les choix par défaut",
		"quick.you":           "Vous",
		"resume.lead":         "Une partie est en cours sur cet appareil.",
		"resume.table":        "Reprendre votre table",
		"resume.solo":         "Reprendre votre partie contre les bots",
		"invite.title":        "Vous êtes invité à une table",
		"invite.lead":         "Quelqu’un vous a envoyé ce lien pour jouer aux cartes avec vous dans le navigateur : rien à installer, aucun compte.",
		"invite.next":         "Choisissez le nom que les autres verront et prenez place. Le jeu, l’hôte et les joueurs déjà assis s’affichent dès votre arrivée.",
		"invite.rules":        "Comment jouer à %[1]v",
		"install.button":      "Installer Miskatonic",
		"install.help":        "Gardez Miskatonic sur cet appareil comme une application : il s’ouvre sans la barre du navigateur et fonctionne hors ligne contre les bots.",
		"wait.lost":           "Si la page de l’hôte se recharge, cela prend quelques secondes. Cette page réessaie toutes les quelques secondes ; au bout d’une demi-minute environ, elle vous propose aussi de partir.",
		"wait.host_gone":      "Cette page réessaie toutes les 5 secondes tant qu’elle reste ouverte, et votre place est gardée. Si la page de l’hôte a été fermée, il peut rouvrir la table avec « Reprendre votre table » sur la page d’accueil.",
	}
}

func init() {
	later(French, func() {
		for k, v := range frTable() {
			fr[k] = v
		}
	})
}
