package i18n

// frTheme18 is the French of en_theme18.go.
var frTheme18 = map[string]string{
	"guestrecord.asking":  "Récupération de l’enregistrement de la partie auprès de l’hôte et vérification avec ce que vous avez vu…",
	"guestrecord.refused": "Ce navigateur ne propose pas l’enregistrement envoyé par l’hôte\u00a0:",
	"guestrecord.detail":  "Détails (en anglais)",
	"guestrecord.again":   "Redemander à l’hôte",

	"guestrecord.why.refused":   "l’hôte a refusé de l’envoyer.",
	"guestrecord.why.no_answer": "l’hôte ne l’a jamais envoyé (son application est peut-être plus ancienne que la vôtre).",
	"guestrecord.why.too_big":   "il est plus gros que l’enregistrement de n’importe quelle vraie partie.",
	"guestrecord.why.broken":    "ce que l’hôte a envoyé n’est pas un enregistrement de partie.",
	"guestrecord.why.unproven":  "ses preuves ne tiennent pas\u00a0: une carte, un coup ou un secret a été modifié.",
	"guestrecord.why.other":     "c’est l’enregistrement d’une autre partie ou d’une autre table.",
	"guestrecord.why.seat":      "il met la clé de quelqu’un d’autre à votre place.",
	"guestrecord.why.moves":     "ses coups ne sont pas ceux qu’on vous a montrés pendant la partie.",
	"guestrecord.why.deals":     "ses donnes ne sont pas celles que vous avez vérifiées pendant la partie.",
}

func init() {
	later(French, func() {
		for k, v := range frTheme18 {
			fr[k] = v
		}
	})
}
