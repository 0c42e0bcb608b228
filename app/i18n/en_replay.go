package i18n

// enReplay is the English text of history and replays (the game record's export at the end of
// a game, the replay page that verifies and steps through a record) and of the host's table
// options "first player" and "deduction helper". Apart from en.go; init merges it into en.
var enReplay = map[string]string{
	"record.title":    "This game's record",
	"record.lead":     "Keep the game, share it, or watch it again move by move. The record carries every deal's proof and each player's signature on their moves, so anyone can check it was played as shown.",
	"record.download": "Download the record",
	"record.replay":   "Watch the replay",
	"record.link":     "Replay link (the whole game is inside it)",
	"record.copy":     "Copy the link",
	"record.too_long": "This game is too long to fit in a link: share the downloaded file instead.",

	"history.earlier": "Earlier rounds (%[1]v)",

	"replay.title":        "Replay a game",
	"replay.lead":         "Open a game record (a file, or a replay link) to watch it again and check it: the deals are recomputed from their proofs and every player's moves from their signatures.",
	"replay.home_link":    "Replay a game",
	"replay.open_file":    "Open a record file",
	"replay.last":         "Your last finished game on this device",
	"replay.bad_record":   "This record cannot be read: %[1]v",
	"replay.verified":     "✓ Verified: %[1]v deals proved, %[2]v moves signed by their players, %[3]v moves replayed by the rules to the end.",
	"replay.not_verified": "✗ Not verified: %[1]v",
	"replay.controls":     "Replay controls",
	"replay.to_start":     "To the start",
	"replay.back":         "One move back",
	"replay.forward":      "One move forward",
	"replay.to_end":       "To the end",
	"replay.position":     "Position in the game",
	"replay.at_start":     "Before the first move (%[1]v moves in all)",
	"replay.at":           "Move %[1]v of %[2]v: %[3]v, %[4]v",
	"replay.at_deal":      "Move %[1]v of %[2]v: the cards are shuffled and dealt",
	"replay.dealer":       "the deal",
	"replay.seat":         "seat %[1]v",
	"replay.seen_by":      "Seen by",
	"replay.public":       "Everyone (public view)",
	"replay.summary":      "Summary",
	"replay.player":       "Player",
	"replay.held":         "%[1]v · %[2]v sanity (%[3]v)",
	"replay.unfinished":   "The game in this record did not finish.",
	"replay.scored":       "%[1]v: %[2]v",
	"replay.winner":       "%[1]v (winner)",

	"opt.first":        "First player",
	"opt.first.help":   "Who is the active player in the first round. By default the deal picks at random.",
	"opt.helper":       "Deduction helper",
	"opt.helper.help":  "The helper counts the cards nobody can account for and estimates the chances for your own card. Off: nobody at the table sees it.",
	"opt.choice.deal":  "Chosen by the deal",
	"opt.choice.seat1": "Seat 1 (the host)",
	"opt.choice.seat2": "Seat 2",
	"opt.choice.seat3": "Seat 3",
	"opt.choice.seat4": "Seat 4",
	"opt.choice.seat5": "Seat 5",
	"opt.choice.seat6": "Seat 6",
	"opt.choice.seat7": "Seat 7",
}

// replayKeyClashes lists keys of enReplay that en already had; a test insists it stays empty.
var replayKeyClashes []string

func init() {
	for k, v := range enReplay {
		if _, ok := en[k]; ok {
			replayKeyClashes = append(replayKeyClashes, k)
			continue
		}
		en[k] = v
	}
}
