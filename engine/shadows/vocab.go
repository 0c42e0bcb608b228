package shadows

// The view's vocabulary: every word a view uses for a kind of thing, as a typed constant defined
// once here (as engine/arkham's vocab.go). On the wire each is its text (the JSON is
// unchanged); in Go a misspelt or renamed word no longer compiles quietly into a comparison that
// is never true. Move kinds and phases are the constants in game.go.

// EventKind is what a log entry records (Event.Kind): the table's own events below, and every
// action, logged under its move kind (EventKind(MoveHeal), ...; ActionEvents lists them).
type EventKind string

const (
	EventSetup        EventKind = "setup"         // the game set up (N = characters)
	EventAwakening    EventKind = "awakening"     // the Elder awakens
	EventStirring     EventKind = "stirring"      // the Elder stirs
	EventCycle        EventKind = "cycle"         // the threat deck cycles
	EventTurn         EventKind = "turn"          // a character's turn starts
	EventThreat       EventKind = "threat"        // a threat acts (N = tokens)
	EventThreatLimit  EventKind = "threat_limit"  // a threat reached its limit: the game is lost
	EventDraw         EventKind = "draw"          // a Randonomicon draw
	EventReshuffle    EventKind = "reshuffle"     // the Randonomicon reshuffled
	EventCorruption   EventKind = "corruption"    // corruption placed at a location
	EventFoiled       EventKind = "foiled"        // an action foiled
	EventAutoFail     EventKind = "auto_fail"     // a draw failed automatically
	EventEscort       EventKind = "escort"        // an escort used
	EventView         EventKind = "view"          // the Shadows viewed
	EventBanish       EventKind = "banish"        // a shadow banished
	EventBanishFailed EventKind = "banish_failed" // a banish failed
	EventLeave        EventKind = "leave"         // a viewer left the shadow unpaid
	EventAbility      EventKind = "ability"       // a shadow ability used
	EventDiscardAsset EventKind = "discard_asset" // an asset discarded
	EventEndTurn      EventKind = "end_turn"      // a turn ended
	EventEnd          EventKind = "end"           // the game ended (Card = the reason)

	// Actions, logged under their move kinds.
	EventMove     EventKind = MoveMove
	EventDrive    EventKind = MoveDrive
	EventHeal     EventKind = MoveHeal
	EventClear    EventKind = MoveClear
	EventShare    EventKind = MoveShare
	EventRetainer EventKind = MoveRetainer
	EventPassRing EventKind = MovePassRing
	EventUse      EventKind = MoveUse
	EventResearch EventKind = MoveResearch
	EventHire     EventKind = MoveHire
	EventBuySell  EventKind = MoveBuySell
	EventReport   EventKind = MoveReport
	EventWithdraw EventKind = MoveWithdraw
	EventAcquire  EventKind = MoveAcquire
)

// Move options (Move.Option) of the kinds that take a word.
const (
	// MoveShare and MoveRetainer: what is shared (N of a resource, or the asset Card).
	ShareBills     = "bills"
	ShareKnowledge = "knowledge"
	ShareMuscle    = "muscle"
	ShareAsset     = "asset"
	// MoveView: with the Shadow Medium.
	ViewMedium = "medium"
	// MoveBuySell: pay bills for knowledge, or sell knowledge for bills.
	BuyKnowledge  = "bill"
	SellKnowledge = "knowledge"
)

var (
	tableEvents = [...]EventKind{EventSetup, EventAwakening, EventStirring, EventCycle, EventTurn, EventThreat,
		EventThreatLimit, EventDraw, EventReshuffle, EventCorruption, EventFoiled, EventAutoFail, EventEscort,
		EventView, EventBanish, EventBanishFailed, EventLeave, EventAbility, EventDiscardAsset, EventEndTurn, EventEnd}
	actionEvents = [...]EventKind{EventMove, EventDrive, EventHeal, EventClear, EventShare, EventRetainer,
		EventPassRing, EventUse, EventResearch, EventHire, EventBuySell, EventReport, EventWithdraw, EventAcquire}
)

// Vocabulary lists every event kind a log can carry (the table's own, then the actions'), for
// callers' tests (every value must have words). The slice is a fresh copy.
func Vocabulary() []EventKind {
	return append(append([]EventKind(nil), tableEvents[:]...), actionEvents[:]...)
}
