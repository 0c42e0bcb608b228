package i18n

// enConnect is the English text of how a link to a table was made or why it was not (issue
// 22): each failure names what failed and what to do; the host hears of links that could not
// connect or go through a relay; the roster shows each link's path. It lives apart from en.go
// (edited by others); init merges it into en.
var enConnect = map[string]string{
	// A guest's join that failed, by what failed.
	"conn.no_path":  "The host answered, but no network path between you opened, and the route through the signaling server failed too. Try again; if it keeps failing, try another network (a phone's hotspot) or ask the host for a code.",
	"conn.all_down": "None of the servers that carry invitations answered: every way to reach tables is down from here. Check your internet connection and try again.",
	// The host's notices about one joiner's link.
	"link.failed":  "%[1]v could not connect (network).",
	"link.relayed": "%[1]v is connected through a relay: play goes a little slower for them.",
	// The roster: each link's path, for the host.
	"link.path.direct":  "direct",
	"link.path.turn":    "via TURN",
	"link.path.relayed": "relayed",
	"link.dismiss":      "Got it",
	"link.path_title":   "How this player's device reaches yours",
	// The code connection: where it works.
	"code.one_network": "This connection works on one network only: no ICE servers are configured for this site.",
	"code.ice_servers": "This connection uses this site's ICE servers, so devices on different networks can connect too.",
}

// connectKeyClashes lists keys of enConnect that en already had; a test insists it stays empty.
var connectKeyClashes []string

func init() {
	for k, v := range enConnect {
		if _, ok := en[k]; ok {
			connectKeyClashes = append(connectKeyClashes, k)
			continue
		}
		en[k] = v
	}
}
