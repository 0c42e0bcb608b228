package i18n

// enGuestRules2 words the guest's fourth invariant (engine/table's package doc: a view for a
// seq is the one the replay gives for it). Its failure may be the table's own verdict
// (table.GuestState.Fault), found after every deal was verified. init merges it.
var enGuestRules2 = map[string]string{
	"why.deal.view_changed":    "The host changed what it had shown at move %[1]v after that move was checked: the new screen is not the game.",
	"why.deal.standin_unshown": "The host passed off another player’s move as a stand-in’s, though it never showed a stand-in at that seat.",
}

// guestRules2KeyClashes lists keys of enGuestRules2 that en already had; a test insists it stays empty.
var guestRules2KeyClashes []string

func init() {
	for k, v := range enGuestRules2 {
		if _, ok := en[k]; ok {
			guestRules2KeyClashes = append(guestRules2KeyClashes, k)
			continue
		}
		en[k] = v
	}
}
