package signal

import (
	"crypto/ed25519"
	"crypto/sha256"
	"crypto/subtle"
	"encoding/base64"
	"errors"
	"fmt"
)

// ErrImpostor is wrapped when a message that only the host may send (an answer, a refusal, a
// goodbye) is not signed by the key the invite link names: someone else holds the room.
var ErrImpostor = errors.New("signal: the answer is not signed by the host the link names")

func hostKeyOf(pub ed25519.PublicKey) string {
	h := sha256.Sum256(pub)
	return base64.RawURLEncoding.EncodeToString(h[:hostKeyBytes])
}

// Signed reports whether a message of this kind must carry the host's signature. Candidates
// need none: they only matter once the signed answer, which pins the DTLS fingerprint, is in.
func Signed(kind string) bool {
	return kind == KindAnswer || kind == KindRefuse || kind == KindBye || kind == KindRelayed
}

// transcript is what the host signs: the room, the guest's session (so a signature cannot be
// replayed into another attempt) and everything the message says.
func transcript(room string, sid Session, m Message) []byte {
	b := []byte("miskatonic/v1/host\x00" + room + "\x00")
	b = append(b, sid[:]...)
	for _, f := range []string{m.Kind, m.Reason, m.Name, m.SDP} {
		b = append(b, 0)
		b = append(b, f...)
	}
	if len(m.DH) > 0 {
		// Only relayed-path messages carry it; older transcripts stay as they were.
		b = append(b, 0)
		b = append(b, m.DH...)
	}
	return b
}

// SignHost signs m for the guest session sid with the key of the host's invite.
func SignHost(in Invite, sid Session, m Message) (Message, error) {
	seed, err := base64.RawURLEncoding.DecodeString(in.HostSeed)
	if err != nil || len(seed) != seedBytes {
		return m, fmt.Errorf("%w: the host's copy has no signing key", ErrBadInvite)
	}
	priv := ed25519.NewKeyFromSeed(seed)
	m.Key = priv.Public().(ed25519.PublicKey)
	m.Sig = ed25519.Sign(priv, transcript(in.Room, sid, m))
	return m, nil
}

// VerifyHost checks that m comes from the host the invite names.
func VerifyHost(in Invite, sid Session, m Message) error {
	if len(m.Key) != ed25519.PublicKeySize || len(m.Sig) != ed25519.SignatureSize {
		return fmt.Errorf("%w: unsigned %s", ErrImpostor, m.Kind)
	}
	if subtle.ConstantTimeCompare([]byte(hostKeyOf(m.Key)), []byte(in.HostKey)) != 1 {
		return fmt.Errorf("%w: another key", ErrImpostor)
	}
	if !ed25519.Verify(m.Key, transcript(in.Room, sid, m), m.Sig) {
		return fmt.Errorf("%w: bad signature", ErrImpostor)
	}
	return nil
}
