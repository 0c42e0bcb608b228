package engine

// Every optional capability a game may offer, declared here once with what a game that does
// not offer it gets. A game implements none of them to be hosted, joined and replayed; each one
// adds a fast path, a bound or a word. Callers (engine/table, engine/fair, the lobby, the sim)
// ask with a type assertion on Rules or Game, or through the helpers below that apply the
// default, never through private interfaces of their own.

// On Rules.
type (
	// LobbyNoter: a game whose seat count changes the table in a way players should know before
	// they start says so here, and the lobby shows it (Arkham Ritual deals dummy hands at three
	// and four players). The lobby thus holds no game's rules of its own. Default: no note.
	LobbyNoter interface {
		// LobbyNote returns a message-catalog key and its arguments for a table of seats
		// players, or "" when there is nothing to say.
		LobbyNote(seats int) (key string, args []any)
	}

	// MoveBounder bounds how many moves (deals included) one game can have. A guest refuses a
	// record from the host that goes past it (issue 10, finding 10): a host cannot make it
	// follow, and hold, a game of unbounded length. Default: DefaultMaxMoves (MaxMoves).
	MoveBounder interface {
		MaxMoves(Config) int
	}

	// ViewSlacker bounds how many bytes a seat's view frame may carry beyond the public view's:
	// its hidden cards and its legal moves. The table pads every view frame to the public one's
	// size plus this, so frame sizes say nothing of hidden cards. Default: DefaultViewSlack
	// (ViewSlack).
	ViewSlacker interface {
		ViewSlack() int
	}

	// PublicChoosers marks rules whose sealed phases make seats choose by the public moves
	// alone, whatever cards were dealt: a guest can then work out who must commit while the
	// round's deal is still secret (engine/fair Auditor.Choosing). Rules whose game cannot be
	// replayed past a secret deal with a stand-in key (Rituals of Madness: the moves name cards
	// the real deal gave) do not implement it; they may be ViewChoosers. Default: neither, and
	// the guest takes the host's status, checked at the reveal.
	PublicChoosers interface {
		PublicChoosers()
	}

	// ViewChoosers says, from the public part of a view of the game (any seat's, as sent),
	// which seats a sealed round makes choose, and whether it is one: a guest whose replay
	// cannot reach the round (its deal still secret) takes the seats from there, never from the
	// host's status, which a host could cut short to choose last.
	ViewChoosers interface {
		SealedChoosers(view []byte) (seats []Seat, sealed bool, err error)
	}
)

// On Game.
type (
	// LegalIndexer: random players and simulations pick one legal move by its index without
	// building the whole list (most moves of a random game have one or two choices, and listing
	// them costs more than playing them). It must agree with Legal exactly: for every state and
	// every seat s, NumLegal(s) == len(Legal(s)) and LegalAt(s, i) == Legal(s)[i] for
	// 0 <= i < NumLegal(s); a game offering it tests that over random play. LegalAt with an
	// index out of range returns the zero Move, which Apply refuses. Default: Legal.
	LegalIndexer interface {
		NumLegal(s Seat) int
		LegalAt(s Seat, i int) Move
	}

	// FastMover is the simulator's path without Status or Legal allocations (engine/arkham
	// offers it): the one seat to move, its moves appended to a buffer, a deal key without its
	// hex. Default: Status, Legal and Apply.
	FastMover interface {
		Mover() (Seat, bool)
		AppendLegal(dst []Move, s Seat) []Move
		ApplyDeal(key [32]byte) error
	}

	// Progresser reports the round and turn a game is at, for the simulator's counts. Default:
	// Status's.
	Progresser interface {
		Progress() (round, turn int)
	}

	// RoundEnder reports the last round that ended and why (a game-defined cause word), for the
	// simulator's tally of round ends. Default: no tally.
	RoundEnder interface {
		LastRoundEnd() (round int, cause string)
	}
)

// DefaultMaxMoves bounds the moves of a game whose rules are not a MoveBounder.
const DefaultMaxMoves = 1 << 16

// DefaultViewSlack bounds the view slack of a game whose rules are not a ViewSlacker.
const DefaultViewSlack = 4 << 10

// MaxMoves is r's bound on the moves of a game set up as cfg, or DefaultMaxMoves.
func MaxMoves(r Rules, cfg Config) int {
	if b, ok := r.(MoveBounder); ok {
		if n := b.MaxMoves(cfg); n > 0 {
			return n
		}
	}
	return DefaultMaxMoves
}

// ViewSlack is r's view slack, or DefaultViewSlack.
func ViewSlack(r Rules) int {
	if s, ok := r.(ViewSlacker); ok {
		if n := s.ViewSlack(); n > 0 {
			return n
		}
	}
	return DefaultViewSlack
}
