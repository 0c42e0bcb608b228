package i18n

// frCode is the French text of connecting by code (see en_code.go); fr.go merges it into fr.
func frCode() map[string]string {
	return map[string]string{
		// Host: the lobby panel.
		"code.host_title":    "Connecter un appareil sans Internet",
		"code.host_hint":     "Pas d’Internet, ou le lien d’invitation ne marche pas ? Les appareils sur le même Wi-Fi ou partage de connexion peuvent quand même se connecter : créez un code pour un appareil, il vous renvoie un code en retour.",
		"code.host_make":     "Créer un code pour un appareil",
		"code.host_again":    "Connecter un autre appareil",
		"code.host_making":   "Préparation du code…",
		"code.host_step1":    "1. Sur l’autre appareil, ouvrez Miskatonic et choisissez « Rejoindre avec un code ».",
		"code.host_pass":     "2. Dictez-lui ce mot de passe :",
		"code.host_code":     "3. Transmettez-lui ce code (copiez-le, ou faites scanner le QR code) :",
		"code.host_answer":   "4. Collez le code que l’autre appareil affiche :",
		"code.host_connect":  "Connecter",
		"code.host_joining":  "Connexion… l’appareil prend place dans un instant.",
		"code.host_done":     "Connecté. L’appareil prend place comme n’importe quel joueur.",
		"code.host_full":     "Toutes les places sont prises. Retirez un joueur ou un bot pour connecter un autre appareil.",
		"code.host_cancel":   "Annuler",
		"code.host_new_code": "Créer un nouveau code",
		"code.rejoin_title":  "Reconnecter un appareil par code",
		"code.rejoin_hint":   "L’appareil d’un joueur a perdu la table. Sans Internet, il ne peut pas la retrouver seul : créez-lui un code ici, et le même navigateur retrouve sa place.",
		"code.qr_offer":      "QR code du code de connexion pour l’autre appareil",
		"code.qr_answer":     "QR code du code de réponse pour l’hôte",

		// Guest: the join-with-a-code page.
		"code.join_link":    "Rejoindre avec un code",
		"code.join_title":   "Rejoindre une table avec un code",
		"code.join_hint":    "Pour les appareils d’un même réseau quand Internet est hors de portée. L’hôte crée un code pour vous depuis son salon (« Connecter un appareil sans Internet »).",
		"code.join_pass":    "Mot de passe (13 lettres ou chiffres, donné par l’hôte)",
		"code.join_offer":   "Le code de l’hôte (collez-le ici)",
		"code.join_submit":  "Créer mon code de réponse",
		"code.join_making":  "Lecture du code…",
		"code.join_answer":  "Renvoyez ce code de réponse à l’hôte (copiez-le, ou faites scanner le QR code). Gardez cette page ouverte.",
		"code.join_waiting": "En attente que l’hôte colle votre code de réponse…",
		"code.join_restart": "Recommencer",
		"code.join_again":   "Rejoindre à nouveau avec un nouveau code",
		"code.join_instead": "L’hôte est sur votre réseau, sans Internet ? Demandez-lui plutôt un code :",
		"code.placeholder":  "Collez le code ici",

		// What went wrong, with what to do next.
		"code.bad_pass":    "Le mot de passe compte 13 lettres ou chiffres, comme K7QM-2XPA-9RTW5. Vérifiez-le avec l’hôte.",
		"code.not_code":    "Ce n’est pas un code de connexion. Copiez le code en entier, de « MK1 » jusqu’au dernier caractère, et collez-le à nouveau.",
		"code.want_offer":  "C’est un code de réponse, destiné à l’hôte. Collez plutôt ici le code de l’hôte (il commence par MK1O).",
		"code.want_answer": "C’est votre propre code, destiné à l’autre appareil. Collez le code que l’autre appareil affiche (il commence par MK1A).",
		"code.no_open":     "Ce code ne s’ouvre pas avec ce mot de passe. Vérifiez le mot de passe et que le code a été copié en entier ; l’hôte a peut-être créé un code plus récent.",
		"code.no_link":     "Les codes étaient bons mais les appareils n’ont pas pu se joindre. Vérifiez qu’ils sont sur le même Wi-Fi ou partage de connexion, puis recommencez avec un nouveau code.",
		"code.lost":        "La connexion à l’hôte est perdue. Demandez-lui un nouveau code et rejoignez la table avec ce navigateur : vous retrouvez votre place.",
		"code.not_host":    "Seul l’hôte d’une table peut connecter des appareils.",
		"code.no_table":    "Les appareils se sont connectés mais la table de l’hôte ne vous a pas installé. Demandez à l’hôte de vérifier qu’elle n’est pas complète, puis recommencez.",
		"code.no_relay":    "Internet est hors de portée : les liens d’invitation ne marchent pas pour l’instant. Les appareils de ce réseau peuvent quand même rejoindre : utilisez « Connecter un appareil sans Internet » ci-dessous.",
	}
}
