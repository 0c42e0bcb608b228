package fair

import (
	"bytes"
	"crypto/ed25519"
)

// One person, several seats (issue 24). A person playing more than one character holds each
// extra seat with a key of its own (derived from their browser's seed, so a reload reclaims
// it), on a link of its own: to the host, two seats of one person look like two people, and two
// people whose tabs died together looked like one. The person's first key signs each extra
// seat's key: the host, shown the claim in the extra seat's hello (signed with the extra key
// itself, so only its holder can present it), knows the seats are one person's and runs one
// away deadline and one stand-in choice for them. A claim names no table: it says only that the
// holder of hand belongs to the holder of person, true wherever it is shown.

const tagPerson = "miskatonic/v6/same-person"

func personMessage(person, hand []byte) []byte {
	var b bytes.Buffer
	field(&b, []byte(tagPerson))
	field(&b, person)
	field(&b, hand)
	return b.Bytes()
}

// SignPerson vouches, with the person's own key, that the key hand is one of their seats.
func (id Identity) SignPerson(hand []byte) []byte {
	return ed25519.Sign(id.priv, personMessage(id.Public(), hand))
}

// VerifyPerson checks that person vouched for hand (SignPerson).
func VerifyPerson(person, hand, sig []byte) bool {
	if len(person) != ed25519.PublicKeySize || len(hand) != ed25519.PublicKeySize || len(sig) != ed25519.SignatureSize {
		return false
	}
	return ed25519.Verify(person, personMessage(person, hand), sig)
}
