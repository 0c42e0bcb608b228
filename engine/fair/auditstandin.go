package fair

// StandInAt reports whether the move at seq was marked, on the way to this auditor, as one a
// stand-in played: a guest compares the marks in a host's sealed record with these.
func (a *Auditor) StandInAt(seq int) bool { return a.standIns[seq] }
