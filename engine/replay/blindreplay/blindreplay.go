// Package blindreplay verifies the record of a host-blind Arkham Ritual game
// (engine/blindtable) on its own, offline: the record is the table's signed log, and
// verifying it folds it exactly as every page did — each input's signature, each deal key's
// proof, the shuffle chain audited with the revealed σ, every public token's proof, every claim
// against the opened cards. It sits beside engine/replay (which engine/table imports) rather
// than in it, so blindtable can use table.Conn's shape without an import cycle; records of
// today's tables still replay through engine/replay, unchanged.
package blindreplay

import (
	"bytes"
	"encoding/json"

	"miskatonic/engine/blindtable"
)

// IsBlind says data is a host-blind record (its "game" field), so a caller that reads records
// of every kind sends it here rather than to engine/replay.
func IsBlind(data []byte) bool {
	var head struct {
		Game string `json:"game"`
	}
	return json.NewDecoder(bytes.NewReader(data)).Decode(&head) == nil && head.Game == blindtable.RecordGame
}

// Verify decodes a host-blind record strictly and verifies it (blindtable.VerifyRecord).
func Verify(data []byte) (blindtable.Result, error) {
	rec, err := blindtable.DecodeRecord(data)
	if err != nil {
		return blindtable.Result{}, err
	}
	return blindtable.VerifyRecord(rec)
}
