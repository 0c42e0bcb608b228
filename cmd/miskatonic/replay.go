//go:build !wasm

package main

import (
	"bytes"
	"encoding/json"
	"flag"
	"fmt"
	"io"
	"os"

	"miskatonic/engine"
	"miskatonic/engine/games"
	records "miskatonic/engine/replay"
	"miskatonic/engine/replay/blindreplay"
)

func init() {
	commands["replay"] = command{summary: "re-run and check a game record (FILE or - for stdin); print each round, the outcome, the verdict, the table code and the players' key fingerprints", run: runReplay}
}

// maxRecordBytes bounds what replay reads: a long game is a few hundred moves.
const maxRecordBytes = 8 << 20

// replayReport is what replay prints.
type replayReport struct {
	Game    string            `json:"game"`
	Config  engine.Config     `json:"config"`
	Moves   int               `json:"moves"`
	Rounds  []json.RawMessage `json:"rounds"` // each finished round as the game reports it (lastRound of the public view)
	Status  engine.Status     `json:"status"`
	Outcome *engine.Outcome   `json:"outcome"`
	// Verdict is engine/replay's check of the record's proof and host's seal (kind verified,
	// unproven or failed); Who is the table code and each seat's key fingerprint, as the
	// replay page shows them.
	Verdict records.Verdict `json:"verdict"`
	Who     records.Who     `json:"who"`
}

func runReplay(args []string) error {
	fs := flag.NewFlagSet("replay", flag.ContinueOnError)
	if err := fs.Parse(args); err != nil {
		return err
	}
	if fs.NArg() != 1 {
		return fmt.Errorf("usage: miskatonic replay FILE (or - for stdin)")
	}
	var in io.Reader = os.Stdin
	if p := fs.Arg(0); p != "-" {
		f, err := os.Open(p)
		if err != nil {
			return err
		}
		defer f.Close()
		in = f
	}
	data, err := io.ReadAll(io.LimitReader(in, maxRecordBytes+1))
	if err != nil {
		return err
	}
	if len(data) > maxRecordBytes {
		return fmt.Errorf("record larger than %d bytes", maxRecordBytes)
	}
	if blindreplay.IsBlind(data) {
		// A host-blind game's record is its signed log: checked as every page folded it.
		res, err := blindreplay.Verify(data)
		if err != nil {
			return err
		}
		b, _ := json.MarshalIndent(res, "", "  ")
		_, err = fmt.Printf("%s\n", b)
		return err
	}
	rep, err := replay(data)
	if err != nil {
		return err
	}
	b, _ := json.MarshalIndent(rep, "", "  ")
	_, err = fmt.Printf("%s\n", b)
	return err
}

// replay re-runs a record move by move. A refused move stops it with an error naming the move's
// index (0-based, in the record's moves) and the reason.
func replay(data []byte) (*replayReport, error) {
	rec, err := engine.DecodeRecord(data)
	if err != nil {
		return nil, err
	}
	r, ok := games.Lookup(rec.Game)
	if !ok {
		return nil, fmt.Errorf("record is for unknown game %q", rec.Game)
	}
	at, err := engine.RulesAt(r, rec.Version)
	if err != nil {
		return nil, err
	}
	g, err := at.New(rec.Config)
	if err != nil {
		return nil, fmt.Errorf("record config: %w", err)
	}
	verdict := records.Verify(r, rec)
	rep := &replayReport{Game: rec.Game, Config: rec.Config, Moves: len(rec.Moves), Rounds: []json.RawMessage{},
		Verdict: verdict, Who: records.Players(rec, verdict)}
	rec = records.Fill(r, rec) // an exported record may leave deal keys for its proof to give
	var last []byte
	for i, m := range rec.Moves {
		if err := g.Apply(m); err != nil {
			return nil, &engine.ReplayError{Index: i, Move: m, Err: err}
		}
		if lr := lastRound(g); lr != nil && !bytes.Equal(lr, last) {
			rep.Rounds = append(rep.Rounds, lr)
			last = lr
		}
	}
	// A record of an unfinished game (a saved game) replays too: status shows where it stopped.
	rep.Status = g.Status()
	rep.Outcome = rep.Status.Result
	return rep, nil
}

// lastRound extracts the public view's "lastRound" field, if the game has one.
func lastRound(g engine.Game) json.RawMessage {
	b, err := json.Marshal(g.View(engine.Observer))
	if err != nil {
		return nil
	}
	var v struct {
		LastRound json.RawMessage `json:"lastRound"`
	}
	if json.Unmarshal(b, &v) != nil || len(v.LastRound) == 0 || string(v.LastRound) == "null" {
		return nil
	}
	return v.LastRound
}
