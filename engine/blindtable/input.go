package blindtable

// The wire of a host-blind table: signed inputs, the log entries that sequence them, the frames
// that carry both. JSON with stable names; every frame has a size cap and is refused whole.

import (
	"bytes"
	"crypto/ed25519"
	"crypto/sha512"
	"encoding/binary"
	"encoding/json"
	"errors"
	"fmt"

	"miskatonic/engine"
	"miskatonic/engine/mask"
	"miskatonic/internal/sigcheck"
)

// Version is the host-blind protocol's version: a frame of another is refused.
const Version = 1

// MaxFrame caps one frame (a 7-seat shuffle step is ~3 KiB; a key announcement with sealed
// escrow shares ~4 KiB). Well under the 64 KiB pion drops.
const MaxFrame = 48 << 10

// Input kinds.
const (
	KindKeys    = "keys"    // a holder's deal key, box key, σ commitment, escrow
	KindShuffle = "shuffle" // a holder's step of the chain, in seat order
	KindMove    = "move"    // a player's (or its bot's, or a stand-in's) move
	KindTokens  = "tokens"  // a holder's tokens for the pending opening
	KindClaim   = "claim"   // a holder's signed claim for the pending claim need
	KindSigma   = "sigma"   // a holder's σ, revealed at round end
	KindStandIn = "standin" // host: a stand-in takes seat Seat (its key is rebuilt from escrow)
	KindShares  = "shares"  // a holder's escrow shares of the absent seat's key and σ, in clear
	KindBack    = "back"    // host: the seat's player is back
	KindBroken  = "broken"  // a holder could not open a card sealed to it: the deal goes to its audit now
	KindAccuse  = "accuse"  // a holder refused what another sealed to it: the table stops, naming both
)

// Errors callers branch on.
var (
	ErrMalformed = errors.New("blindtable: malformed input")
	ErrForged    = errors.New("blindtable: bad signature")
	ErrOrder     = errors.New("blindtable: input out of place")
	ErrCheat     = errors.New("blindtable: input breaks the protocol")
)

// Input is one signed input: From's page wrote Body and signed it with its identity key.
type Input struct {
	From engine.Seat     `json:"from"`
	Kind string          `json:"kind"`
	Body json.RawMessage `json:"body"`
	Sig  []byte          `json:"sig"`
}

// Entry is an input the host sequenced at Seq.
type Entry struct {
	Seq int   `json:"seq"`
	In  Input `json:"in"`
}

// Frame is what travels on a Conn: exactly one part set.
type Frame struct {
	V      int    `json:"v"`
	Hello  *Hello `json:"hello,omitempty"`  // page → host: send me the log from From
	Input  *Input `json:"input,omitempty"`  // page → host
	Entry  *Entry `json:"entry,omitempty"`  // host → page
	Reject string `json:"reject,omitempty"` // host → page: its last input was refused, why
	Synced *int   `json:"synced,omitempty"` // host → page: every entry before this seq was sent
}

// Hello asks for the log from entry From. The log is public or sealed, so nothing else is asked.
type Hello struct {
	Seat engine.Seat `json:"seat"`
	From int         `json:"from"`
}

// Bodies.
type (
	Keys struct {
		Deal        int            `json:"deal"`
		Key         mask.PublicKey `json:"key"`
		Box         mask.BoxPublic `json:"box"`
		Commit      mask.Hash      `json:"commit"`
		SigmaY      mask.Point     `json:"sigmaY"` // σ·B: the σ escrow's constant commitment
		Escrow      *mask.Escrow   `json:"escrow,omitempty"`
		SigmaEscrow *mask.Escrow   `json:"sigmaEscrow,omitempty"`
	}
	// Shuffle is a chain step, and the shuffler's escrow shares sealed to each other holder
	// (key, σ; in holder order): every box key is known by then.
	Shuffle struct {
		Deal   int             `json:"deal"`
		Deck   []mask.Masked   `json:"deck"`
		Shares []mask.Envelope `json:"shares,omitempty"`
	}
	Move struct {
		Ply  int         `json:"ply"` // moves applied before it in the game: a move replayed elsewhere is refused
		Move engine.Move `json:"move"`
	}
	Tokens struct {
		Deal int           `json:"deal"`
		Need int           `json:"need"`
		Out  mask.Outgoing `json:"out"`
	}
	ClaimBody struct {
		Deal  int        `json:"deal"`
		Claim mask.Claim `json:"claim"`
	}
	Sigma struct {
		Deal  int       `json:"deal"`
		Sigma mask.Hash `json:"sigma"`
	}
	SeatBody struct {
		Deal int         `json:"deal"`
		Seat engine.Seat `json:"seat"`
	}
	// Accuse is a holder's signed report of what it refused on receipt, sealed to it alone
	// (a token whose proof fails, an escrow share that fails its commitments): the table stops
	// with the accused seat's verdict, saying who reported it.
	Accuse struct {
		Deal    int     `json:"deal"`
		Verdict Verdict `json:"verdict"`
	}
	Shares struct {
		Deal   int         `json:"deal"`
		Absent engine.Seat `json:"absent"`
		Key    mask.Share  `json:"key"`
		Sigma  mask.Share  `json:"sigma"`
	}
)

func inputMessage(table []byte, from engine.Seat, kind string, body []byte) []byte {
	h := sha512.New()
	h.Write([]byte("miskatonic/v1/blind/input"))
	for _, p := range [][]byte{table, {byte(from)}, []byte(kind), body} {
		h.Write(binary.BigEndian.AppendUint64(nil, uint64(len(p))))
		h.Write(p)
	}
	return h.Sum(nil)
}

// Sign makes from's input of kind with body, signed by id.
func Sign(id ed25519.PrivateKey, table []byte, from engine.Seat, kind string, body any) (Input, error) {
	b, err := json.Marshal(body)
	if err != nil {
		return Input{}, fmt.Errorf("%w: %v", ErrMalformed, err)
	}
	return Input{From: from, Kind: kind, Body: b, Sig: ed25519.Sign(id, inputMessage(table, from, kind, b))}, nil
}

// Verify checks in's signature by identity.
func (in Input) Verify(identity ed25519.PublicKey, table []byte) error {
	if len(identity) != ed25519.PublicKeySize || len(in.Sig) != ed25519.SignatureSize ||
		!sigcheck.Verify(identity, inputMessage(table, in.From, in.Kind, in.Body), in.Sig) {
		return fmt.Errorf("%w: %s input of seat %d", ErrForged, in.Kind, in.From)
	}
	return nil
}

// decode reads in's body strictly (unknown fields refused) into v.
func decode(in Input, v any) error {
	d := json.NewDecoder(bytes.NewReader(in.Body))
	d.DisallowUnknownFields()
	if err := d.Decode(v); err != nil {
		return fmt.Errorf("%w: %s body: %v", ErrMalformed, in.Kind, err)
	}
	if d.More() {
		return fmt.Errorf("%w: %s body has trailing data", ErrMalformed, in.Kind)
	}
	return nil
}

// EncodeFrame writes f.
func EncodeFrame(f Frame) ([]byte, error) {
	f.V = Version
	b, err := json.Marshal(f)
	if err != nil {
		return nil, fmt.Errorf("%w: %v", ErrMalformed, err)
	}
	if len(b) > MaxFrame {
		return nil, fmt.Errorf("%w: frame of %d bytes (cap %d)", ErrMalformed, len(b), MaxFrame)
	}
	return b, nil
}

// DecodeFrame reads one frame, refusing oversized, other versions and anything but one part.
func DecodeFrame(b []byte) (Frame, error) {
	var f Frame
	if len(b) > MaxFrame {
		return f, fmt.Errorf("%w: frame of %d bytes (cap %d)", ErrMalformed, len(b), MaxFrame)
	}
	d := json.NewDecoder(bytes.NewReader(b))
	d.DisallowUnknownFields()
	if err := d.Decode(&f); err != nil {
		return Frame{}, fmt.Errorf("%w: %v", ErrMalformed, err)
	}
	if f.V != Version {
		return Frame{}, fmt.Errorf("%w: protocol version %d, this page plays %d", ErrMalformed, f.V, Version)
	}
	n := 0
	for _, set := range []bool{f.Hello != nil, f.Input != nil, f.Entry != nil, f.Reject != "", f.Synced != nil} {
		if set {
			n++
		}
	}
	if n != 1 {
		return Frame{}, fmt.Errorf("%w: a frame carries %d parts", ErrMalformed, n)
	}
	return f, nil
}
