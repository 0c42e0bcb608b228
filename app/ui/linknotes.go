package ui

import (
	"github.com/maxence-charriere/go-app/v9/pkg/app"

	"miskatonic/app/i18n"
	"miskatonic/app/session"
)

// What the host is told about its guests' links (issue 22): who could not connect for want of
// a network path, who plays through a relay, and each link's path in the roster.

// linkPaths maps a joiner's name to its link's path, for the host's roster (nil otherwise).
func linkPaths(s *session.Session) map[string]string {
	if s == nil || s.Kind() != session.Host {
		return nil
	}
	out := map[string]string{}
	for name, p := range s.LinkPaths() {
		out[name] = string(p)
	}
	return out
}

// linkPathBadge shows a link's path ("direct", "turn", "relayed"); nothing when unknown.
func linkPathBadge(path string) app.UI {
	if path == "" {
		return nil
	}
	class := "badge"
	if path == "relayed" {
		class = "badge badge-warn" // slower: the host may want to know why a player lags
	}
	return app.Elem("span").Class(class, "link-path").DataSet("path", path).
		Title(i18n.T("link.path_title")).Text(i18n.T("link.path." + path))
}

// linkNotices lists the host's notices about links, newest last, with a way to dismiss them.
func linkNotices(s *session.Session) app.UI {
	if s == nil || s.Kind() != session.Host {
		return nil
	}
	ns := s.Notices()
	if len(ns) == 0 {
		return nil
	}
	items := make([]app.UI, 0, len(ns))
	for _, n := range ns {
		items = append(items, app.Elem("li").DataSet("notice", n.Key).Text(i18n.T(n.Key, n.Name)))
	}
	return app.Div().Class("panel", "link-notices").ID("link-notices").Aria("live", "polite").Body(
		app.Elem("ul").Body(items...),
		app.Elem("button").Attr("type", "button").Class("btn", "small").Text(i18n.T("link.dismiss")).
			OnClick(func(app.Context, app.Event) { s.DismissNotices() }),
	)
}

// codeReach says where the code connection works: on one network only, unless the site
// configures ICE servers (STUN/TURN) for it.
func codeReach(cfg session.ICE) app.UI {
	key := "code.one_network"
	if session.HasICEServers(cfg) {
		key = "code.ice_servers"
	}
	return app.P().Class("muted", "small").ID("code-reach").DataSet("key", key).Text(i18n.T(key))
}
