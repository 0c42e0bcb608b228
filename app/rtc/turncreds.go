package rtc

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"net/url"
	"os"
	"strings"
	"sync"
	"time"
)

// TURNCredentials is the answer of a TURN REST endpoint (draft-uberti-behave-turn-rest, the
// scheme coturn's use-auth-secret checks): a user name "expiry:id" (expiry in Unix seconds, id
// the room), its password (base64 of HMAC-SHA1 of the user name under the TURN server's
// secret), how many seconds they stay good, and the TURN URLs they are good for.
type TURNCredentials struct {
	Username string   `json:"username"`
	Password string   `json:"password"`
	TTL      int64    `json:"ttl"`
	URIs     []string `json:"uris"`
}

// Server is the credentials as one ICE server.
func (t TURNCredentials) Server() ICEServer {
	return ICEServer{URLs: t.URIs, Username: t.Username, Credential: t.Password}
}

// CredentialsWait bounds asking the relay for TURN credentials: a link does not wait longer
// than this for them before going ahead without.
var CredentialsWait = 4 * time.Second

// Limits on an answer, which comes from the network.
const (
	maxCredentialsBody = 16 << 10
	maxTURNURIs        = 8
)

// ErrBadCredentials: the endpoint's answer is not TURN credentials.
var ErrBadCredentials = errors.New("rtc: not a TURN credentials answer")

// credCache keeps answers until half their lifetime has gone, so a host opening a link per
// guest asks once, and a link made late in a long game still gets credentials good for hours.
var credCache = struct {
	sync.Mutex
	m map[string]cachedCreds
}{m: map[string]cachedCreds{}}

type cachedCreds struct {
	creds TURNCredentials
	until time.Time
}

// CredentialsURL is endpoint's request for room's credentials (service=turn, username=room,
// as the TURN REST draft names them).
func CredentialsURL(endpoint, room string) string {
	sep := "?"
	if strings.Contains(endpoint, "?") {
		sep = "&"
	}
	return endpoint + sep + "service=turn&username=" + url.QueryEscape(room)
}

// FetchTURN asks endpoint for TURN credentials for room.
func FetchTURN(ctx context.Context, endpoint, room string) (TURNCredentials, error) {
	key := endpoint + "\x00" + room
	credCache.Lock()
	if e, ok := credCache.m[key]; ok && time.Now().Before(e.until) {
		credCache.Unlock()
		return e.creds, nil
	}
	credCache.Unlock()
	ctx, cancel := context.WithTimeout(ctx, CredentialsWait)
	defer cancel()
	status, body, err := getBody(ctx, CredentialsURL(endpoint, room), maxCredentialsBody)
	if err != nil {
		return TURNCredentials{}, fmt.Errorf("rtc: TURN credentials: %w", err)
	}
	if status != 200 {
		return TURNCredentials{}, fmt.Errorf("rtc: TURN credentials: status %d: %s", status, strings.TrimSpace(string(body[:min(len(body), 200)])))
	}
	creds, err := ParseTURNCredentials(body)
	if err != nil {
		return TURNCredentials{}, err
	}
	credCache.Lock()
	credCache.m[key] = cachedCreds{creds: creds, until: time.Now().Add(time.Duration(creds.TTL) * time.Second / 2)}
	credCache.Unlock()
	return creds, nil
}

// ParseTURNCredentials reads and checks an endpoint's answer.
func ParseTURNCredentials(body []byte) (TURNCredentials, error) {
	var t TURNCredentials
	if len(body) > maxCredentialsBody {
		return t, fmt.Errorf("%w: over %d bytes", ErrBadCredentials, maxCredentialsBody)
	}
	if err := json.Unmarshal(body, &t); err != nil {
		return TURNCredentials{}, fmt.Errorf("%w: %v", ErrBadCredentials, err)
	}
	switch {
	case t.Username == "" || t.Password == "":
		return TURNCredentials{}, fmt.Errorf("%w: no user name or password", ErrBadCredentials)
	case t.TTL <= 0:
		return TURNCredentials{}, fmt.Errorf("%w: ttl %d", ErrBadCredentials, t.TTL)
	case len(t.URIs) == 0 || len(t.URIs) > maxTURNURIs:
		return TURNCredentials{}, fmt.Errorf("%w: %d URLs", ErrBadCredentials, len(t.URIs))
	}
	for _, u := range t.URIs {
		if !strings.HasPrefix(u, "turn:") && !strings.HasPrefix(u, "turns:") {
			return TURNCredentials{}, fmt.Errorf("%w: %q is not a TURN URL", ErrBadCredentials, u)
		}
	}
	return t, nil
}

// withRelayTURN adds the relay's TURN servers to c when c names a credentials endpoint. A
// relay that does not answer costs the link its TURN path, not the link: the error says why it
// has none.
func withRelayTURN(ctx context.Context, c Config) (Config, error) {
	if c.Credentials == "" {
		return c, nil
	}
	creds, err := FetchTURN(ctx, c.Credentials, c.Room)
	if err != nil {
		fmt.Fprintf(os.Stderr, "miskatonic: no TURN from the relay: %v\n", err) // the console, in a browser
		return c, err
	}
	c.Servers = append(append([]ICEServer(nil), c.Servers...), creds.Server())
	return c, nil
}
