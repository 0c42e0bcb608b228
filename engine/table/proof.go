package table

import (
	"bytes"

	"miskatonic/engine"
	"miskatonic/engine/replay"
	"miskatonic/engine/wire"
)

// ProvenRecord is Record with its Proof (engine/replay checks it): every revealed deal's
// transcript and the players' signatures on their moves, and, once the game is over, the
// host's seal over the players' keys, names, setup and the head of every move and deal. Mid-game it stops before the first
// deal still secret, so it never carries anything the table has not shown everyone.
func (h *Host) ProvenRecord() engine.Record {
	var rec engine.Record
	h.do(func() { rec = h.provenRecord() })
	return rec
}

// provenRecord is ProvenRecord on the match goroutine.
func (h *Host) provenRecord() engine.Record {
	rec := engine.Record{Game: h.rules.Name(), Version: h.rules.Version(), Config: h.config, Moves: h.publicLog(0, true)}
	p := &engine.Proof{Table: bytes.Clone(h.table)}
	for _, s := range h.seats {
		rec.Names = append(rec.Names, s.Name)
		var k []byte
		if !s.Bot {
			k = bytes.Clone(s.Key)
		}
		p.Keys = append(p.Keys, k)
	}
	for _, d := range h.deals {
		if !d.Revealed {
			break
		}
		p.Deals = append(p.Deals, engine.DealProof{Epoch: d.Epoch, Context: d.Context, Roster: d.Roster,
			C: bytes.Clone(d.C), H: bytes.Clone(d.H), Seals: shareProofs(inSeatOrder(d.Seals)), Shares: shareProofs(inSeatOrder(d.Shares))})
	}
	// Moves end where the public log ends: a secret deal's key is blank, and so is the
	// rest of the record after it for the verifier; the log itself is public already.
	for i := range rec.Moves {
		var sig []byte
		if i < len(h.sigs) {
			sig = bytes.Clone(h.sigs[i])
		}
		p.Sigs = append(p.Sigs, sig)
	}
	rec.Proof = p
	// The seal: only over a finished game (mid-game the record is not one anyone may check as
	// a whole), and only by a host that has an identity key to sign with.
	if h.game != nil && h.game.Status().Over && h.cfg.Signer.Public() != nil {
		for q := 1; q <= len(rec.Moves); q++ {
			if h.standIns[q] {
				p.StandIns = append(p.StandIns, q)
			}
		}
		replay.Seal(h.cfg.Signer, &rec)
	}
	return rec
}

func shareProofs(s []wire.Share) []engine.ShareProof {
	out := make([]engine.ShareProof, 0, len(s))
	for _, x := range s {
		out = append(out, engine.ShareProof{Seat: x.Seat, S: bytes.Clone(x.S), Sig: bytes.Clone(x.Sig)})
	}
	return out
}
