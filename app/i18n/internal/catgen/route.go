package main

import "strings"

// Where each message goes: a game's words to its board package, the rest to app/i18n, in a file
// named for the screen or area its key's first segment belongs to.

// gamePrefixes sends a key's first segment to the board package that shows it.
var gamePrefixes = map[string]string{
	"ark": "app/ui/arkhamboard", "arkham": "app/ui/arkhamboard", "card": "app/ui/arkhamboard",
	"kind": "app/ui/arkhamboard", "fate": "app/ui/arkhamboard", "cause": "app/ui/arkhamboard",
	"log": "app/ui/arkhamboard", "explain": "app/ui/arkhamboard", "rules": "app/ui/arkhamboard",
	"history": "app/ui/arkhamboard", "help": "app/ui/arkhamboard",
	"rit": "app/ui/ritualsboard",
	"sh":  "app/ui/shadowsboard", "shc": "app/ui/shadowsboard", "shadows": "app/ui/shadowsboard",
	"hc": "app/ui/highcardboard",
}

// sharedKeys are game-prefixed keys that shared screens or another game show; they stay in
// app/i18n (area in the value).
var sharedKeys = map[string]string{
	"ark.chat": "table", "ark.chat_placeholder": "table", "ark.chat_send": "table",
	"ark.round": "table",
}

// areas names the file of a key's first segment; a segment not listed gets a file of its own.
var areas = map[string]string{
	"app": "app", "manifest": "app",
	"home": "home", "notfound": "home", "game": "home",
	"lobby": "lobby", "opt": "lobby", "bot": "lobby", "solo": "lobby",
	"conn": "connect", "code": "connect",
	"deal": "fair", "fair": "pages", "pages": "pages",
	"alert": "table", "tap": "table", "install": "table", "invite": "table", "quick": "table",
	"rematch": "table", "resume": "table", "wait": "table", "away": "table", "chat": "table",
	"replay": "records", "record": "records", "guestrecord": "records",
	"why": "why", "problem": "why",
	"watch": "watch",
	// Arkham Ritual.
	"ark": "table", "arkham": "table", "fate": "table", "cause": "table", "log": "log",
	"card": "cards", "kind": "cards", "help": "cards", "explain": "explain", "history": "table",
	"rules": "rules",
	// Rituals of Madness and Ring of Shadows: the table, the cards, the rules page.
	"rit": "table", "sh": "table", "shc": "cards", "shadows": "table",
}

// route is where key goes: the package directory (from the module root) and the area file.
func route(key string) (dir, area string) {
	if a, ok := sharedKeys[baseKey(key)]; ok {
		return "app/i18n", a
	}
	seg, rest, _ := strings.Cut(key, ".")
	dir = "app/i18n"
	if d, ok := gamePrefixes[seg]; ok {
		dir = d
	}
	area, ok := areas[seg]
	if !ok {
		area = seg
	}
	// A game's rules page and card lists are long: their own files.
	switch {
	case seg == "rit" && strings.HasPrefix(rest, "rules."), seg == "sh" && strings.HasPrefix(rest, "rules."):
		area = "rules"
	case seg == "rit" && (strings.HasPrefix(rest, "god.") || strings.HasPrefix(rest, "rank.") || strings.HasPrefix(rest, "ev.")):
		area = "cards"
	case seg == "rit" && strings.HasPrefix(rest, "lobby."):
		area = "lobby"
	case seg == "sh" && strings.HasPrefix(rest, "log."), seg == "rit" && strings.HasPrefix(rest, "log."):
		area = "log"
	}
	return dir, area
}

func baseKey(k string) string { return strings.SplitN(k, "#", 2)[0] }
