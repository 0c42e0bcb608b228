package ui

import (
	"strings"
	"testing"

	"github.com/maxence-charriere/go-app/v9/pkg/app"

	"miskatonic/app/i18n"
	"miskatonic/app/session"
)

// TestLinkPathAndCodeReach: the host's roster names each link's path (a relayed one marked as
// the slow one), and the code connection says it works on one network unless the site has ICE
// servers.
func TestLinkPathAndCodeReach(t *testing.T) {
	if linkPathBadge("") != nil {
		t.Fatal("a badge for an unknown path")
	}
	for path, warn := range map[string]bool{"direct": false, "turn": false, "relayed": true} {
		out := app.HTMLString(linkPathBadge(path))
		if !strings.Contains(out, i18n.T("link.path."+path)) || strings.Contains(out, "badge-warn") != warn {
			t.Errorf("%s: %s", path, out)
		}
	}
	for _, tc := range []struct {
		cfg  session.ICE
		want string
	}{
		{session.ICE{}, "code.one_network"},
		{session.ICE{Servers: []session.ICEServer{{URLs: []string{"turn:turn.example:3478"}}}}, "code.ice_servers"},
		{session.ICE{Credentials: "https://relay.example/turn"}, "code.ice_servers"},
	} {
		if out := app.HTMLString(codeReach(tc.cfg)); !strings.Contains(out, `data-key="`+tc.want+`"`) || !strings.Contains(out, "network") {
			t.Errorf("%+v: %s", tc.cfg, out)
		}
	}
}
