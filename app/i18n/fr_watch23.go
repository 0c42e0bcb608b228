package i18n

// frWatch23 is the French of en_watch23.go; init merges it into fr (spaces before « ! » and
// the like are written non-breaking here, as the merge in fr.go has already run).
var frWatch23 = map[string]string{
	"ark.watch_over": "Vous avez suivi ce rituel jusqu’au bout.",
	"sh.watch_won":   "Les joueurs ont gagné ensemble\u00a0!",
	"sh.watch_lost":  "Les joueurs ont perdu ensemble.",
}

func init() {
	later(French, func() {
		for k, v := range frWatch23 {
			fr[k] = v
		}
	})
}
