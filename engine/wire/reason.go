package wire

import "miskatonic/engine"

// Reasons a person reads (why the host refused a message, why it said goodbye, why a deal
// failed) travel and are kept as stable codes, never as sentences: each reader words a code in
// its own language from its own catalog (app/i18n, key "why."+code), so a Japanese guest reads a
// Japanese reason from an English host.
//
// Reject and Bye carry such a code (Reject.Kind, Bye.Code) and nothing else a person reads:
// their English Msg and Reason are read from hosts that still send them but never sent (see
// legacyText), so no sentence crosses the wire. The frames keep their shape, and every v2 or v3
// peer, which decodes strictly, still reads them: the fields were always optional. The sender's
// detail goes to its own log.

// RefusedCode is the reason code of a Reject of kind k.
func RefusedCode(k engine.Kind) string { return "refused." + string(k) }

// ByeReasonCode is the reason code of a Bye; a Bye without a code (from an old host) is "dropped".
func ByeReasonCode(c ByeCode) string {
	if c == "" {
		c = ByeDropped
	}
	return "bye." + string(c)
}

// Deal failure codes: why a guest's check of a deal failed (table.DealStatus.Code). Only
// DealWithheld has an argument: the game seq of the move the host never sent.
const (
	DealMismatch      = "deal.mismatch"       // what the host showed does not match the deal's replay
	DealLeftOut       = "deal.left_out"       // the host left this seat out of the deal
	DealSkipped       = "deal.skipped"        // the next deal began before this one was revealed
	DealNeverRevealed = "deal.never_revealed" // the game ended and the deal was never revealed
	DealWithheld      = "deal.withheld"       // the replay waits for a move the host never sent: [seq]
	DealNewGame       = "deal.new_game"       // a new game began before this deal was revealed
	DealOtherTable    = "deal.other_table"    // the host switched tables before revealing this deal
	DealLeftBefore    = "deal.left_before"    // this browser left the game before the reveal
	// The guest's invariants (engine/table's package doc), each broken only by the host.
	DealKeyChanged  = "deal.key_changed"  // a lobby or deal put a key that is not ours at our seat
	DealStoodIn     = "deal.stood_in"     // a stand-in played our seat while we were at the table
	DealSealedShort = "deal.sealed_short" // a sealed set left out a seat the game makes choose
	DealViewChanged = "deal.view_changed" // a second, different view for one game seq: [seq]
	// DealStandInUnshown: another seat's move marked a stand-in's, no lobby having shown one there.
	DealStandInUnshown = "deal.standin_unshown"
	// A table the host keeps from going on, named (engine/table/guestlive.go): a view whose
	// legal moves and status contradict each other, or a move the host told of whose view it
	// never sent ([seq] both).
	DealStatusContradicts = "deal.status_contradicts"
	DealViewWithheld      = "deal.view_withheld"
	// The host kept refusing our share as not signed over the commitment it sent us, or stood
	// our seat in for withholding a share it never let us reveal (no sealed set came).
	DealShareRefused = "deal.share_refused"
	DealBenched      = "deal.benched"
	// DealHandedBack: the host gave our seat back in the middle of a deal shuffled, while we
	// were away, without our share or any other person's: one it could have chosen alone.
	DealHandedBack = "deal.handed_back"
)

// ReasonCodes lists every reason code with its number of arguments, so a test can insist that
// every catalog words each of them with exactly that many.
func ReasonCodes() map[string]int {
	codes := map[string]int{
		DealMismatch: 0, DealLeftOut: 0, DealSkipped: 0, DealNeverRevealed: 0, DealWithheld: 1,
		DealNewGame: 0, DealOtherTable: 0, DealLeftBefore: 0,
		DealKeyChanged: 0, DealStoodIn: 0, DealSealedShort: 0, DealViewChanged: 1, DealStandInUnshown: 0,
		DealStatusContradicts: 1, DealViewWithheld: 1, DealShareRefused: 0, DealBenched: 0,
		DealHandedBack: 0,
	}
	for _, k := range []engine.Kind{engine.KindMalformed, engine.KindBadSeat, engine.KindNotYourTurn,
		engine.KindIllegal, engine.KindGameOver, engine.KindNeedDeal, engine.KindBadConfig,
		KindOversized, KindStale, KindDuplicate, KindFlood, KindAuth, KindState, KindVersion} {
		codes[RefusedCode(k)] = 0
	}
	for _, c := range []ByeCode{ByeFull, ByeKicked, ByeClosed, ByeFlood, ByeAuth, ByeElsewhere, ByeDropped, ByeVersion, ByeRefused} {
		codes[ByeReasonCode(c)] = 0
	}
	return codes
}
