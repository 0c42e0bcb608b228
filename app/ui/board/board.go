// Package board is the contract between the app's shared screens and each game's board package
// (app/ui/<game>board), and the UI's registry of games. The shared screens (home, lobby, solo,
// new table, the game screen) know games only through this registry: a board package describes
// its game in a Game value, and app/routes.go registers it with one line.
//
// The engine side of a game (seat range, options, what the lobby says about a seat count) comes
// from its engine.Rules, found by the same name in engine/games.
package board

import (
	"sort"

	"github.com/maxence-charriere/go-app/v9/pkg/app"

	"miskatonic/engine"
)

// HrefFair is the path of the fair-play page, which the frame links to beside its deal checks.
const HrefFair = "/fair"

// RulesPath is where a game's rules page lives (app/routes.go routes it from the registry).
func RulesPath(game string) string { return "/rules/" + game }

// NewPath and SoloPath open a table for a game with friends, or alone against bots.
func NewPath(game string) string  { return "/new?game=" + game }
func SoloPath(game string) string { return "/solo?game=" + game }

// Seat is one seat of the table as the roster knows it (the view knows only seat numbers).
type Seat struct {
	Name    string
	Bot     bool
	Offline bool // a human seat whose link is down
}

// Props is one viewer's game, all a board is given to draw it: everything about the table
// around the game (deal checks, talk, score, notices, the record, play again) is the shared
// screen's frame (app/ui/frame.go), drawn the same for every game. Moves go back through OnAct.
type Props struct {
	View  engine.View   // decoded by the game's own Rules.DecodeView
	Legal []engine.Move // the viewer's moves now; nil while one of its moves is in flight or the table is stopped
	Seats []Seat        // by seat number
	Seq   int           // the view's sequence number (tests wait on it)
	Table string        // names the game at this table; it changes when the host plays again
	OnAct func(ctx app.Context, m engine.Move)
	// Locked are the seats that have locked in their choice in the sealed round now open (the
	// table's public progress: who has chosen, never what); empty outside sealed rounds.
	Locked []engine.Seat
	// Pieces are the frame's parts this game places inside its own layout (Game.Places): set
	// only for those, and then the board must draw them (a test over every game checks it).
	Pieces Pieces
}

// Act is the handler that plays m through OnAct (nothing without one): the one way a board's
// control sends a move.
func (p Props) Act(m engine.Move) app.EventHandler {
	return func(ctx app.Context, e app.Event) {
		if p.OnAct != nil {
			p.OnAct(ctx, m)
		}
		ReleaseFocus()
	}
}

// SeatNames are the seats' names, by seat number.
func (p Props) SeatNames() []string {
	names := make([]string, len(p.Seats))
	for i, s := range p.Seats {
		names[i] = s.Name
	}
	return names
}

// Piece names a part of the frame a board may place inside its own layout.
type Piece uint

const (
	// PieceOutcome is the frame's part of a game over: the running score, play again (or stay
	// and leave, with "waiting for the host"), and the record panel.
	PieceOutcome Piece = 1 << iota
)

// Pieces holds the frame's parts a board placed itself; nil where the frame draws its own.
type Pieces struct {
	Outcome app.UI // nil before the game is over
}

// Score is one player's wins at this table.
type Score struct {
	Name  string
	Wins  int
	Games int // games finished at this table
}

// Game is one game's entry in the UI: what the shared screens need to offer and draw it.
type Game struct {
	Name  string               // the engine's Rules.Name
	Board func(p Props) app.UI // the table in play; nil for a game announced but not playable yet
	Rules func() app.Composer  // the "how to play" page at RulesPath(Name); nil if none
	Dev   bool                 // a test game: on the home page only with ?dev=1
	Order int                  // place on the home page, lowest first
	// Hands is the most seats one person may play at once (a co-operative game's characters);
	// 0 or 1: one seat a person.
	Hands int
	// Places are the frame's pieces this board draws inside its own layout (a game over that
	// covers the table holds the outcome); the frame draws every other piece itself.
	Places Piece
	// TalkRule is the catalog key of the game's rule about table talk, shown above it.
	TalkRule string
	// Log is what the view's log shows now, each event a sentence in the reader's language,
	// under a label naming the round ("Round 2"; a new label starts a new round). The frame
	// keeps every line it showed, so the player can scroll back through the whole game. Nil:
	// the game keeps no log.
	Log func(p Props) (round string, lines []string)
	// Pictures are the images the board may show, every one a public file any page of the
	// game may fetch whatever was dealt (never a picture naming a hidden card's place): the
	// lobby has the browser fetch and decode them while it waits, so that the game's first
	// moves do not (app/ui/warm.go).
	Pictures []string
}

var registry = map[string]Game{}

// Register adds a game. It panics on a duplicate or an incomplete entry, a programming error
// the first test of the app finds.
func Register(g Game) {
	if g.Name == "" {
		panic("board: register: a game needs a name")
	}
	if _, dup := registry[g.Name]; dup {
		panic("board: register: " + g.Name + " twice")
	}
	registry[g.Name] = g
}

// Lookup finds a playable registered game by its engine name.
func Lookup(name string) (Game, bool) {
	g, ok := registry[name]
	return g, ok && g.Board != nil
}

// All lists the registered games in home-page order; dev games only when dev is set.
func All(dev bool) []Game {
	out := make([]Game, 0, len(registry))
	for _, g := range registry {
		if dev || !g.Dev {
			out = append(out, g)
		}
	}
	sort.Slice(out, func(i, j int) bool {
		if out[i].Order != out[j].Order {
			return out[i].Order < out[j].Order
		}
		return out[i].Name < out[j].Name
	})
	return out
}

// Default is the game a page opens when its link names none (the first on the home page), or ""
// when nothing is registered.
func Default() string {
	for _, g := range All(false) {
		if g.Board != nil {
			return g.Name
		}
	}
	return ""
}
