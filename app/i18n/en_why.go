package i18n

// enWhy words the reason codes of package engine/wire (wire.ReasonCodes): why the host refused
// something this player sent, why it let them go, why a deal did not verify. The codes cross the
// wire; each reader words them here in their own language. Kept apart from en.go, merged by init.
var enWhy = map[string]string{
	"why.refused.malformed":     "The table could not read what your app sent.",
	"why.refused.bad_seat":      "That is not your seat to play.",
	"why.refused.not_your_turn": "It is not your turn.",
	"why.refused.illegal":       "That move is not allowed now.",
	"why.refused.game_over":     "The game is over.",
	"why.refused.need_deal":     "The cards are still being dealt; try again in a moment.",
	"why.refused.bad_config":    "The table cannot be set up like that (seats or options).",
	"why.refused.oversized":     "What your app sent was too large.",
	"why.refused.stale":         "The table moved on before your move arrived; choose again.",
	"why.refused.duplicate":     "That message had already arrived.",
	"why.refused.flood":         "Too many messages too quickly.",
	"why.refused.auth":          "The host could not confirm this player's identity.",
	"why.refused.state":         "That does not fit what the table is doing now.",
	"why.refused.version":       "The host plays another version of this game's rules.",

	"why.bye.full":      "Every seat at the table is taken.",
	"why.bye.kicked":    "The host removed you from the table.",
	"why.bye.closed":    "The host closed the table.",
	"why.bye.flood":     "The host let you go: your app sent too many refused messages.",
	"why.bye.auth":      "The host let you go: your app did not prove its identity in time.",
	"why.bye.elsewhere": "Your seat connected again from another window or device.",
	"why.bye.dropped":   "The host ended the connection.",
	"why.bye.version":   "The host plays another version of this game's rules than your app.",

	"why.deal.mismatch":       "What the host showed you does not match the deal when it is replayed.",
	"why.deal.left_out":       "The host left your seat out of the deal.",
	"why.deal.skipped":        "The host began the next deal without revealing this one.",
	"why.deal.never_revealed": "The game ended and the host never revealed this deal.",
	"why.deal.withheld":       "The host never sent move %[1]v, which the check needs.",
	"why.deal.new_game":       "The host began a new game without revealing this deal.",
	"why.deal.other_table":    "The host moved to another table without revealing this deal.",
	"why.deal.left_before":    "This browser left the game before the deal was revealed.",

	// A code this app does not know (a newer host's), or a verdict saved before codes: the
	// English that came with it, if any.
	"why.unknown":      "No reason this app knows was given.",
	"why.unknown_text": "In English: %[1]v",
}

// whyKeyClashes lists keys of enWhy that en already had; a test insists it stays empty.
var whyKeyClashes []string

func init() {
	for k, v := range enWhy {
		if _, ok := en[k]; ok {
			whyKeyClashes = append(whyKeyClashes, k)
			continue
		}
		en[k] = v
	}
}
