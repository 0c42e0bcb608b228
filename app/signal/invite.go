// Package signal holds what host and guests need to find each other through an untrusted
// relay: invite links (room id + room secret), sealing of every set-up payload under a key
// derived from the secret, replay protection, the relay's framing and a WebSocket client for
// it that works natively and in the browser.
package signal

import (
	"crypto/rand"
	"encoding/base64"
	"errors"
	"fmt"
	"io"
	"strings"
)

// Sizes of the random parts of an invite, in bytes before base64url.
const (
	roomBytes   = 9  // 12 characters: names the mailbox at the relay
	secretBytes = 16 // 22 characters: never leaves the fragment; keys the sealing
	tokenBytes  = 16 // host claim token: never in the link
)

// RoomLen and SecretLen are the lengths of the encoded room id and secret.
var (
	RoomLen   = base64.RawURLEncoding.EncodedLen(roomBytes)
	SecretLen = base64.RawURLEncoding.EncodedLen(secretBytes)
)

// ErrBadInvite is wrapped by every error from ParseInvite.
var ErrBadInvite = errors.New("signal: broken invite link")

// Invite names a room and carries its secret. The host's copy also carries HostToken, which
// proves to the relay that a reconnecting host is the one that opened the room; guests never
// see it (it is not part of the link).
type Invite struct {
	Room      string `json:"room"`
	Secret    string `json:"secret"`
	HostToken string `json:"hostToken,omitempty"`
}

// NewInvite draws a fresh room, secret and host token from crypto/rand.
func NewInvite() (Invite, error) { return NewInviteFrom(rand.Reader) }

// NewInviteFrom draws the invite from r (tests pass a seeded reader).
func NewInviteFrom(r io.Reader) (Invite, error) {
	b := make([]byte, roomBytes+secretBytes+tokenBytes)
	if _, err := io.ReadFull(r, b); err != nil {
		return Invite{}, fmt.Errorf("signal: new invite: %w", err)
	}
	enc := base64.RawURLEncoding.EncodeToString
	return Invite{
		Room:      enc(b[:roomBytes]),
		Secret:    enc(b[roomBytes : roomBytes+secretBytes]),
		HostToken: enc(b[roomBytes+secretBytes:]),
	}, nil
}

// Fragment is the part after '#': "/join/<room>.<secret>".
func (in Invite) Fragment() string { return "/join/" + in.Room + "." + in.Secret }

// Link is the invite as a URL on base (e.g. "https://miskatonic.example"): the secret sits in
// the fragment, which browsers never send to a server.
func (in Invite) Link(base string) string {
	return strings.TrimRight(base, "/") + "/#" + in.Fragment()
}

// Guest returns the invite without the host token: what a guest holds.
func (in Invite) Guest() Invite { in.HostToken = ""; return in }

// ParseInvite reads an invite from a whole link ("https://h/#/join/R.S"), a fragment
// ("#/join/R.S" or "/join/R.S") or the bare "R.S", tolerating surrounding spaces (pasted text).
func ParseInvite(s string) (Invite, error) {
	s = strings.TrimSpace(s)
	if s == "" {
		return Invite{}, fmt.Errorf("%w: it is empty", ErrBadInvite)
	}
	if i := strings.IndexByte(s, '#'); i >= 0 {
		s = s[i+1:]
	} else if strings.Contains(s, "://") {
		return Invite{}, fmt.Errorf("%w: the link has no #/join/ part", ErrBadInvite)
	}
	s = strings.TrimPrefix(s, "/")
	s = strings.TrimPrefix(s, "join/")
	room, secret, ok := strings.Cut(s, ".")
	if !ok {
		return Invite{}, fmt.Errorf("%w: expected <room>.<secret>", ErrBadInvite)
	}
	if err := checkPart("room id", room, roomBytes); err != nil {
		return Invite{}, err
	}
	if err := checkPart("secret", secret, secretBytes); err != nil {
		return Invite{}, err
	}
	return Invite{Room: room, Secret: secret}, nil
}

// ValidRoom reports whether s is a well-formed room id (the relay checks this).
func ValidRoom(s string) bool { return checkPart("room id", s, roomBytes) == nil }

func checkPart(what, s string, n int) error {
	b, err := base64.RawURLEncoding.Strict().DecodeString(s)
	if err != nil || len(b) != n {
		return fmt.Errorf("%w: the %s is cut short or mistyped", ErrBadInvite, what)
	}
	return nil
}
