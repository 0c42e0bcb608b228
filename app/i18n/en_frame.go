package i18n

// enFrame is the English text of the table's frame (issue 24): what the shared game screen
// draws around every game's board. It lives apart from en.go (edited by others); init merges it
// into en.
var enFrame = map[string]string{
	"frame.stop_title":    "Stop: this table failed its fair-play check",
	"frame.failed_deal":   "Deal %[1]v did not verify. %[2]v",
	"frame.failed_before": "Deal %[1]v of the previous game did not verify. %[2]v",
	"frame.equivocation":  "The host signed two different accounts of this game, both for move %[1]v: it told players different stories.",
	"frame.fault_host":    "This is the host’s doing: an honest host’s deal always passes. Nothing you did caused it. The table is stopped: do not play on with this host.",
	"frame.fault_self":    "This browser left before the deal could be checked, so it cannot say the deal was fair; nobody is proven to have cheated, and this table plays on.",
	"frame.keep":          "Keep the proof: the file holds the host’s signed commitments and what did not match, and anyone can check it.",
	"frame.export":        "Save the proof",
	"frame.leave":         "Leave the table",
	"frame.how":           "How deals are checked",
	"frame.detail":        "Details",
	"frame.detail_code":   "Table code when it failed: %[1]v",
	"frame.verified_n":    "Deal %[1]v verified.",
	"frame.standin":       "A bot plays for %[1]v until they return.",
	"frame.locked":        "Locked in: %[1]v of %[2]v (%[3]v).",
	"frame.locked_none":   "Nobody has locked in yet: %[1]v to choose.",
	"frame.play_again":    "Play again",
	"frame.history":       "What happened",
	"frame.round":         "Round %[1]v",
}

// frameKeyClashes lists keys of enFrame that en already had; a test insists it stays empty.
var frameKeyClashes []string

func init() {
	for k, v := range enFrame {
		if _, ok := en[k]; ok {
			frameKeyClashes = append(frameKeyClashes, k)
			continue
		}
		en[k] = v
	}
}
