package i18n

// Rituals of Madness's lobby note for two or three players (engine/rituals LobbyNote): which
// cultists leave the deck, and how an invocation's #1 cultist travels with two. Its own file so
// branches do not collide on the big catalogs; init merges it into en, ja and fr. French text
// carries its no-break spaces itself (fr.go's pass over fr has run by then).
var ritualsLobby = map[Lang]map[string]string{
	English: {
		"rit.lobby.three": "With %[1]v players, the %[2]v cultists marked “2-3” (insanity %[3]v) stay in the box, so the deck holds %[4]v cards.",
		"rit.lobby.two":   "With %[1]v players, the %[2]v cultists marked “2-3” (insanity %[3]v) stay in the box, so the deck holds %[4]v cards. When you invoke, the #1 cultist of that place turns psychotic and goes straight to the other player: there is no one else to choose.",
	},
	Japanese: {
		"rit.lobby.three": "%[1]v人プレイでは「2-3」マークの狂信者%[2]v枚（狂気度 %[3]v）を箱に戻すので、山札は%[4]v枚になります。",
		"rit.lobby.two":   "%[1]v人プレイでは「2-3」マークの狂信者%[2]v枚（狂気度 %[3]v）を箱に戻すので、山札は%[4]v枚になります。召喚を行うと、その地の#1の狂信者は発狂し、そのまま相手のもとへ送られます（送り先を選ぶ必要はありません）。",
	},
	French: {
		"rit.lobby.three": "À %[1]v joueurs, les %[2]v cultistes marqués «\u00a02-3\u00a0» (folie %[3]v) restent dans la boîte\u00a0: la pioche compte %[4]v cartes.",
		"rit.lobby.two":   "À %[1]v joueurs, les %[2]v cultistes marqués «\u00a02-3\u00a0» (folie %[3]v) restent dans la boîte\u00a0: la pioche compte %[4]v cartes. Lors d’une invocation, le nº 1 du lieu devient psychotique et part aussitôt chez l’autre joueur\u00a0: il n’y a personne d’autre à choisir.",
	},
}

func init() {
	for lang, part := range ritualsLobby {
		cat := map[Lang]map[string]string{English: en, Japanese: ja, French: fr}[lang]
		later(lang, func() {
			for k, v := range part {
				cat[k] = v
			}
		})
	}
}
