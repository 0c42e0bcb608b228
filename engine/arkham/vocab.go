package arkham

// The view's vocabulary: every word a view uses for a kind of thing, as a typed constant defined
// once here. On the wire each is its text (the JSON is unchanged); in Go a misspelt or renamed word
// no longer compiles quietly into a comparison that is never true. Callers that show words to a
// player (app/ui/arkhamboard) map each value to a catalog key in one place, tested against the
// lists below.

// EventKind is what a public log entry records (Event.Kind).
type EventKind string

const (
	EventRoundStart    EventKind = "round_start"
	EventGive          EventKind = "give"
	EventPass          EventKind = "pass"
	EventTake          EventKind = "take"
	EventDrop          EventKind = "drop"
	EventOrbReturn     EventKind = "orb_return"
	EventOrbRemove     EventKind = "orb_remove"
	EventTrapezohedron EventKind = "trapezohedron"
	EventGate          EventKind = "gate"
	EventMystery       EventKind = "mystery"
	EventRoundEnd      EventKind = "round_end"
)

// Cause is why a round ended (RoundResult.Cause, and the round_end log entry's Cause).
type Cause string

const (
	EndDeckEmpty     Cause = "deck_empty"
	EndAllPassed     Cause = "all_passed"
	EndElderSign     Cause = "elder_sign"
	EndOldOne        Cause = "oldone"
	EndTrapezohedron Cause = "trapezohedron" // the game ended at once mid-round
)

// Fate is why one hand survived or failed a round (ResultPosition.Reason).
type Fate string

const (
	FateSane          Fate = "sane"
	FateInvestigator  Fate = "investigator"
	FateCursed        Fate = "cursed"
	FateDuplicate     Fate = "duplicate"
	FateCultistSane   Fate = "cultist_sane"
	FateCultistCursed Fate = "cultist_cursed"
	FateStudent       Fate = "student"
	FateProfessor     Fate = "professor_nonartifact"
	FateOldOne        Fate = "oldone"
	FateOldOneHolder  Fate = "oldone_holder"
	FateSpared        Fate = "spared"
	FateUnresolved    Fate = "unresolved"
)

// SeenHow is how a seat came to see a card privately (Seen.How).
type SeenHow string

const (
	SeenByDraw          SeenHow = "draw"
	SeenByOrb           SeenHow = "orb"
	SeenByTrapezohedron SeenHow = "trapezohedron"
)

// Place is where a privately seen card is now (Seen.Where).
type Place string

const (
	PlaceDeck    Place = "deck"
	PlacePassing Place = "passing"
	PlaceHeld    Place = "held"
	PlaceDiscard Place = "discard"
	PlaceRemoved Place = "removed"
)

// The engine's internal codes index these (causeNames[cause], ...); the lists are also every value
// a view can carry, for tests that check each has words.
var (
	causeNames  = [...]Cause{"", EndDeckEmpty, EndAllPassed, EndElderSign, EndOldOne, EndTrapezohedron}
	seenNames   = [...]SeenHow{SeenByDraw, SeenByOrb, SeenByTrapezohedron}
	eventNames  = [...]EventKind{EventRoundStart, EventGive, EventPass, EventTake, EventDrop, EventOrbReturn, EventOrbRemove, EventTrapezohedron, EventGate, EventMystery, EventRoundEnd}
	reasonNames = [...]Fate{FateSane, FateInvestigator, FateCursed, FateDuplicate, FateCultistSane, FateCultistCursed, FateStudent, FateProfessor, FateOldOne, FateOldOneHolder, FateSpared, FateUnresolved}
)

// Vocabulary lists every value each word type can take, for callers' tests (every value must
// have a message). The slices are fresh copies.
func Vocabulary() (events []EventKind, causes []Cause, fates []Fate, hows []SeenHow, places []Place) {
	return append([]EventKind(nil), eventNames[:]...), append([]Cause(nil), causeNames[1:]...),
		append([]Fate(nil), reasonNames[:]...), append([]SeenHow(nil), seenNames[:]...),
		[]Place{PlaceDeck, PlacePassing, PlaceHeld, PlaceDiscard, PlaceRemoved}
}
