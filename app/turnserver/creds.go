//go:build !wasm

package turnserver

import (
	"crypto/hmac"
	"crypto/sha1"
	"encoding/base64"
	"errors"
	"strconv"
	"strings"
	"time"
)

// Credentials follow the TURN REST scheme (draft-uberti-behave-turn-rest), which coturn checks
// with use-auth-secret and static-auth-secret: the user name is "expiry:id", expiry in Unix
// seconds; the password is base64(HMAC-SHA1(secret, user name)). Nothing is stored: whoever
// holds the secret mints, every server holding it checks. The id is the table's room, so the
// server counts quotas per table and keeps a table's relays to that table.

// MaxID is the longest id a user name may carry (a room id is 22 characters).
const MaxID = 64

// ErrBadUsername: not "expiry:id" with an id of letters, digits, '-' and '_'.
var ErrBadUsername = errors.New("turnserver: user name is not expiry:id")

// Mint returns the user name and password for id, good until expiry.
func Mint(secret, id string, expiry time.Time) (username, password string) {
	username = strconv.FormatInt(expiry.Unix(), 10) + ":" + id
	return username, Password(secret, username)
}

// Password is the password of a user name under secret.
func Password(secret, username string) string {
	mac := hmac.New(sha1.New, []byte(secret))
	mac.Write([]byte(username))
	return base64.StdEncoding.EncodeToString(mac.Sum(nil))
}

// ParseUsername splits a user name into its expiry and id.
func ParseUsername(username string) (expiry time.Time, id string, err error) {
	ts, id, ok := strings.Cut(username, ":")
	if !ok || !validID(id) {
		return time.Time{}, "", ErrBadUsername
	}
	n, err := strconv.ParseInt(ts, 10, 64)
	if err != nil || n <= 0 {
		return time.Time{}, "", ErrBadUsername
	}
	return time.Unix(n, 0), id, nil
}

// validID: a room id (base64url) or any short id of the same alphabet.
func validID(id string) bool {
	if id == "" || len(id) > MaxID {
		return false
	}
	for _, c := range id {
		if !(c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z' || c >= '0' && c <= '9' || c == '-' || c == '_') {
			return false
		}
	}
	return true
}
