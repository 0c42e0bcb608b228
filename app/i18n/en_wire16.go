package i18n

// enWire16 is the English of what issue 16 moved off the wire and out of error text: the bye
// code of a joiner the host turned away, the problems a screen shows when a table cannot be
// started, resumed or saved (app/session.ProblemOf), why a record will not open or verify, and
// the notice of a refused move. The developer's English detail goes to the console only. Kept
// apart from en.go; init merges it into en.
var enWire16 = map[string]string{
	"why.bye.refused": "The host did not let you in.",

	// A table that cannot be set up, resumed or saved (app/session.ProblemOf).
	"problem.storage":      "This browser would not store the table (its storage may be full, or switched off in private browsing).",
	"problem.saved_broken": "The table saved in this browser could not be read, so it was set aside. Start a new one.",
	"problem.unknown_game": "This app does not have that game. Reload the page to get the newest app.",
	"problem.setup":        "The game cannot be played with that many players or seats.",
	"problem.no_seat":      "There is no free seat for another hand.",
	"problem.not_host":     "Only the host of the table can do that.",
	"problem.internal":     "Something went wrong in this app. Reload the page and try again.",

	// Why a record will not open (the reason fills replay.bad_record), or where its check stopped
	// (it fills replay.not_verified).
	"replay.why_damaged":      "the file or link is damaged, or is not a game record",
	"replay.why_unknown_game": "it is of a game this app does not have",
	"replay.why_moves":        "its moves cannot be replayed by the game's rules",
	"replay.fail_deal":        "deal %[1]v is not proved by what the record carries",
	"replay.fail_move":        "move %[1]v is unsigned by its player, or not allowed by the rules",
	"replay.fail_record":      "the record is unfinished, has no proof of its deals, or is of another version of the rules",
}

// wire16KeyClashes lists keys of enWire16 that en already had; a test insists it stays empty.
var wire16KeyClashes []string

func init() {
	for k, v := range enWire16 {
		if _, ok := en[k]; ok {
			wire16KeyClashes = append(wire16KeyClashes, k)
			continue
		}
		en[k] = v
	}
}
