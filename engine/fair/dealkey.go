package fair

// DealKey returns the key of deal epoch as this auditor computed it from the revealed secret
// and the relayed shares, once it has: a guest compares it with the key a record claims
// (engine/table's guest record check), never taking one from the host.
func (a *Auditor) DealKey(epoch int) ([32]byte, bool) {
	d, ok := a.deals[epoch]
	if !ok || d.key == nil {
		return [32]byte{}, false
	}
	return *d.key, true
}
