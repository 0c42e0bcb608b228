package rituals

// The view's vocabulary: every word a view uses for a kind of thing, as a typed constant defined
// once here (as engine/arkham's vocab.go). On the wire each is its text (the JSON is
// unchanged); in Go a misspelt or renamed word no longer compiles quietly into a comparison that
// is never true. Move kinds and phases are the constants in game.go.

// EventKind is what a public log entry records (Event.Kind).
type EventKind string

const (
	EventGrab      EventKind = "grab"      // a place taken in the setup grab
	EventGrabLost  EventKind = "grab_lost" // a grab lost to an earlier seat
	EventReveal    EventKind = "reveal"    // a sent cultist turned face up
	EventPlay      EventKind = "play"      // an event card played
	EventNegated   EventKind = "negated"   // an event answered by That Doesn't Work
	EventDiscover  EventKind = "discover"  // a forgotten place discovered
	EventPlace     EventKind = "place"     // a cultist placed
	EventInvoke    EventKind = "invoke"    // a place invoked
	EventPsychotic EventKind = "psychotic" // an invocation's #1 cultist given away
	EventDraw      EventKind = "draw"      // cards drawn at the round's end
	EventEnd       EventKind = "end"       // the game ended
)

// Steer is how an event steers a sent cultist (SeatView.Steer).
type Steer string

const (
	SteerFalseGod Steer = "false-god"
	SteerTargeted Steer = "opponent-targeted"
)

// EventKey is an event card's type (Card.Event, EventTypes' keys).
type EventKey string

const (
	KeyRiseUp    EventKey = "rise-up"
	KeyNoWay     EventKey = "that-doesnt-work"
	KeyFalseGod  EventKey = "false-god"
	KeyTargeted  EventKey = "opponent-targeted"
	KeyBreakdown EventKey = "mental-breakdown"
	KeyRightMind EventKey = "right-mind"
	KeyRearrange EventKey = "new-arrangement"
	KeyMistake   EventKey = "embarrassing-mistake"
)

// The engine's internal codes index these (logNames[evGrab], steerNames[steerFalseGod]).
var (
	logNames = [...]EventKind{EventGrab, EventGrabLost, EventReveal, EventPlay, EventNegated, EventDiscover,
		EventPlace, EventInvoke, EventPsychotic, EventDraw, EventEnd}
	steerNames = [...]Steer{"", SteerFalseGod, SteerTargeted}
)

// Vocabulary lists every value each word type can take, for callers' tests (every value must
// have a message). The slices are fresh copies.
func Vocabulary() (events []EventKind, steers []Steer, keys []EventKey) {
	for _, t := range EventTypes {
		keys = append(keys, t.Key)
	}
	return append([]EventKind(nil), logNames[:]...), append([]Steer(nil), steerNames[1:]...), keys
}
