package i18n

// frTable is the French text of the shared table screen (see en_table.go).
var frTable = map[string]string{
	"alert.your_move":    "● À vous de jouer — %[1]v",
	"alert.notify_body":  "C’est à vous de jouer à %[1]v.",
	"alert.off":          "Alertes : non",
	"alert.on":           "Alertes : oui",
	"alert.help":         "Un son, une vibration et (si vous l’autorisez) une notification quand c’est à vous de jouer",
	"alert.unread_label": "Discussion, %[1]v non lus",
	"tap.give":           "Toucher : donner",
	"tap.pass":           "Toucher : passer",
}

func init() {
	for k, v := range frTable {
		fr[k] = v
	}
}
