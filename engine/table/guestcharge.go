package table

// A guest's side of restarts charged to a seat (charge.go): a deal whose seals were all relayed
// may start again only for a cause the host names, and each cause only maxRestarts times. A
// seat whose key the new roster changes (a stand-in, shown in the lobby first) is charged; with
// no seat changed, the seat whose new seal the host shows, signed by it over the commitment
// replaced and not the seal it relayed; otherwise the host itself (-1).

import (
	"bytes"

	"miskatonic/engine"
	"miskatonic/engine/fair"
	"miskatonic/engine/wire"
)

// charge counts a restart of d (the commitment being replaced; cx the new one's context)
// against its cause: changed, the first seat whose key changed (or -1), else cause's seat if it
// proves a new seal.
func (g *Guest) charge(d *guestDeal, cx fair.Context, changed engine.Seat, cause *wire.Share) error {
	who := changed
	if who < 0 && cause != nil && resealProof(d, cause) {
		who = cause.Seat
	}
	if d.charges == nil {
		d.charges = map[engine.Seat]int{}
	}
	if d.charges[who] >= maxRestarts {
		if who < 0 {
			return engine.Errorf(engine.KindIllegal, "table: deal", "the host restarted deal %d more than %d times without naming a seat that caused it", cx.Epoch, maxRestarts)
		}
		return engine.Errorf(engine.KindIllegal, "table: deal", "the host restarted deal %d more than %d times for seat %d instead of letting a stand-in take it", cx.Epoch, maxRestarts, who)
	}
	d.charges[who]++
	return nil
}

// resealProof reports whether sh is a seal of d's commitment, signed by its seat's key in d's
// roster, other than the one the relayed set holds for that seat: the seat sealed again.
func resealProof(d *guestDeal, sh *wire.Share) bool {
	if !sh.Seat.Valid(len(d.cx.Roster)) || len(d.cx.Roster[sh.Seat]) == 0 || len(sh.S) != 32 {
		return false
	}
	sl := fair.Seal{Seat: sh.Seat, Sig: sh.Sig}
	copy(sl.SC[:], sh.S)
	if !fair.VerifySeal(d.cx.Roster[sh.Seat], d.cx.Bytes(), d.c, sl) {
		return false
	}
	for _, old := range d.sealSet {
		if old.Seat == sh.Seat {
			return !bytes.Equal(old.SC[:], sl.SC[:])
		}
	}
	return false
}
