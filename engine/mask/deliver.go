package mask

// Delivering tokens by viewer set: the one place an honest page produces tokens for others, so
// the rule "a token never leaves its viewer set" is kept here and tested here.

import (
	"encoding/json"
	"fmt"
	"io"
	"strconv"

	"miskatonic/engine"
)

// Outgoing is what one holder sends for one opening: its token in clear (a public opening) or
// sealed to each other holder in the viewer set. Own is its token for itself when it is a viewer
// (never sent).
type Outgoing struct {
	Public *Token     `json:"public,omitempty"`
	Sealed []Envelope `json:"sealed,omitempty"`
	Own    *Token     `json:"-"`
}

// TokenLabel names a token envelope, so an envelope for one card or purpose opens for no other.
func TokenLabel(handle int, purpose string) string {
	return "token/" + strconv.Itoa(handle) + "/" + purpose
}

// SendTokens makes k's token for the card at (handle, purpose) and addresses it by viewer set v
// among the deal's key holders (Recipients): nobody outside v receives it. peers are the
// holders' verified box keys.
func SendTokens(rand io.Reader, k *Key, box *BoxKey, sc Scope, peers map[engine.Seat]BoxPublic,
	card Masked, handle int, purpose string, v Viewers, holders []engine.Seat) (Outgoing, error) {
	public, to := Recipients(v, holders, k.Seat)
	var out Outgoing
	if !public && len(to) == 0 && !v.Has(k.Seat) {
		return out, nil // no holder may see it: no token at all
	}
	tok, err := k.Token(rand, sc, card, handle, purpose)
	if err != nil {
		return Outgoing{}, err
	}
	if public {
		out.Public = &tok
		return out, nil
	}
	if v.Has(k.Seat) {
		out.Own = &tok
	}
	msg, _ := json.Marshal(tok)
	for _, s := range to {
		peer, ok := peers[s]
		if !ok || peer.Seat != s {
			return Outgoing{}, fmt.Errorf("%w: no box key for seat %d", ErrUnknownSeat, s)
		}
		env, err := box.Seal(rand, sc, k.Seat, peer, TokenLabel(handle, purpose), msg)
		if err != nil {
			return Outgoing{}, err
		}
		out.Sealed = append(out.Sealed, env)
	}
	return out, nil
}

// ReceiveToken opens a token envelope addressed to me from the announced key from, and checks
// it is from's token for (handle, purpose). The caller then hands it to its Opening, whose Add
// verifies the proof.
func ReceiveToken(box *BoxKey, sc Scope, me engine.Seat, from BoxPublic, env Envelope, handle int, purpose string) (Token, error) {
	if env.Label != TokenLabel(handle, purpose) {
		return Token{}, fmt.Errorf("%w: label %q", ErrBadEnvelope, env.Label)
	}
	msg, err := box.Open(sc, me, from, env)
	if err != nil {
		return Token{}, err
	}
	var tok Token
	if err := json.Unmarshal(msg, &tok); err != nil {
		return Token{}, fmt.Errorf("%w: token from seat %d: %v", ErrBadEnvelope, from.Seat, err)
	}
	if tok.Seat != from.Seat || tok.Handle != handle || tok.Purpose != purpose {
		return Token{}, fmt.Errorf("%w: seat %d sealed a token that is not its own for card %d", ErrBadEnvelope, from.Seat, handle)
	}
	return tok, nil
}
