package i18n

// frWire16 is enWire16 in French. fr.go's spacing pass has run before this file's init, so
// the no-break spaces before : ; ? ! are written here as they are.
var frWire16 = map[string]string{
	"why.bye.refused": "L’hôte ne vous a pas laissé entrer.",

	"problem.storage":      "Ce navigateur n’a pas pu enregistrer la table (son stockage est peut-être plein, ou désactivé en navigation privée).",
	"problem.saved_broken": "La table enregistrée dans ce navigateur était illisible : elle a été mise de côté. Lancez-en une nouvelle.",
	"problem.unknown_game": "Cette appli ne connaît pas ce jeu. Rechargez la page pour obtenir la dernière version.",
	"problem.setup":        "Ce jeu ne se joue pas avec autant de joueurs ou de places.",
	"problem.no_seat":      "Il n’y a plus de place libre pour une main de plus.",
	"problem.not_host":     "Seul l’hôte de la table peut faire cela.",
	"problem.internal":     "Un problème est survenu dans l’appli. Rechargez la page et réessayez.",

	"replay.why_damaged":      "le fichier ou le lien est abîmé, ou ce n’est pas l’enregistrement d’une partie",
	"replay.why_unknown_game": "il s’agit d’un jeu que cette appli ne connaît pas",
	"replay.why_moves":        "ses coups ne peuvent pas être rejoués selon les règles du jeu",
	"replay.fail_deal":        "la donne n° %[1]v n’est pas prouvée par l’enregistrement",
	"replay.fail_move":        "le coup n° %[1]v n’est pas signé par son joueur, ou les règles ne l’autorisent pas",
	"replay.fail_record":      "la partie n’est pas terminée, la preuve des donnes manque, ou les règles sont d’une autre version",
}

func init() {
	later(French, func() {
		for k, v := range frWire16 {
			fr[k] = v
		}
	})
}
