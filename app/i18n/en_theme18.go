package i18n

// enTheme18 is the English of issue 18's last gaps: a guest's copy of the finished game's proven
// record (asked from the host, checked by this browser, then offered like the host's). It lives
// apart from en.go (edited by others); init merges it.
var enTheme18 = map[string]string{
	"guestrecord.asking":  "Fetching this game's record from the host and checking it against what you saw…",
	"guestrecord.refused": "This browser does not offer the host's record of this game:",
	"guestrecord.detail":  "Details (English)",
	"guestrecord.again":   "Ask the host again",

	"guestrecord.why.refused":   "the host refused to send it.",
	"guestrecord.why.no_answer": "the host never sent it (its app may be older than yours).",
	"guestrecord.why.too_big":   "it is larger than any real game's record.",
	"guestrecord.why.broken":    "what the host sent is not a game record.",
	"guestrecord.why.unproven":  "its proofs do not hold: a card, a move or a secret was changed.",
	"guestrecord.why.other":     "it is the record of another game or table.",
	"guestrecord.why.seat":      "it puts someone else's key on your seat.",
	"guestrecord.why.moves":     "its moves are not the ones you were shown during the game.",
	"guestrecord.why.deals":     "its deals are not the ones you checked during the game.",
}

// theme18KeyClashes lists keys of enTheme18 that en already had; a test insists it stays empty.
var theme18KeyClashes []string

func init() {
	for k, v := range enTheme18 {
		if _, ok := en[k]; ok {
			theme18KeyClashes = append(theme18KeyClashes, k)
			continue
		}
		en[k] = v
	}
}
