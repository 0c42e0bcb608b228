package i18n

// enWire16 is the English of what issue 16 moved off the wire and out of error text: the bye
// code of a joiner the host turned away, the problems a screen shows when a table cannot be
// started, resumed or saved (app/session.ProblemOf), why a record will not open or verify, and
// the notice of a refused move. The developer's English detail goes to the console only. Kept
// apart from en.go; init merges it into en.
var enWire16 = map[string]string{
	"why.bye.refused": "The host did not let you in.",
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
