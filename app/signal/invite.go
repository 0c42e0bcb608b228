// Package signal holds what host and guests need to find each other through an untrusted
// relay: invite links (room id + room secret), sealing of every set-up payload under a key
// derived from the secret, replay protection, the relay's framing and a WebSocket client for
// it that works natively and in the browser.
package signal

import (
	"crypto/ed25519"
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
	seedBytes   = 32 // seed of the host's signing key: never in the link
	// hostKeyBytes of SHA-256 of the host's public key ride in the link (16 characters): a
	// guest accepts set-up answers only from the key they name. 96 bits leave no second
	// preimage within reach while keeping links short.
	hostKeyBytes = 12
)

// RoomLen and SecretLen are the lengths of the encoded room id and secret.
var (
	RoomLen   = base64.RawURLEncoding.EncodedLen(roomBytes)
	SecretLen = base64.RawURLEncoding.EncodedLen(secretBytes)
)

// ErrBadInvite is wrapped by every error from ParseInvite.
var ErrBadInvite = errors.New("signal: broken invite link")

// Invite names a room, carries its secret and names the host's key. The host's copy also
// carries HostToken, which proves to the relay that a reconnecting host is the one that opened
// the room, and HostSeed, the private half of the key the link names, with which the host signs
// what it tells guests; guests never see either (they are not part of the link).
//
// The relay cannot be trusted to keep a room for its host (it restarts, or a claim lapses while
// the host is away), and anyone holding the link knows the room secret. HostKey is what stops
// such a person answering guests in the host's place.
type Invite struct {
	Room      string `json:"room"`
	Secret    string `json:"secret"`
	HostKey   string `json:"hostKey"`
	HostToken string `json:"hostToken,omitempty"`
	HostSeed  string `json:"hostSeed,omitempty"`
}

// NewInvite draws a fresh room, secret and host token from crypto/rand.
func NewInvite() (Invite, error) { return NewInviteFrom(rand.Reader) }

// NewInviteFrom draws the invite from r (tests pass a seeded reader).
func NewInviteFrom(r io.Reader) (Invite, error) {
	b := make([]byte, roomBytes+secretBytes+tokenBytes+seedBytes)
	if _, err := io.ReadFull(r, b); err != nil {
		return Invite{}, fmt.Errorf("signal: new invite: %w", err)
	}
	enc := base64.RawURLEncoding.EncodeToString
	b, room := b[roomBytes:], b[:roomBytes]
	b, secret := b[secretBytes:], b[:secretBytes]
	seed, token := b[tokenBytes:], b[:tokenBytes]
	in := Invite{Room: enc(room), Secret: enc(secret), HostToken: enc(token), HostSeed: enc(seed)}
	in.HostKey = hostKeyOf(ed25519.NewKeyFromSeed(seed).Public().(ed25519.PublicKey))
	return in, nil
}

// Fragment is the part after '#': "/join/<room>.<secret>.<host key>".
func (in Invite) Fragment() string { return "/join/" + in.Room + "." + in.Secret + "." + in.HostKey }

// Link is the invite as a URL on base (e.g. "https://miskatonic.example"): the secret sits in
// the fragment, which browsers never send to a server.
func (in Invite) Link(base string) string {
	return strings.TrimRight(base, "/") + "/#" + in.Fragment()
}

// Guest returns the invite without the host's secrets: what a guest holds.
func (in Invite) Guest() Invite { in.HostToken, in.HostSeed = "", ""; return in }

// ParseInvite reads an invite from a whole link ("https://h/#/join/R.S.K"), a fragment
// ("#/join/R.S.K" or "/join/R.S.K") or the bare "R.S.K", tolerating surrounding spaces (pasted
// text).
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
	parts := strings.Split(s, ".")
	if len(parts) != 3 {
		return Invite{}, fmt.Errorf("%w: expected <room>.<secret>.<host key>", ErrBadInvite)
	}
	room, secret, key := parts[0], parts[1], parts[2]
	if err := checkPart("room id", room, roomBytes); err != nil {
		return Invite{}, err
	}
	if err := checkPart("secret", secret, secretBytes); err != nil {
		return Invite{}, err
	}
	if err := checkPart("host key", key, hostKeyBytes); err != nil {
		return Invite{}, err
	}
	return Invite{Room: room, Secret: secret, HostKey: key}, nil
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
