package session

import "miskatonic/engine/table"

// AskRecord asks the host for the finished game's proven record (a guest's table only; a host
// has it already). The Snapshot's RecordState follows the ask; the record is offered only once
// checked (table.Guest.AskRecord).
func (s *Session) AskRecord() error {
	if s.host != nil {
		return nil
	}
	return s.guest.AskRecord()
}

// RecordAskable reports whether a guest may ask for the record now: the game is over, every
// deal this browser took part in is verified, and no ask is under way or done.
func RecordAskable(snap Snapshot) bool {
	if snap.Kind != Guest || !snap.Status.Over || snap.RecordState == table.RecordAsking || snap.RecordState == table.RecordReady {
		return false
	}
	for _, d := range snap.Deals {
		if d.State != table.DealVerified {
			return false
		}
	}
	return true
}
