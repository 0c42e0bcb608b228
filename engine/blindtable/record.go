package blindtable

// The proven record of a host-blind game is its log: every signed input in order — keys with
// their proofs, σ commitments, the masked decks of every chain step, every public token with
// its proof, the claims, the revealed σ — under the table's config. VerifyRecord folds it
// exactly as a page does, auditing each deal's chain and every public opening; private tokens
// are not in it (they were sealed to their viewers), and the round-end openings cover every card.

import (
	"bytes"
	"encoding/json"
	"fmt"
	"slices"

	"miskatonic/engine"
)

// Conn is table.Conn (same methods): a reliable, ordered, message-oriented link.
type Conn interface {
	Send(frame []byte) error
	Recv() ([]byte, error)
	Close() error
}

// RecordGame names a host-blind Arkham record.
const RecordGame = "arkham/blind"

// Record is a host-blind game as data.
type Record struct {
	Game    string   `json:"game"`
	Version int      `json:"version"`
	Config  Config   `json:"config"`
	Names   []string `json:"names,omitempty"`
	Log     []Entry  `json:"log"`
}

// Record is the host's record of the game so far.
func (h *Host) Record(names []string) Record {
	h.mu.Lock() // Submit replaces h.st when storage fails
	defer h.mu.Unlock()
	return Record{Game: RecordGame, Version: Version, Config: h.st.cfg, Names: names, Log: slices.Clone(h.log)}
}

// Result is what a verified record shows.
type Result struct {
	Status  engine.Status `json:"status"`
	Deals   int           `json:"deals"`   // deals audited
	Moves   int           `json:"moves"`   // player moves
	Entries int           `json:"entries"` // inputs in the log
	Verdict *Verdict      `json:"verdict,omitempty"`
}

// VerifyRecord re-runs rec: every signature, every key proof, every public token's proof,
// every deal's chain audit and every claim. An error names the entry that fails; a game the
// protocol stopped verifies with its Verdict (naming the seat that broke it).
func VerifyRecord(rec Record) (Result, error) { return WalkRecord(rec, nil) }

// WalkRecord is VerifyRecord calling at (when not nil) with the public state after each entry
// it folds: how a replay steps through the game. at must not change the state.
func WalkRecord(rec Record, at func(*State)) (Result, error) {
	if rec.Game != RecordGame || rec.Version != Version {
		return Result{}, fmt.Errorf("%w: a %q record of version %d, this build verifies %q version %d", ErrMalformed, rec.Game, rec.Version, RecordGame, Version)
	}
	st, err := NewState(rec.Config)
	if err != nil {
		return Result{}, err
	}
	deals := 0
	for i, e := range rec.Log {
		if e.Seq != i {
			return Result{}, fmt.Errorf("%w: entry %d numbered %d", ErrOrder, i, e.Seq)
		}
		done := st.d != nil && st.d.done
		if err := st.Apply(e); err != nil {
			return Result{}, fmt.Errorf("entry %d (%s of seat %d): %w", i, e.In.Kind, e.In.From, err)
		}
		if !done && st.d != nil && st.d.done {
			deals++
		}
		if at != nil {
			at(st)
		}
		if v := st.Verdict(); v != nil {
			r := Result{Status: st.b.Status(), Deals: deals, Moves: st.ply, Entries: len(rec.Log), Verdict: v}
			if i+1 < len(rec.Log) {
				return r, fmt.Errorf("%w: %d entries after the verdict at entry %d", ErrOrder, len(rec.Log)-i-1, i)
			}
			return r, nil
		}
	}
	r := Result{Status: st.b.Status(), Deals: deals, Moves: st.ply, Entries: len(rec.Log), Verdict: st.Verdict()}
	if r.Verdict == nil && st.d != nil && st.d.dealt && !st.d.done && r.Status.Over {
		return r, fmt.Errorf("%w: the game ended with deal %d unaudited", ErrOrder, st.d.n)
	}
	return r, nil
}

// DecodeRecord parses a record strictly (unknown fields refused).
func DecodeRecord(data []byte) (Record, error) {
	var rec Record
	d := json.NewDecoder(bytes.NewReader(data))
	d.DisallowUnknownFields()
	if err := d.Decode(&rec); err != nil {
		return Record{}, fmt.Errorf("%w: record: %v", ErrMalformed, err)
	}
	return rec, nil
}
