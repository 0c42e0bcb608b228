// Package replay checks a game record on its own and steps through it. A record with a proof
// (engine.Proof) is verified the way a guest's auditor verifies the deals it took part in
// (engine/fair): every deal's commitment opens with its revealed secret under the context that
// names the game, table, epoch and roster; every contributing seat's sealed share is signed by
// that seat and opened by its signed share; the deal key is recomputed and must be the key in
// the record; every move of a seat with an identity key carries that seat's signature; and the
// real rules accept every move to the end of the game. Anyone can run it, offline, long after
// the table closed: it needs no trust in whoever exported the record.
//
// The host's seal (issue 23; engine/fair/record.go) binds the rest: a seat's moves verify only
// under the key the sealed record gives it (its key in the roster of the deal in force, or in
// the sealed Keys), and the seal covers keys, names, setup, stand-in moves and the head of the
// hash chain after the last move, whose code is the table code the players saw. Verdicts are
// of three kinds (Kind): Verified; Unproven, for a record that checks out but cannot prove who
// played (no proof, recorded before seals, no player keys, or sealed by a key that held no seat);
// and Failed. What no offline check can rule out is a whole game made up by someone holding
// keys of their own at every seat: it verifies, under fingerprints and a table code no real
// player has, which is why a replay shows them (fair.Fingerprint, Verdict.Code).
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

// Verify checks rec against its proof, its host's seal and the rules. It says Verified only for
// a finished game whose every deal and every player's move is proved under keys the host
// sealed; a record that checks out but cannot prove who played is Unproven, never Verified.
func Verify(rules engine.Rules, rec engine.Record) Verdict {
	v := Verdict{Moves: len(rec.Moves), Kind: Failed, HostSeat: engine.Observer}
	fail := func(seq, epoch int, format string, args ...any) Verdict {
		v.Seq, v.Epoch, v.Problem = seq, epoch, fmt.Sprintf(format, args...)
		v.Kind, v.Reason, v.Code, v.HostSeat = Failed, "", "", engine.Observer
		return v
	}
	if rec.Game != rules.Name() {
		return fail(0, 0, "the record is for %q, not %q", rec.Game, rules.Name())
	}
	at, verr := engine.RulesAt(rules, rec.Version)
	if verr != nil {
		return fail(0, 0, "the record is for rules version %d, this build plays version %d", max(rec.Version, 1), rules.Version())
	}
	rules = at // an older record replays under its own version's rules
	p := rec.Proof
	if p == nil {
		v.Kind, v.Reason, v.Problem = Unproven, ReasonNoProof, "the record carries no proof of its deals"
		return v
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
	// The seal is checked last, once the moves have been: a move that fails its signature says
	// more about a forgery than the seal it breaks too. Until then its stand-in marks are only
	// claims, and the seal must cover them for the record to pass.
	sealed := sealPresent(p)
	standIn := map[int]bool{}
	for _, q := range p.StandIns {
		standIn[q] = true
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
			var sig []byte
			if i < len(p.Sigs) {
				sig = p.Sigs[i]
			}
			may := known[m.Seat] // before seals: any key the seat had anywhere
			if sealed {
				may = inForce(p, roster, m.Seat)
			}
			switch {
			case len(may) == 0:
				// A bot's seat: no key here or in any roster, so nobody signs for it.
			case sealed && standIn[seq]:
				// The host says a stand-in played for an absent player: unsigned, and counted
				// as the stand-in's, not the player's.
				v.StandIns++
			case !sealed && m.Seat.Valid(len(roster)) && len(roster[m.Seat]) == 0:
				// Before seals, an unsigned move of a seat without a key in the deal in force.
			case len(sig) == 0:
				return fail(seq, 0, "move %d (%s) carries no signature of seat %d", seq, m, m.Seat)
			case !signedBy(may, p.Table, seq, m, sig):
				return fail(seq, 0, "move %d (%s) was not signed by seat %d", seq, m, m.Seat)
			default:
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
	if sealed {
		code, serr := checkSeal(rec)
		if serr != nil {
			return fail(serr.seq, serr.epoch, "%s", serr.problem)
		}
		v.Code, v.HostSeat = code, hostSeat(p)
	}
	switch {
	case !sealed:
		v.Kind, v.Reason, v.Problem = Unproven, ReasonUnsealed, "not sealed by its host (recorded before signed rosters, or by a host without a key): nothing binds its players' keys and names to the table"
	case len(known) == 0:
		v.Kind, v.Reason, v.Problem = Unproven, ReasonNoKeys, "no seat has a player's key: nobody signed a move or a share"
	case v.HostSeat == engine.Observer:
		v.Kind, v.Reason, v.Problem = Unproven, ReasonHostUnseated, "sealed by a host that held no seat: anyone with the record could have sealed it so"
	default:
		v.Kind, v.Verified = Verified, true
	}
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

// inForce is the keys a sealed record lets seat s sign with at a move: its key in the roster
// of the deal in force, and its key in the sealed Keys (the lobby's at the end, for a player
// who came back with a new key after that deal was made). None: a bot's seat.
func inForce(p *engine.Proof, roster [][]byte, s engine.Seat) [][]byte {
	var out [][]byte
	if s.Valid(len(roster)) && len(roster[s]) > 0 {
		out = append(out, roster[s])
	}
	if s.Valid(len(p.Keys)) && len(p.Keys[s]) > 0 && !(len(out) > 0 && bytes.Equal(out[0], p.Keys[s])) {
		out = append(out, p.Keys[s])
	}
	return out
}

// hostSeat is the seat the sealing host held the whole game: its key in the sealed Keys and
// in every deal's roster that gives the seat a key, and at least one does. engine.Observer if
// none: a key put at a seat for the seal, which the players' deals do not name, held no seat.
func hostSeat(p *engine.Proof) engine.Seat {
	for s, k := range p.Keys {
		if len(k) == 0 || !bytes.Equal(k, p.Host) {
			continue
		}
		held, dealt := true, len(p.Deals) == 0
		for _, d := range p.Deals {
			if s < len(d.Roster) && len(d.Roster[s]) > 0 {
				held = held && bytes.Equal(d.Roster[s], k)
				dealt = true
			}
		}
		// The host's player shares in the deals; a key that no deal names (a bot's seat,
		// given a key and its public moves signed afresh) held no seat at the table.
		if held && dealt {
			return engine.Seat(s)
		}
	}
	return engine.Observer
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
