package wire

import (
	"bytes"
	"encoding/json"

	"miskatonic/engine"
)

// Move asks the host to apply a move. BasedOn is the game seq of the view the guest decided on:
// a move based on an older view is refused as stale, so a replayed or delayed move never lands
// on a position its sender did not see.
// Sig is the seat's signature on the move at game seq BasedOn+1 (fair.Identity.SignMove).
type Move struct {
	BasedOn int         `json:"basedOn"`
	Move    engine.Move `json:"move"`
	Sig     []byte      `json:"sig,omitempty"`
}

func (*Move) Type() Type { return TMove }
func (m *Move) Check() error {
	if m.BasedOn < 0 {
		return bad(TMove, "negative basedOn")
	}
	if err := checkSig(TMove, m.Sig); err != nil {
		return err
	}
	if err := checkSeat(TMove, m.Move.Seat); err != nil {
		return err
	}
	return checkMove(TMove, m.Move)
}

// Need asks the host for the public moves of the game from index From on (game seq From+1),
// answered with a Log. A guest whose replay of a revealed deal stops at a move it was never told
// sends it; a host that never answers is reported as withholding that move.
type Need struct {
	From int `json:"from"`
}

func (*Need) Type() Type { return TNeed }
func (m *Need) Check() error {
	if m.From < 0 {
		return bad(TNeed, "negative index")
	}
	return nil
}

// Log carries public moves From, From+1, … (game seqs From+1 …). A deal move's Seed is empty
// until its deal is revealed. Sent on (re)connection, in chunks.
// Sigs, when present, holds each move's signature by its seat (empty for deals and bots).
type Log struct {
	From  int           `json:"from"`
	Moves []engine.Move `json:"moves"`
	Sigs  [][]byte      `json:"sigs,omitempty"`
	// Nonces open the sealed moves among Moves (empty for any other), like View.Nonce.
	Nonces [][]byte `json:"nonces,omitempty"`
	// StandIns are the indexes in Moves of moves a bot played for an absent player (unsigned).
	StandIns []int `json:"standIns,omitempty"`
}

func (*Log) Type() Type { return TLog }
func (m *Log) Check() error {
	if m.From < 0 {
		return bad(TLog, "negative from")
	}
	if len(m.Sigs) != 0 && len(m.Sigs) != len(m.Moves) {
		return bad(TLog, "%d signatures for %d moves", len(m.Sigs), len(m.Moves))
	}
	for _, s := range m.Sigs {
		if err := checkSig(TLog, s); err != nil {
			return err
		}
	}
	if len(m.Nonces) != 0 && len(m.Nonces) != len(m.Moves) {
		return bad(TLog, "%d nonces for %d moves", len(m.Nonces), len(m.Moves))
	}
	for _, n := range m.Nonces {
		if len(n) != 0 {
			if err := checkLen(TLog, "nonce", n, SecretSize); err != nil {
				return err
			}
		}
	}
	if err := checkMax(TLog, "moves", len(m.Moves), MaxLogMoves); err != nil {
		return err
	}
	for _, i := range m.StandIns {
		if i < 0 || i >= len(m.Moves) {
			return bad(TLog, "stand-in index %d out of range", i)
		}
	}
	for _, mv := range m.Moves {
		if err := checkSeat(TLog, mv.Seat); err != nil {
			return err
		}
		if err := checkMove(TLog, mv); err != nil {
			return err
		}
	}
	return nil
}

// View is sent to every seat after every accepted move: the move just applied (Seq is its game
// seq, the number of moves applied so far; Move is nil at seq 0 and a deal move's Seed is
// withheld), the seat's view as JSON, its legal moves (the UI never computes rules) and the
// public status.
type View struct {
	Seq  int          `json:"seq"`
	Move *engine.Move `json:"move,omitempty"`
	Sig  []byte       `json:"sig,omitempty"` // the mover's signature on Move, if a player's
	// Nonce opens the mover's pledge when Move was a sealed choice (see Pledge).
	Nonce []byte `json:"nonce,omitempty"`
	// StandIn: Move was played by a bot standing in for its absent player (so it is unsigned).
	StandIn bool            `json:"standIn,omitempty"`
	View    json.RawMessage `json:"view"`
	Legal   []engine.Move   `json:"legal"`
	Status  engine.Status   `json:"status"`

	marshalled bool // View came from json.Marshal through SetView (viewencode.go)
}

func (*View) Type() Type { return TView }
func (m *View) Check() error {
	if m.Seq < 0 {
		return bad(TView, "negative seq")
	}
	if err := checkSig(TView, m.Sig); err != nil {
		return err
	}
	if len(m.Nonce) != 0 {
		if err := checkLen(TView, "nonce", m.Nonce, SecretSize); err != nil {
			return err
		}
	}
	if (m.Seq == 0) != (m.Move == nil) {
		return bad(TView, "a move comes with every seq but 0")
	}
	if m.Move != nil {
		if err := checkSeat(TView, m.Move.Seat); err != nil {
			return err
		}
		if err := checkMove(TView, *m.Move); err != nil {
			return err
		}
	}
	if err := checkMax(TView, "view bytes", len(m.View), MaxView); err != nil {
		return err
	}
	if len(m.View) == 0 {
		return bad(TView, "missing view")
	}
	if err := checkMax(TView, "legal moves", len(m.Legal), MaxLegal); err != nil {
		return err
	}
	for _, mv := range m.Legal {
		if err := checkSeat(TView, mv.Seat); err != nil {
			return err
		}
		if err := checkMove(TView, mv); err != nil {
			return err
		}
	}
	if err := checkMax(TView, "active seats", len(m.Status.Active), MaxSeats); err != nil {
		return err
	}
	if d := m.Status.Deal; d != nil {
		if d.Epoch < 1 {
			return bad(TView, "deal epoch must be at least 1")
		}
		if err := checkText(TView, "deal context", d.Context, MaxContext); err != nil {
			return err
		}
	}
	return nil
}

// normalize compacts the raw view, so that decoding then encoding is the identity and every
// guest hashes the same bytes the host produced.
func (m *View) normalize() {
	m.View = Compact(m.View)
}

// Compact returns JSON without insignificant white space; b itself when it has none (the
// common case: every host sends compact JSON), so the check costs one byte scan.
func Compact(b []byte) []byte {
	if !bytes.ContainsAny(b, " \t\r\n") {
		return b
	}
	var c bytes.Buffer
	if json.Compact(&c, b) != nil {
		return b
	}
	return c.Bytes()
}
