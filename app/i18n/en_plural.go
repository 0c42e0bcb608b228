package i18n

// enPlural holds the English messages' singular variants ("key#one", see plural.go); the plain
// key is the plural. Apart from en.go so branches do not collide there; init merges it into en.
var enPlural = map[string]string{
	"ark.deck_label#one":    "%[1]v card left in the deck",
	"ark.removed_label#one": "%[1]v card removed face down",
	"ark.sanity_label#one":  "%[1]v has %[2]v sanity",
	"lobby.dummies#one":     "With %[1]v players, %[2]v dummy hand sits at the table: it holds a face-up card, never acts and counts at the reveal.",
}

func init() {
	for k, v := range enPlural {
		en[k] = v
	}
}
