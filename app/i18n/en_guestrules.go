package i18n

// enGuestRules words the deal failures of the guest's invariants (engine/table's package doc):
// each is the host's deviation, and says so. It lives apart from en.go (edited by others);
// init merges it.
var enGuestRules = map[string]string{
	"why.deal.key_changed":  "The host put a key that is not yours at your seat, so it could play and deal in your name.",
	"why.deal.stood_in":     "The host played your seat as a stand-in while you were at the table.",
	"why.deal.sealed_short": "The host passed on the sealed choices without one from every seat the game makes choose.",
}

// guestRulesKeyClashes lists keys of enGuestRules that en already had; a test insists it stays empty.
var guestRulesKeyClashes []string

func init() {
	for k, v := range enGuestRules {
		if _, ok := en[k]; ok {
			guestRulesKeyClashes = append(guestRulesKeyClashes, k)
			continue
		}
		en[k] = v
	}
}
