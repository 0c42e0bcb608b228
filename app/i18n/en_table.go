package i18n

// enTable is the English text of the shared table screen (every game's): turn and talk alerts,
// the phone dock, in-place explanations, the invite welcome and the rematch loop. It lives apart
// from en.go and init merges it into en.
var enTable = map[string]string{
	"alert.your_move":    "● Your move — %[1]v",
	"alert.notify_body":  "It is your move at %[1]v.",
	"alert.off":          "Alerts: off",
	"alert.on":           "Alerts: on",
	"alert.help":         "A sound, a vibration and (if you allow it) a notification when it is your move",
	"alert.unread_label": "Table talk, %[1]v unread",
	"tap.give":           "Tap: give",
	"tap.pass":           "Tap: pass",
}

// tableKeyClashes lists keys of enTable that en already had; a test insists it stays empty.
var tableKeyClashes []string

func init() {
	for k, v := range enTable {
		if _, ok := en[k]; ok {
			tableKeyClashes = append(tableKeyClashes, k)
			continue
		}
		en[k] = v
	}
}
