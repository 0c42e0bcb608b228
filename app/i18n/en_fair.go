package i18n

// enFair is the English text added with table protocol v2 (issue 10): verdict details and the
// version notice. It lives apart from en.go and en_pages.go, and init merges it into en.
var enFair = map[string]string{
	"conn.version": "The host runs another version of the app, or of this game's rules, than yours. Reload the page to get the newest app, or ask the host to do the same; nothing about the host is suspect.",

	"deal.checked":      "%[1]v views checked",
	"deal.checked#one":  "%[1]v view checked",
	"deal.restarts":     "restarted %[1]v times",
	"deal.restarts#one": "restarted once",
	"deal.missing":      "waiting for move %[1]v from the host",

	"chat.seat":    "%[1]v (seat %[2]v)",
	"chat.watcher": "%[1]v (watching)",

	"deal.table_code": "Table code %[1]v, signed by the host: compare it with the other players; different codes mean the host told you different stories, and its signatures prove it.",
}

// fairKeyClashes lists keys of enFair that en already had; a test insists it stays empty.
var fairKeyClashes []string

func init() {
	for k, v := range enFair {
		if _, ok := en[k]; ok {
			fairKeyClashes = append(fairKeyClashes, k)
			continue
		}
		en[k] = v
	}
}
