package table

// The chain of an open deal's replaced commitments. A deal restarted with no seat changed (a
// seat sealed again, or a share never came from the host's own seat) is shown to a guest that
// missed it as it happened: each replaced commitment with its set of seals and its cause, then
// the current commitment (Host.sendDeal). A guest away across several restarts holds some
// commitment of the chain, perhaps without its set; shown the latest restart alone, it would
// take the commitment before for a re-deal with no seat changed and fail the deal against an
// honest host. Shown the whole chain it follows each restart as those at the table did,
// charged to the same seats (guestcharge.go), and skips what it followed already
// (guestreplaced.go). A restart that changes a seat starts a new chain: the lobby shows that
// change, and a commitment under the old roster would no longer match it.
//
// What the chain cannot do for a dishonest host: every commitment in it goes through a guest's
// own rules for a restart (a seat change it was shown, a seal proving the seat that caused it,
// maxRestarts per cause, counted over the whole chain), a commitment the guest followed and saw
// replaced is never taken up again, and the guest seals and shares only over the commitment it
// holds last, which the host must then take (guestlive.go: a refused seal is named).

// maxChain bounds the chain (from a save, too). An honest deal never comes near it: a seat
// other than the host's is benched by its maxCharges-th restart (a seat change, which starts a
// new chain), and the host's own seat and restarts no seal caused are refused by every guest
// past maxRestarts.
const maxChain = 32

// chain notes replaced, the commitment d held before h.commit replaced it: kept if its set of
// seals was relayed and the roster is unchanged, the whole chain dropped if the roster changed.
func (d *dealState) chain(replaced prevCommit, sealed bool) {
	switch {
	case !sameRoster(replaced.Roster, d.Roster):
		d.Chain = nil
	case sealed:
		d.Chain = lastOfChain(append(d.Chain, replaced))
	}
}

// resumeChain reads a deal saved before the chain: its one replaced commitment (Prev) is the
// chain, if it is still under the current roster (only then was it shown).
func (d *dealState) resumeChain() {
	if pc := d.Prev; pc != nil && d.Chain == nil && sameRoster(pc.Roster, d.Roster) {
		d.Chain = []prevCommit{*pc}
	}
	d.Prev = nil
	d.Chain = lastOfChain(d.Chain)
}

// lastOfChain keeps the latest maxChain commitments of c.
func lastOfChain(c []prevCommit) []prevCommit {
	return c[max(0, len(c)-maxChain):]
}
