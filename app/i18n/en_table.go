package i18n

// enTable is the English text of the shared table screen (every game's): turn and talk alerts,
// the phone dock, in-place explanations, the invite welcome and the rematch loop. It lives apart
// from en.go and init merges it into en.
var enTable = map[string]string{
	"alert.your_move":     "● Your move — %[1]v",
	"alert.notify_body":   "It is your move at %[1]v.",
	"alert.off":           "Alerts: off",
	"alert.on":            "Alerts: on",
	"alert.help":          "A sound, a vibration and (if you allow it) a notification when it is your move",
	"alert.unread_label":  "Table talk, %[1]v unread",
	"tap.give":            "Tap: give",
	"tap.pass":            "Tap: pass",
	"explain.more":        "More in How to play",
	"explain.none_failed": "Nobody failed: no sanity is lost this round.",
	"explain.loss_count":  "%[1]v hands failed (dummies count), so each failing player loses %[1]v.",
	"explain.loss_doom":   "The Doom Track stands at %[1]v, so each failing player loses %[1]v.",
	"explain.doom_track":  "Doom Track",
	"explain.hints_title": "Your first game: three tips",
	"explain.hints_done":  "Got it",
	"explain.hint_card":   "Your own card is the one you cannot see. Read everyone else's and the discards to work it out.",
	"explain.hint_tap":    "Tap or point at any card to read what it does.",
	"explain.hint_turn":   "When the face-down card reaches you, take it (your card is thrown away) or pass it to someone whose hand is on the table.",
	"rematch.stay":        "Stay for the next game",
	"rematch.leave":       "Leave the table",
	"rematch.waiting":     "You stay at the table. The next game starts when %[1]v deals it.",
	"rematch.score":       "Running score after %[1]v games: %[2]v",
	"rematch.score_one":   "%[1]v %[2]v",
	"quick.game":          "Quick game",
	"quick.help":          "Start at once against four bots, every choice at its default",
	"quick.you":           "You",
	"resume.lead":         "You have a game in progress on this device.",
	"resume.table":        "Resume your table",
	"resume.solo":         "Resume your game against the bots",
	"invite.title":        "You are invited to a table",
	"invite.lead":         "Someone sent you this link to play cards with them in the browser: nothing to install, no account.",
	"invite.next":         "Choose the name the others will see and take your seat. The game, the host and the players already seated appear as soon as you are in.",
	"invite.rules":        "How to play %[1]v",
	"install.button":      "Install Miskatonic",
	"install.help":        "Keep Miskatonic on this device like an app: it opens without the browser bar and works offline against bots.",
	"wait.lost":           "If the host's page is reloading, this takes a few seconds. This page keeps trying, every few seconds; after about half a minute it also offers you a way out.",
	"wait.host_gone":      "This page keeps trying every 5 seconds for as long as it stays open, and your seat is kept. If the host's page was closed, they can reopen the table with “Resume your table” on the home page.",
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
