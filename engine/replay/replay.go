// Package replay checks a game record on its own and steps through it. A record with a proof
// (engine.Proof) is verified the way a guest's auditor verifies the deals it took part in
// (engine/fair): every deal's commitment opens with its revealed secret under the context that
// names the game, table, epoch and roster; every contributing seat's sealed share is signed by
// that seat and opened by its signed share; the deal key is recomputed and must be the key in
// the record; every move of a seat with an identity key carries that seat's signature; and the
// real rules accept every move to the end of the game. Anyone can run it, offline, long after
// the table closed: it needs no trust in whoever exported the record.
//
// Like engine it is pure: no clock, no I/O, no randomness.
package replay

import (
	"bytes"
	"encoding/hex"
	"fmt"

	"miskatonic/engine"
	"miskatonic/engine/fair"
)

// Verdict is what Verify found.
type Verdict struct {
	Verified bool   `json:"verified"`
	Problem  string `json:"problem,omitempty"` // what failed, for people
	Seq      int    `json:"seq,omitempty"`     // game seq (1-based) of the move that failed
	Epoch    int    `json:"epoch,omitempty"`   // the deal that failed
	Deals    int    `json:"deals"`             // deals proved
	Signed   int    `json:"signed"`            // moves checked against their seat's signature
	Moves    int    `json:"moves"`
}

// Verify checks rec against its proof and the rules. It says Verified only for a finished game
// whose every deal and every player's move is proved.
func Verify(rules engine.Rules, rec engine.Record) Verdict {
	v := Verdict{Moves: len(rec.Moves)}
	fail := func(seq, epoch int, format string, args ...any) Verdict {
		v.Seq, v.Epoch, v.Problem = seq, epoch, fmt.Sprintf(format, args...)
		return v
	}
	if rec.Game != rules.Name() {
		return fail(0, 0, "the record is for %q, not %q", rec.Game, rules.Name())
	}
	if ver := max(rec.Version, 1); ver != rules.Version() {
		return fail(0, 0, "the record is for rules version %d, this build plays version %d", ver, rules.Version())
	}
	p := rec.Proof
	if p == nil {
		return fail(0, 0, "the record carries no proof of its deals")
	}
	if len(p.Table) == 0 {
		return fail(0, 0, "the proof names no table")
	}
	if len(p.Sigs) > len(rec.Moves) {
		return fail(0, 0, "the proof has %d signatures for %d moves", len(p.Sigs), len(rec.Moves))
	}
	keys, err := dealKeys(rules.Name(), p)
	if err != nil {
		return fail(0, err.epoch, "%s", err.problem)
	}
	known := seatKeys(p)
	g, gerr := rules.New(rec.Config)
	if gerr != nil {
		return fail(0, 0, "the record's setup is refused by the rules: %v", gerr)
	}
	var roster [][]byte // of the deal in force
	for i, m := range rec.Moves {
		seq := i + 1
		if m.Kind == engine.KindDeal {
			st := g.Status()
			if st.Deal == nil {
				return fail(seq, 0, "move %d is a deal the game never asked for", seq)
			}
			e := st.Deal.Epoch
			if e > len(keys) {
				return fail(seq, e, "deal %d has no proof: it was not revealed", e)
			}
			d := p.Deals[e-1]
			if d.Context != st.Deal.Context {
				return fail(seq, e, "deal %d was committed for %q but the game asked for %q", e, d.Context, st.Deal.Context)
			}
			want := hex.EncodeToString(keys[e-1][:])
			if m.Seed != "" && m.Seed != want {
				return fail(seq, e, "deal %d: the key in the record (move %d) is not the key its commitment and shares give", e, seq)
			}
			m = engine.DealMove(keys[e-1])
			roster = d.Roster
			v.Deals = max(v.Deals, e)
		} else if m.Seat >= 0 {
			bot := m.Seat.Valid(len(roster)) && len(roster[m.Seat]) == 0
			if !bot && len(known[m.Seat]) > 0 {
				var sig []byte
				if i < len(p.Sigs) {
					sig = p.Sigs[i]
				}
				if len(sig) == 0 {
					return fail(seq, 0, "move %d (%s) carries no signature of seat %d", seq, m, m.Seat)
				}
				if !signedBy(known[m.Seat], p.Table, seq, m, sig) {
					return fail(seq, 0, "move %d (%s) was not signed by seat %d", seq, m, m.Seat)
				}
				v.Signed++
			}
		}
		if err := g.Apply(m); err != nil {
			return fail(seq, 0, "move %d (%s) is refused by the rules: %v", seq, m, err)
		}
	}
	if v.Deals < len(p.Deals) {
		return fail(0, v.Deals+1, "deal %d is proved but the game never asked for it", v.Deals+1)
	}
	if !g.Status().Over {
		return fail(0, 0, "the game in the record is not finished")
	}
	v.Verified = true
	return v
}

type dealErr struct {
	epoch   int
	problem string
}

// dealKeys checks every deal's transcript and returns the keys it proves, by epoch.
func dealKeys(game string, p *engine.Proof) ([][32]byte, *dealErr) {
	var keys [][32]byte
	for i, d := range p.Deals {
		e := i + 1
		bad := func(format string, args ...any) *dealErr {
			return &dealErr{epoch: e, problem: fmt.Sprintf("deal %d: ", e) + fmt.Sprintf(format, args...)}
		}
		if d.Epoch != e {
			return nil, bad("the proof is numbered %d", d.Epoch)
		}
		if len(d.C) != 32 || len(d.H) != 32 {
			return nil, bad("the commitment or the revealed secret is not 32 bytes")
		}
		cx := fair.Context{Game: game, Table: p.Table, Epoch: e, Deal: d.Context, Roster: d.Roster}
		ctx, c, h := cx.Bytes(), [32]byte(d.C), [32]byte(d.H)
		if !fair.CheckCommit(ctx, c, h) {
			return nil, bad("the revealed secret does not open the commitment")
		}
		seals, shares := make([]fair.Seal, len(d.Seals)), make([]fair.Share, len(d.Shares))
		for j, s := range d.Seals {
			if len(s.S) != 32 {
				return nil, bad("seat %d's sealed share is not 32 bytes", s.Seat)
			}
			seals[j] = fair.Seal{Seat: s.Seat, SC: [32]byte(s.S), Sig: s.Sig}
		}
		for j, s := range d.Shares {
			if len(s.S) != 32 {
				return nil, bad("seat %d's share is not 32 bytes", s.Seat)
			}
			shares[j] = fair.Share{Seat: s.Seat, S: [32]byte(s.S), Sig: s.Sig}
		}
		if err := fair.CheckSeals(cx, ctx, c, seals); err != nil {
			return nil, bad("%v", err)
		}
		if err := fair.CheckShares(cx, ctx, c, shares); err != nil {
			return nil, bad("%v", err)
		}
		if err := fair.CheckOpens(ctx, c, seals, shares); err != nil {
			return nil, bad("%v", err)
		}
		keys = append(keys, fair.Key(ctx, h, shares))
	}
	return keys, nil
}

// seatKeys is every identity key each seat was known by: the lobby's and the deals' rosters.
func seatKeys(p *engine.Proof) map[engine.Seat][][]byte {
	out := map[engine.Seat][][]byte{}
	add := func(s int, k []byte) {
		if len(k) == 0 {
			return
		}
		for _, have := range out[engine.Seat(s)] {
			if bytes.Equal(have, k) {
				return
			}
		}
		out[engine.Seat(s)] = append(out[engine.Seat(s)], k)
	}
	for s, k := range p.Keys {
		add(s, k)
	}
	for _, d := range p.Deals {
		for s, k := range d.Roster {
			add(s, k)
		}
	}
	return out
}

func signedBy(keys [][]byte, table []byte, seq int, m engine.Move, sig []byte) bool {
	for _, k := range keys {
		if fair.VerifyMove(k, table, seq, m, sig) {
			return true
		}
	}
	return false
}
