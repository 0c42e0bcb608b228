package engine

import (
	"encoding/json"
	"fmt"
)

// Record is a whole game as data: enough to replay it exactly. Saved games, exported records and
// the host's persisted table all use it.
type Record struct {
	Game string `json:"game"`
	// Version is the rules version the record was made with (Rules.Version); 0 in records
	// from before versions, which replay under version 1.
	Version int      `json:"version,omitempty"`
	Config  Config   `json:"config"`
	Names   []string `json:"names,omitempty"`
	Moves   []Move   `json:"moves"`
	// Proof, when present, lets anyone check the deals and who made each move (engine/replay).
	// Records from before proofs have none and still replay.
	Proof *Proof `json:"proof,omitempty"`
}

// ReplayError says which move of a record was refused.
type ReplayError struct {
	Index int
	Move  Move
	Err   error
}

func (e *ReplayError) Error() string {
	return fmt.Sprintf("move %d (%s): %v", e.Index, e.Move, e.Err)
}

func (e *ReplayError) Unwrap() error { return e.Err }

// Replay rebuilds a game from its record. A refused move stops the replay with a *ReplayError;
// the game as it stood before that move is returned too.
func Replay(r Rules, rec Record) (Game, error) {
	if rec.Game != r.Name() {
		return nil, Errorf(KindMalformed, "replay", "record is for %q, not %q", rec.Game, r.Name())
	}
	r, err := RulesAt(r, rec.Version)
	if err != nil {
		return nil, err
	}
	g, err := r.New(rec.Config)
	if err != nil {
		return nil, err
	}
	for i, m := range rec.Moves {
		if err := g.Apply(m); err != nil {
			return g, &ReplayError{Index: i, Move: m, Err: err}
		}
	}
	return g, nil
}

// OlderRules is implemented by rules that still play the records of earlier versions, each with
// that version's own behaviour, so a rules change never strands a saved game or a record.
type OlderRules interface {
	// AtVersion returns the rules as version v played them; false if this build cannot.
	AtVersion(v int) (Rules, bool)
}

// RulesAt returns r as it played rules version v (a record's Version; 0, from before versions,
// is 1): r itself for its own version, an older one where r is OlderRules and knows v, else an
// error naming both versions.
func RulesAt(r Rules, v int) (Rules, error) {
	v = max(v, 1)
	if v == r.Version() {
		return r, nil
	}
	if o, ok := r.(OlderRules); ok {
		if old, ok := o.AtVersion(v); ok && old.Version() == v {
			return old, nil
		}
	}
	return nil, Errorf(KindBadConfig, "replay", "record is for rules version %d of %q, this build plays version %d", v, r.Name(), r.Version())
}

// DecodeRecord parses a record strictly: unknown fields are refused.
func DecodeRecord(data []byte) (Record, error) {
	var rec Record
	if err := strictUnmarshal(data, &rec); err != nil {
		return rec, Errorf(KindMalformed, "record", "%v", err)
	}
	return rec, nil
}

// DecodeMove parses one move strictly.
func DecodeMove(data []byte) (Move, error) {
	var m Move
	if err := strictUnmarshal(data, &m); err != nil {
		return m, Errorf(KindMalformed, "move", "%v", err)
	}
	return m, nil
}

func strictUnmarshal(data []byte, v any) error {
	dec := json.NewDecoder(bytesReader(data))
	dec.DisallowUnknownFields()
	if err := dec.Decode(v); err != nil {
		return err
	}
	if dec.More() {
		return fmt.Errorf("trailing data")
	}
	return nil
}

// Proof is what makes a record checkable by anyone, not only by the players who were there:
// every deal's commit-reveal transcript (engine/fair) and each player's signature on its own
// moves. A finished game's proof reveals nothing the game has not already shown. The checks
// live in engine/replay (this package cannot import engine/fair).
type Proof struct {
	Table []byte `json:"table"` // the game's random id: moves and deals are bound to it
	// Keys are the seats' identity keys as the lobby last knew them (empty for a bot seat); a
	// move may be signed by the key its seat has here or in a deal's roster, which the host's
	// seal covers (directly, or through the deal's commitment in the sealed head).
	Keys  [][]byte    `json:"keys,omitempty"`
	Sigs  [][]byte    `json:"sigs,omitempty"` // Sigs[i] signs Moves[i]; empty for deals and bots
	Deals []DealProof `json:"deals"`
	// The host's seal (engine/fair's RecordSeal; records from issue 23 on, absent before): the
	// host's identity key; the game seqs of moves a stand-in played for an absent player
	// (unsigned, and shown as the stand-in's); the head of the game's hash chain after Seq
	// moves; and the host's signature over game, setup, table, Names, Keys, StandIns, Seq and
	// Head. A record without it still replays, but proves nothing about who played.
	Host     []byte `json:"host,omitempty"`
	StandIns []int  `json:"standins,omitempty"`
	Seq      int    `json:"seq,omitempty"`
	Head     []byte `json:"head,omitempty"`
	Seal     []byte `json:"seal,omitempty"`
}

// DealProof is one deal's public transcript: the host's commitment and revealed secret, and
// every contributing seat's sealed and opened share, each signed by that seat.
type DealProof struct {
	Epoch   int          `json:"epoch"`
	Context string       `json:"context"` // DealRequest.Context
	Roster  [][]byte     `json:"roster"`  // identity key per seat at the commitment
	C       []byte       `json:"c"`
	H       []byte       `json:"h"`
	Seals   []ShareProof `json:"seals,omitempty"`  // S holds the seal
	Shares  []ShareProof `json:"shares,omitempty"` // S holds the share
}

// ShareProof is one seat's signed seal or share.
type ShareProof struct {
	Seat Seat   `json:"seat"`
	S    []byte `json:"s"`
	Sig  []byte `json:"sig"`
}
