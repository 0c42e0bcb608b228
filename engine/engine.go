// Package engine is the contract every game of Miskatonic implements, and the small amount of
// machinery (records, replay, errors) that works for any of them.
//
// A game is a pure state machine: it never reads a clock, never draws global randomness and does
// no I/O. All randomness arrives as Deal moves from the fair-dealing protocol (engine/fair), so a
// game is fully determined by its Config and the ordered list of moves applied to it.
package engine

import (
	"encoding/hex"
	"fmt"
)

// Seat is a place at the table. Players are numbered 0..n-1 in clockwise order.
type Seat int

const (
	// Observer sees public information only: spectators and public replays.
	Observer Seat = -1
	// Dealer is the fair-dealing protocol. It is the only seat that may apply Deal moves, and the
	// only one active while the game waits for randomness.
	Dealer Seat = -2
)

// Valid reports whether s names a player seat of a game with n seats.
func (s Seat) Valid(n int) bool { return s >= 0 && int(s) < n }

// Move is one decision. It is plain comparable data with stable JSON names: the wire format, the
// saved game and the game record all use it as is. Each game documents which fields its kinds
// use; fields a kind does not use must be zero (a move is legal iff it equals one from Legal).
type Move struct {
	Seat   Seat   `json:"seat"`
	Kind   string `json:"kind"`
	To     Seat   `json:"to,omitempty"`     // a target seat
	Card   int    `json:"card,omitempty"`   // a game-specific card id
	Option string `json:"option,omitempty"` // a game-specific choice (place, action, answer)
	N      int    `json:"n,omitempty"`      // a game-specific count or index
	Seed   string `json:"seed,omitempty"`   // KindDeal only: 64 hex digits of deal key
}

// KindDeal is the move kind by which the Dealer supplies 32 bytes of randomness.
const KindDeal = "deal"

// DealMove builds the Dealer's move carrying key.
func DealMove(key [32]byte) Move {
	return Move{Seat: Dealer, Kind: KindDeal, Seed: hex.EncodeToString(key[:])}
}

// DealKey decodes the key of a Deal move.
func (m Move) DealKey() ([32]byte, error) {
	var k [32]byte
	if m.Seat != Dealer || m.Kind != KindDeal {
		return k, Errorf(KindMalformed, "deal", "not a deal move")
	}
	b, err := hex.DecodeString(m.Seed)
	if err != nil || len(b) != len(k) {
		return k, Errorf(KindMalformed, "deal", "seed must be 64 hex digits")
	}
	copy(k[:], b)
	return k, nil
}

func (m Move) String() string {
	s := fmt.Sprintf("seat %d %s", m.Seat, m.Kind)
	if m.To != 0 {
		s += fmt.Sprintf(" to=%d", m.To)
	}
	if m.Card != 0 {
		s += fmt.Sprintf(" card=%d", m.Card)
	}
	if m.Option != "" {
		s += " option=" + m.Option
	}
	if m.N != 0 {
		s += fmt.Sprintf(" n=%d", m.N)
	}
	return s
}

// DealRequest says the game is waiting for randomness. The table runs one commit-reveal deal
// (engine/fair) per request and applies its key as a Deal move.
type DealRequest struct {
	// Epoch numbers the deals of a game from 1. A deal's secrets are revealed (and every guest
	// verifies it) when the next deal is requested or the game ends: nothing the rules hide
	// depends on an epoch once the next one starts.
	Epoch int `json:"epoch"`
	// Context names what is dealt (game, round, deck composition); it is bound into the commitment.
	Context string `json:"context"`
}

// Status is the public summary of where the game stands.
type Status struct {
	Phase  string       `json:"phase"`
	Round  int          `json:"round"`
	Turn   int          `json:"turn"`
	Active []Seat       `json:"active"` // who may move now; several in simultaneous phases
	Deal   *DealRequest `json:"deal,omitempty"`
	// Sealed says the Active seats choose simultaneously and in secret (Rituals of Madness sends
	// out its cultists this way). The table collects a signed commitment from every active seat
	// before any choice is revealed, to anyone, the host's own seat included, and then applies the
	// revealed moves in seat order. A game in a sealed phase must accept the active seats' moves
	// in any order and must not let an earlier one change what a later one may choose.
	Sealed bool     `json:"sealed,omitempty"`
	Over   bool     `json:"over"`
	Result *Outcome `json:"result,omitempty"`
}

// IsActive reports whether s may move now.
func (st Status) IsActive(s Seat) bool {
	for _, a := range st.Active {
		if a == s {
			return true
		}
	}
	return false
}

// Outcome is how a finished game ended.
type Outcome struct {
	Winners []Seat `json:"winners"`          // competitive games; all seats in a won co-op game
	Coop    bool   `json:"coop,omitempty"`   // everyone wins or loses together
	Scores  []int  `json:"scores,omitempty"` // per seat, where the game scores
	Reason  string `json:"reason"`           // a message-catalog key, e.g. "arkham.end.sanity"
}

// View is what one seat may know, as plain JSON-encodable data owned by the caller (it shares no
// memory with the game). Each game defines its own view type; Rules.DecodeView reads it back.
type View any

// Game is one match in progress.
type Game interface {
	Status() Status
	// Legal lists every move s may make now, in a deterministic order. A move is legal iff it
	// equals an element of this list. Legal(Dealer) is empty: deal keys cannot be enumerated.
	Legal(s Seat) []Move
	// Apply makes a move. It succeeds fully or returns an *Error and changes nothing.
	Apply(m Move) error
	// View returns what s may know now. View(Observer) is public information only.
	View(s Seat) View
	// Clone returns an independent deep copy (bots search on clones).
	Clone() Game
}

// Option is one host-settable option, described for the lobby.
type Option struct {
	Key     string   `json:"key"`
	Choices []string `json:"choices"`
	Default string   `json:"default"`
}

// Config is how a game is set up.
type Config struct {
	Seats   int               `json:"seats"`
	Options map[string]string `json:"options,omitempty"`
}

// Rules makes games of one kind.
type Rules interface {
	Name() string // stable id: "arkham", "rituals", "shadows"
	// Version is the rules version, from 1. It changes whenever a change to the rules would make a
	// recorded game replay differently; records, snapshots and hellos carry it, so a peer on
	// another version is told so instead of suspecting an honest host.
	Version() int
	Seats() (min, max int)
	Options() []Option
	New(cfg Config) (Game, error)
	DecodeView(data []byte) (View, error)
}
