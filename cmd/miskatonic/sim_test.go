//go:build !wasm

package main

import (
	"bytes"
	"encoding/json"
	"errors"
	"strings"
	"testing"

	"miskatonic/engine"
	"miskatonic/engine/games"
)

func TestSimulate(t *testing.T) {
	r, _ := games.Lookup("arkham")
	cases := []struct {
		name    string
		players int
		options map[string]string
	}{
		{"mixed table sizes", 0, nil},
		{"3 players with dummies", 3, map[string]string{"oldone": "hastur"}},
		{"7 players, every swap", 7, map[string]string{"event": "trapezohedron", "character1": "student",
			"character2": "professor", "oldone": "mystery", "doom": "on", "variant": "competitive"}},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			st, err := simulate(simSpec{rules: r, n: 300, players: c.players, seed: 5, options: c.options})
			if err != nil {
				t.Fatal(err)
			}
			ends := 0
			for _, k := range st.RoundEnds {
				ends += k
			}
			if st.Games != 300 || st.AvgRounds < 1 || st.AvgTurns < st.AvgRounds || ends != int(st.AvgRounds*300+0.5) {
				t.Fatalf("stats %+v (round ends %d)", st, ends)
			}
			again, _ := simulate(simSpec{rules: r, n: 300, players: c.players, seed: 5, options: c.options})
			if again.AvgTurns != st.AvgTurns || again.Moves != st.Moves {
				t.Fatal("same seed, different games")
			}
		})
	}
}

func TestSimFlags(t *testing.T) {
	cases := []struct {
		args []string
		want string // substring of the output, or of the error when it starts with "error:"
	}{
		{[]string{"-n", "50", "-players", "5"}, "average rounds"},
		{[]string{"-n", "20", "-json", "-options", "doom=on"}, `"gamesPerSecond"`},
		{[]string{"-game", "chess"}, "error:unknown game"},
		{[]string{"-players", "9"}, "error:-players 9"},
		{[]string{"-options", "doom"}, "error:not key=value"},
		{[]string{"-options", "doom=maybe", "-n", "1"}, "error:doom"},
		{[]string{"-n", "0"}, "error:-n"},
	}
	for _, c := range cases {
		t.Run(strings.Join(c.args, " "), func(t *testing.T) {
			var out bytes.Buffer
			err := simMain(c.args, &out)
			if e, isErr := strings.CutPrefix(c.want, "error:"); isErr {
				if err == nil || !strings.Contains(err.Error(), e) {
					t.Fatalf("err = %v, want %q", err, e)
				}
				return
			}
			if err != nil || !strings.Contains(out.String(), c.want) {
				t.Fatalf("err %v, output %q", err, out.String())
			}
		})
	}
}

// TestReplayRecord: a simulated game's record replays to the same outcome; a record with an
// illegal move is refused with the move's index.
func TestReplayRecord(t *testing.T) {
	r, _ := games.Lookup("arkham")
	var buf bytes.Buffer
	if _, err := simulate(simSpec{rules: r, n: 1, players: 4, seed: 9, record: &buf,
		options: map[string]string{"oldone": "mystery"}}); err != nil {
		t.Fatal(err)
	}
	rep, err := replay(buf.Bytes())
	if err != nil {
		t.Fatal(err)
	}
	if !rep.Status.Over || rep.Outcome == nil || len(rep.Rounds) != rep.Status.Round {
		t.Fatalf("report: over %v, %d rounds for round %d", rep.Status.Over, len(rep.Rounds), rep.Status.Round)
	}
	var rec engine.Record
	json.Unmarshal(buf.Bytes(), &rec)

	cases := []struct {
		name  string
		edit  func(rec *engine.Record)
		index int
		kind  engine.Kind
		plain string // for errors before any move
	}{
		{"a move out of turn", func(rec *engine.Record) { rec.Moves[3].Seat = (rec.Moves[3].Seat + 1) % 4 }, 3, engine.KindNotYourTurn, ""},
		{"a give to the giver", func(rec *engine.Record) { rec.Moves[1].To = rec.Moves[1].Seat }, 1, engine.KindIllegal, ""},
		{"a forged deal", func(rec *engine.Record) { rec.Moves[0].Seed = "00" }, 0, engine.KindMalformed, ""},
		{"an unknown game", func(rec *engine.Record) { rec.Game = "chess" }, -1, "", "unknown game"},
		{"a bad table size", func(rec *engine.Record) { rec.Config.Seats = 2 }, -1, "", "config"},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			bad := rec
			bad.Moves = append([]engine.Move(nil), rec.Moves...)
			c.edit(&bad)
			b, _ := json.Marshal(bad)
			_, err := replay(b)
			var re *engine.ReplayError
			if c.index < 0 {
				if err == nil || !strings.Contains(err.Error(), c.plain) {
					t.Fatalf("err = %v", err)
				}
				return
			}
			if !errors.As(err, &re) || re.Index != c.index || engine.KindOf(err) != c.kind {
				t.Fatalf("err = %v, want move %d refused as %s", err, c.index, c.kind)
			}
			if !strings.Contains(err.Error(), "move ") {
				t.Fatalf("message %q does not name the move", err)
			}
		})
	}
	if _, err := replay([]byte(`{"game":"arkham","config":{"seats":5},"moves":[],"extra":1}`)); engine.KindOf(err) != engine.KindMalformed {
		t.Fatalf("unknown field: %v", err)
	}
}

// The sim's optional fast paths are interfaces a game satisfies by shape alone: a change of a
// method's signature would drop the game to the slow path, or lose its round statistics, quietly.
func TestArkhamKeepsTheSimFastPaths(t *testing.T) {
	r, _ := games.Lookup("arkham")
	g, err := r.New(engine.Config{Seats: 5})
	if err != nil {
		t.Fatal(err)
	}
	if _, ok := g.(engine.RoundEnder); !ok {
		t.Error("arkham no longer reports its round ends to the sim")
	}
}
