package session

import "strings"

// joinFragment is what the address bar keeps of an invite once the page has read it: the
// route, without the room's secret.
const joinFragment = "/join"

// InviteFromFragment reads an invite from the page's URL fragment ("/join/<room>.<secret>.<key>")
// and returns it as a link for Join. In the browser it then takes the secret out of the address
// bar and history (browsers sync history, and people share screens) and keeps the link in
// session storage, so a reload of the now secret-free "#/join" still finds it. A bare "/join"
// returns what session storage kept; ok is false when there is no invite to show.
func InviteFromFragment(fragment string) (link string, ok bool) {
	switch {
	case strings.HasPrefix(fragment, joinFragment+"/"):
		link = "#" + fragment
		hideInvite(link)
		return link, true
	case fragment == joinFragment:
		return keptInvite()
	}
	return "", false
}
