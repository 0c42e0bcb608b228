package i18n

// enWatch23 is the English a watcher (engine.Observer: no seat) reads where a player reads a
// line about themselves: the end of an Arkham game and of a Ring of Shadows game. It lives
// apart from en.go (edited by others); init merges it.
var enWatch23 = map[string]string{
	"ark.watch_over": "You watched this ritual to its end.",
	"sh.watch_won":   "The players won together!",
	"sh.watch_lost":  "The players lost together.",
}

// watch23KeyClashes lists keys of enWatch23 that en already had; a test insists it stays empty.
var watch23KeyClashes []string

func init() {
	for k, v := range enWatch23 {
		if _, ok := en[k]; ok {
			watch23KeyClashes = append(watch23KeyClashes, k)
			continue
		}
		en[k] = v
	}
}
