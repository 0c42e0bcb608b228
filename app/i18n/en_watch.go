package i18n

// enWatch is the English of late arrivals and approved joiners: the invite page's look at the
// table before the name box, watching a game in progress, the host's list of watchers, and
// "ask me before someone joins". It lives apart from en.go (edited by others); init merges it.
var enWatch = map[string]string{
	// The invite page, before the name box.
	"watch.preview":        "%[1]v invites you to %[2]v — %[3]v",
	"watch.preview_anon":   "You are invited to %[1]v — %[2]v",
	"watch.seats":          "%[1]v seated, %[2]v–%[3]v players",
	"watch.in_progress":    "A game is in progress — watch now, play in the next one.",
	"watch.ask_note":       "The host lets each new player in by hand: after you join, you wait until they say yes.",
	"watch.looking":        "Looking for the table…",
	"watch.retry":          "Try again",
	"watch.start_own":      "Start your own table",
	"watch.join_watch":     "Watch and ask to play",
	"watch.join_lobby_ask": "Ask to join",

	// A guest without a seat.
	"watch.watching":      "You are watching. You see what is face up on the table, never anyone's hidden cards.",
	"watch.waiting_next":  "%[1]v has been asked to seat you in the next game.",
	"watch.next":          "%[1]v will seat you when the next game is set up.",
	"watch.waiting_lobby": "Waiting for %[1]v to let you in…",
	"watch.the_host":      "the host",

	// The host.
	"watch.title":       "Watching",
	"watch.title_lobby": "Asking to join",
	"watch.is_watching": "%[1]v is watching",
	"watch.asks":        "%[1]v asks to join",
	"watch.seat_next":   "Seat in the next game",
	"watch.let_in":      "Let in",
	"watch.refuse":      "Refuse",
	"watch.will_play":   "%[1]v plays the next game",
	"watch.ask_option":  "Ask me before someone joins",
	"watch.ask_help":    "New players wait until you let them in.",

	// Problems, with a way forward.
	"conn.no_host": "Nobody is hosting this table right now: the host may have closed the page. Try again in a moment, or start your own table.",
	"conn.refused": "The host did not let you in to this table.",
}

// watchKeyClashes lists keys of enWatch that en already had; a test insists it stays empty.
var watchKeyClashes []string

func init() {
	for k, v := range enWatch {
		if _, ok := en[k]; ok {
			watchKeyClashes = append(watchKeyClashes, k)
			continue
		}
		en[k] = v
	}
}
