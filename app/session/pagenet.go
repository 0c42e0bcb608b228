package session

import (
	"encoding/json"
	"fmt"
	"strings"

	"miskatonic/app/rtc"
	"miskatonic/app/signal"
)

// The page's side of the network set-up. Screens (app/ui) go through these and never import
// the network packages (app/rtc, app/signal): what a page reaches others with, and whether a
// link is an invite, are the session's to say.

// ICE is the ICE set-up (STUN and TURN servers, a credentials endpoint) a page connects with.
type ICE = rtc.Config

// ICEServer is one STUN or TURN server of an ICE set-up.
type ICEServer = rtc.ICEServer

// DefaultICE is the ICE set-up of a deployment that names none (one public STUN server).
func DefaultICE() ICE { return rtc.DefaultConfig() }

// PageNet is how a page at origin reaches others, from its deployment's page variables: relay
// is a transport list (empty: the relay at the page's own origin) and ice an ICE set-up as JSON
// (see PageICE). An unreadable ice gives the default set-up and an error to log.
func PageNet(origin, relay, ice string) (Net, error) {
	if relay == "" {
		relay, _ = signal.RelayURL(origin)
	}
	cfg, err := PageICE(ice, origin)
	return Net{Origin: origin, RelayURL: relay, RTC: cfg}, err
}

// PageICE reads a deployment's ICE set-up (ICE as JSON); a credentials endpoint on the page's
// own origin ("/turn") is made absolute, and loopback (for native peers only) is dropped.
// Nothing is the default; garbage is the default and an error.
func PageICE(env, origin string) (ICE, error) {
	if env == "" {
		return DefaultICE(), nil
	}
	var c ICE
	if err := json.Unmarshal([]byte(env), &c); err != nil {
		return DefaultICE(), fmt.Errorf("the page's ICE servers are unreadable, using the default: %w", err)
	}
	if strings.HasPrefix(c.Credentials, "/") {
		c.Credentials = origin + c.Credentials
	}
	c.Loopback = false
	return c, nil
}

// HasICEServers reports whether cfg names an ICE server or a credentials endpoint: without
// one, a code connection reaches devices on one network only.
func HasICEServers(cfg ICE) bool { return len(cfg.Servers) > 0 || cfg.Credentials != "" }

// CheckInvite refuses a link that is not a well-formed invite.
func CheckInvite(link string) error {
	_, err := signal.ParseInvite(link)
	return err
}
