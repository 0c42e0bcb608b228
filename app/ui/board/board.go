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
	"strings"

	"github.com/maxence-charriere/go-app/v9/pkg/app"

	"miskatonic/app/i18n"
	"miskatonic/engine"
	"miskatonic/engine/table"
)

// HrefFair is the path of the fair-play page, which boards link to beside their deal checks.
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

// ChatLine is one message of table talk.
type ChatLine struct {
	Name string `json:"name"`
	Text string `json:"text"`
}

// Props is everything a board is given to draw one viewer's table. The board owns none of it:
// moves and chat go back through the callbacks.
type Props struct {
	View    engine.View   // decoded by the game's own Rules.DecodeView
	Legal   []engine.Move // the viewer's moves now; nil while one of its moves is in flight
	Seats   []Seat        // by seat number
	Deals   []table.DealStatus
	Code    string // the table code (engine/table GuestState.Code): equal for players told the same story
	Seq     int    // the view's sequence number (tests wait on it)
	Table   string // names the game at this table; it changes when the host plays again
	Chat    []ChatLine
	OnAct   func(ctx app.Context, m engine.Move)
	OnChat  func(ctx app.Context, text string)
	OnAgain func(ctx app.Context) // nil hides "play again"
	// Unread is how many lines of Chat the viewer has not seen (a badge on table talk);
	// OnChatSeen tells the shared screen the talk was opened, read or written to.
	Unread     int
	OnChatSeen func(ctx app.Context)
	// Score is the running score at this table across its games (wins per player, most
	// first), counted by the shared screen; empty before the first game ends.
	Score []Score
	Host  string // the host's name, for "waiting for Ann to start the next game"
	// Locked are the seats that have locked in their choice in the sealed round now open (the
	// table's public progress: who has chosen, never what); empty outside sealed rounds.
	Locked []engine.Seat
	// Record is the finished game's record panel (export and replay), or nil. A board whose
	// game over covers the table shows it there (Game.ShowsRecord); else the screen shows it
	// under the board.
	Record app.UI
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
	// ShowsRecord says the board shows Props.Record itself, in its game-over box.
	ShowsRecord bool
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

// DealDetails words what a verdict rests on: how many views were compared, how often the deal
// was restarted, which move a pending check waits for ("" when there is nothing to add).
func DealDetails(d table.DealStatus) string {
	var parts []string
	if d.Missing > 0 && d.State == table.DealPending {
		parts = append(parts, i18n.T("deal.missing", d.Missing))
	}
	if d.Checked > 0 {
		parts = append(parts, i18n.T("deal.checked", d.Checked))
	}
	if d.Restarts > 0 {
		parts = append(parts, i18n.T("deal.restarts", d.Restarts))
	}
	if len(parts) == 0 {
		return ""
	}
	return " (" + strings.Join(parts, i18n.T("app.list_sep")) + ")"
}

// WithTableCode adds the table code to a verdict, so players can compare across the table that
// the host told them all the same story.
func WithTableCode(verdict, code string) string {
	if verdict == "" || code == "" {
		return verdict
	}
	return verdict + " " + i18n.T("deal.table_code", code)
}
