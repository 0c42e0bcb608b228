//go:build !wasm

package main

import (
	"encoding/json"
	"errors"
	"flag"
	"fmt"
	"net/url"
	"os"

	"miskatonic/app/rtc"
	"miskatonic/app/signal"
)

// EnvICE names the ICE servers a build bakes into its pages (see rtc.ParseICE): e.g.
// "default,relay:https://relay.example.org" or a TURN provider's JSON list.
const EnvICE = "MISKATONIC_ICE"

// iceFlag adds -ice, defaulting to $MISKATONIC_ICE, then to def. The result is the pages'
// rtc.Config; set reports whether the operator named the servers (flag or environment).
func iceFlag(fs *flag.FlagSet, def string) func() (cfg rtc.Config, set bool, err error) {
	env := os.Getenv(EnvICE)
	if env != "" {
		def = env
	}
	v := fs.String("ice", def, "ICE servers of the pages: default, none, stun:host:port, user:pass@turn:host:port?transport=udp|tcp, user:pass@turns:host:port, relay (our relay's TURN, credentials from /turn), relay:https://relay.example; comma-separated, or a JSON list of RTCIceServer (env "+EnvICE+")")
	return func() (rtc.Config, bool, error) {
		c, err := rtc.ParseICE(*v)
		if err != nil {
			return rtc.Config{}, false, fmt.Errorf("-ice: %w", err)
		}
		return c, env != "" || flagSet(fs, "ice"), nil
	}
}

// iceJSON is the pages' ICE set-up as the page variable holds it.
func iceJSON(c rtc.Config) string {
	b, _ := json.Marshal(c) // plain strings and bools
	return string(b)
}

// staticCredentials gives a static build's "relay" (credentials from the page's own origin,
// which a file host does not answer) the origin of the one relay of ours the pages signal
// through, or says to name it.
func staticCredentials(c *rtc.Config, signalSpec string) error {
	if c.Credentials != rtc.RelayCredentialsPath || signalSpec == "" {
		return nil // another site named, or the pages' own origin runs our relay
	}
	eps, err := signal.ParseEndpoints(signalSpec)
	var relay string
	if err == nil {
		for _, e := range eps {
			if e.Kind == signal.KindRelay {
				if relay != "" {
					relay = ""
					break
				}
				relay = e.URL
			}
		}
	}
	if relay == "" {
		return errors.New("-ice relay: a static site has no /turn of its own; name the relay that runs TURN: relay:https://relay.example.org")
	}
	u, err := url.Parse(relay)
	if err != nil {
		return err
	}
	scheme := map[string]string{"wss": "https", "ws": "http"}[u.Scheme]
	if scheme == "" {
		scheme = u.Scheme
	}
	c.Credentials = scheme + "://" + u.Host + rtc.RelayCredentialsPath
	return nil
}
