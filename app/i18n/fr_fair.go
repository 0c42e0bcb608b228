package i18n

// frFair is the French text of table protocol v2 (see en_fair.go); init merges it into fr.
func frFair() map[string]string {
	return map[string]string{
		"conn.version": "L’hôte utilise une autre version de l’appli, ou des règles de ce jeu, que la vôtre. Rechargez la page pour avoir l’appli la plus récente, ou demandez à l’hôte de le faire\u00a0; rien ne rend l’hôte suspect pour autant.",

		"deal.checked":      "%[1]v vues vérifiées",
		"deal.checked#one":  "%[1]v vue vérifiée",
		"deal.restarts":     "relancée %[1]v fois",
		"deal.restarts#one": "relancée %[1]v fois",
		"deal.missing":      "en attente du coup %[1]v de la part de l’hôte",

		"chat.seat":       "%[1]v (place %[2]v)",
		"chat.watcher":    "%[1]v (spectateur)",
		"deal.table_code": "Code de table %[1]v, signé par l’hôte\u00a0: comparez-le avec les autres joueurs\u00a0; des codes différents signifient que l’hôte ne vous a pas tous raconté la même histoire, et ses signatures le prouvent.",
	}
}

func init() {
	later(French, func() {
		for k, v := range frFair() {
			fr[k] = v
		}
	})
}
