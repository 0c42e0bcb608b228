package replay

import (
	"bytes"
	"crypto/ed25519"
	"fmt"

	"miskatonic/engine"
	"miskatonic/engine/fair"
)

// The host's seal (engine/fair/record.go): its signature over the record's players, names,
// setup, stand-ins and the head of the hash chain of every move and deal commitment.

// sealPresent reports whether p carries any part of a seal: a record that does is held to all
// of it (stripping part of a seal does not make a weaker record, it makes a broken one).
func sealPresent(p *engine.Proof) bool {
	return len(p.Host) > 0 || len(p.Seal) > 0 || len(p.Head) > 0 || p.Seq != 0 || len(p.StandIns) > 0
}

type sealErr struct {
	seq, epoch int
	problem    string
}

// checkSeal checks rec's seal and returns the table code of its sealed head.
func checkSeal(rec engine.Record) (string, *sealErr) {
	p := rec.Proof
	bad := func(seq, epoch int, format string, args ...any) (string, *sealErr) {
		return "", &sealErr{seq: seq, epoch: epoch, problem: fmt.Sprintf(format, args...)}
	}
	switch {
	case len(p.Host) != ed25519.PublicKeySize:
		return bad(0, 0, "the record's seal names no host key")
	case len(p.Seal) != ed25519.SignatureSize:
		return bad(0, 0, "the record carries no host's seal")
	case len(p.Head) != 32:
		return bad(0, 0, "the record's sealed head is not 32 bytes")
	case p.Seq != len(rec.Moves):
		return bad(0, 0, "the host sealed a game of %d moves; the record has %d", p.Seq, len(rec.Moves))
	case len(rec.Names) != rec.Config.Seats || len(p.Keys) != rec.Config.Seats:
		return bad(0, 0, "the record names %d players and %d keys for %d seats", len(rec.Names), len(p.Keys), rec.Config.Seats)
	}
	for i, q := range p.StandIns {
		if q < 1 || q > len(rec.Moves) || i > 0 && q <= p.StandIns[i-1] {
			return bad(0, 0, "the record's stand-in moves are not in order within the game")
		}
		if m := rec.Moves[q-1]; m.Kind == engine.KindDeal || m.Seat < 0 {
			return bad(q, 0, "move %d is marked as a stand-in's but no seat made it", q)
		}
	}
	head := fair.HeadStart(p.Table, p.Host)
	epoch := 0
	for i, m := range rec.Moves {
		var c *[32]byte
		if m.Kind == engine.KindDeal {
			if epoch++; epoch > len(p.Deals) {
				return bad(i+1, epoch, "deal %d has no proof: it was not revealed", epoch)
			}
			c = (*[32]byte)(p.Deals[epoch-1].C) // dealKeys has checked it is 32 bytes
		}
		head = fair.HeadNext(head, m, c)
	}
	if !bytes.Equal(head[:], p.Head) {
		return bad(0, 0, "the record's moves and deals are not the ones the host sealed")
	}
	s := fair.RecordSeal{Game: rec.Game, Version: rec.Version, Config: rec.Config, Table: p.Table, Names: rec.Names,
		Keys: p.Keys, StandIns: p.StandIns, Seq: p.Seq, Head: head}
	if !fair.VerifyRecord(p.Host, s, p.Seal) {
		return bad(0, 0, "the host's seal does not cover this record's players, names, setup or moves")
	}
	return fair.SignedHead{Head: head}.Code(), nil
}

// Seal signs rec as its host id: engine/table's host does it at a game's end. It fills in the
// host key, the head of the record's chain and the seal; rec must carry a proof with every
// deal move's commitment (the host's own record does).
func Seal(id fair.Identity, rec *engine.Record) {
	p := rec.Proof
	p.Host, p.Seq = id.Public(), len(rec.Moves)
	head := fair.HeadStart(p.Table, p.Host)
	epoch := 0
	for _, m := range rec.Moves {
		var c *[32]byte
		if m.Kind == engine.KindDeal {
			if epoch++; epoch <= len(p.Deals) && len(p.Deals[epoch-1].C) == 32 {
				c = (*[32]byte)(p.Deals[epoch-1].C)
			}
		}
		head = fair.HeadNext(head, m, c)
	}
	p.Head = head[:]
	p.Seal = id.SignRecord(fair.RecordSeal{Game: rec.Game, Version: rec.Version, Config: rec.Config, Table: p.Table,
		Names: rec.Names, Keys: p.Keys, StandIns: p.StandIns, Seq: p.Seq, Head: head})
}
