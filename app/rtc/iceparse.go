//go:build !js

package rtc

import (
	"encoding/json"
	"errors"
	"fmt"
	"net/url"
	"strings"
)

// RelayCredentialsPath is where our relay (and `serve`) answers TURN credentials requests.
const RelayCredentialsPath = "/turn"

// ParseICE reads a deployment's ICE servers (the -ice flag of serve and static, the
// MISKATONIC_ICE environment variable): a comma-separated list of
//
//	default                         the public STUN server of DefaultConfig
//	none                            no server at all (links within one network only)
//	stun:host[:port]                a STUN server
//	user:password@turn:host[:port][?transport=udp|tcp]
//	user:password@turns:host[:port][?transport=tcp]
//	                                a TURN server with static credentials
//	relay                           our relay's TURN, short-lived credentials from /turn on the
//	                                page's own origin (serve, or a relay at the same origin)
//	relay:https://relay.example     the same from another origin (a relay:wss://…/signal URL
//	                                works too: its /turn is asked)
//
// or, for a TURN provider's ready-made list, the JSON array of RTCIceServer objects it gives
// ([{"urls": "turn:…", "username": "…", "credential": "…"}, …]; urls may be one string).
// An empty spec is "default".
func ParseICE(spec string) (Config, error) {
	spec = strings.TrimSpace(spec)
	if spec == "" {
		return DefaultConfig(), nil
	}
	if strings.HasPrefix(spec, "[") {
		return parseICEJSON(spec)
	}
	var c Config
	none := false
	for _, e := range strings.Split(spec, ",") {
		e = strings.TrimSpace(e)
		switch {
		case e == "":
			continue
		case e == "none":
			none = true
		case e == "default":
			c.Servers = append(c.Servers, DefaultServers()...)
		case e == "relay" || strings.HasPrefix(e, "relay:"):
			if c.Credentials != "" {
				return Config{}, errors.New("ice: more than one relay named for TURN credentials")
			}
			u, err := credentialsEndpoint(strings.TrimPrefix(strings.TrimPrefix(e, "relay"), ":"))
			if err != nil {
				return Config{}, err
			}
			c.Credentials = u
		default:
			s, err := parseICEServer(e)
			if err != nil {
				return Config{}, err
			}
			c.Servers = append(c.Servers, s)
		}
	}
	if none && (len(c.Servers) > 0 || c.Credentials != "") {
		return Config{}, errors.New("ice: \"none\" cannot stand beside servers")
	}
	return c, nil
}

// credentialsEndpoint turns what follows "relay:" into the URL of a TURN credentials
// endpoint: "" is the page's own origin (a relative path), a ws(s) signaling URL its origin.
func credentialsEndpoint(s string) (string, error) {
	if s == "" {
		return RelayCredentialsPath, nil
	}
	u, err := url.Parse(s)
	if err != nil || u.Host == "" {
		return "", fmt.Errorf("ice: relay:%s: want relay:https://host", s)
	}
	switch u.Scheme {
	case "wss":
		u.Scheme, u.Path = "https", ""
	case "ws":
		u.Scheme, u.Path = "http", ""
	case "https", "http":
	default:
		return "", fmt.Errorf("ice: relay:%s: want an https:// (or wss://) URL", s)
	}
	if u.Path == "" || u.Path == "/" {
		u.Path = RelayCredentialsPath
	}
	u.RawQuery, u.Fragment = "", ""
	return u.String(), nil
}

// parseICEServer reads one stun:/turn:/turns: entry, with user:password@ before a TURN URL.
func parseICEServer(e string) (ICEServer, error) {
	var s ICEServer
	uri := e
	for _, scheme := range []string{"@turn:", "@turns:"} {
		if i := strings.Index(e, scheme); i >= 0 {
			user, pass, ok := strings.Cut(e[:i], ":")
			if !ok || user == "" || pass == "" {
				return s, fmt.Errorf("ice: %q: credentials are user:password@", redact(e))
			}
			s.Username, s.Credential, uri = user, pass, e[i+1:]
			break
		}
	}
	if err := checkICEURL(uri, s.Username != ""); err != nil {
		return ICEServer{}, fmt.Errorf("ice: %q: %w", redact(e), err)
	}
	s.URLs = []string{uri}
	return s, nil
}

// redact hides a password from an error message.
func redact(e string) string {
	if i := strings.LastIndex(e, "@turn"); i >= 0 {
		return "…" + e[i:]
	}
	return e
}

// checkICEURL checks a STUN or TURN URL (RFC 7064, 7065) the way a browser would refuse it.
func checkICEURL(u string, creds bool) error {
	scheme, rest, ok := strings.Cut(u, ":")
	if !ok || rest == "" || strings.HasPrefix(rest, "//") {
		return errors.New("want stun:host[:port], turn:host[:port][?transport=udp|tcp] or turns:host[:port]")
	}
	hostport, query, _ := strings.Cut(rest, "?")
	if hostport == "" || strings.ContainsAny(hostport, "/@ ") {
		return fmt.Errorf("bad host %q", hostport)
	}
	switch scheme {
	case "stun", "stuns":
		if query != "" {
			return errors.New("a STUN URL takes no ?transport")
		}
		if creds {
			return errors.New("a STUN server takes no credentials")
		}
	case "turn", "turns":
		if !creds {
			return errors.New("a TURN server needs credentials: user:password@turn:… (or use relay for our relay's)")
		}
		switch query {
		case "", "transport=tcp":
		case "transport=udp":
			if scheme == "turns" {
				return errors.New("turns: runs over TCP only")
			}
		default:
			return fmt.Errorf("unknown %q (transport=udp or transport=tcp)", query)
		}
	default:
		return fmt.Errorf("unknown scheme %q", scheme)
	}
	return nil
}

// parseICEJSON reads a list of RTCIceServer objects, urls a string or a list.
func parseICEJSON(spec string) (Config, error) {
	var raw []struct {
		URLs       json.RawMessage `json:"urls"`
		Username   string          `json:"username"`
		Credential string          `json:"credential"`
	}
	if err := json.Unmarshal([]byte(spec), &raw); err != nil {
		return Config{}, fmt.Errorf("ice: not a JSON list of ICE servers: %w", err)
	}
	var c Config
	for i, r := range raw {
		var urls []string
		var one string
		if err := json.Unmarshal(r.URLs, &one); err == nil {
			urls = []string{one}
		} else if err := json.Unmarshal(r.URLs, &urls); err != nil || len(urls) == 0 {
			return Config{}, fmt.Errorf("ice: server %d: urls is neither a URL nor a list of them", i+1)
		}
		for _, u := range urls {
			if err := checkICEURL(u, r.Username != "" && r.Credential != ""); err != nil {
				return Config{}, fmt.Errorf("ice: server %d: %q: %w", i+1, u, err)
			}
		}
		c.Servers = append(c.Servers, ICEServer{URLs: urls, Username: r.Username, Credential: r.Credential})
	}
	return c, nil
}
