// Package arkhamboard draws an Arkham Ritual table. Its components are dumb on purpose: they
// render a Board (plain data, already filtered for the viewer and translated) and report the
// player's choice as one of the Actions they were given. No rule of the game lives here; the
// Actions come from the host's list of legal moves.
package arkhamboard

import (
	"miskatonic/app/i18n"
	"miskatonic/engine"
)

// Card is a face-up card as the viewer sees it.
type Card struct {
	ID     int    `json:"id"`
	Key    string `json:"key"`  // art file and catalog key: "candelabra", "gatea", ...
	Kind   string `json:"kind"` // artifact | event | character | oldone
	Cursed bool   `json:"cursed,omitempty"`
}

// Name is the card's display name.
func (c Card) Name() string { return i18n.T("card." + c.Key) }

// Label is what a screen reader hears: colour, name and kind, never colour alone.
func (c Card) Label() string {
	name := c.Name()
	if c.Cursed {
		name = i18n.T("card.cursed_named", name)
	}
	return name + ", " + i18n.T("kind."+c.Kind)
}

// Art is the path of the card's illustration.
func (c Card) Art() string { return "/web/cards/" + c.Key + ".svg" }

// Seat is one place at the table as the viewer sees it.
type Seat struct {
	Pos      int    `json:"pos"`
	Name     string `json:"name"`
	You      bool   `json:"you,omitempty"`
	Dummy    bool   `json:"dummy,omitempty"`
	Bot      bool   `json:"bot,omitempty"`
	Offline  bool   `json:"offline,omitempty"`
	Active   bool   `json:"active,omitempty"`
	HandDown bool   `json:"handDown,omitempty"` // hand on the table: may still receive the card
	Holding  bool   `json:"holding,omitempty"`  // holds the face-down card being passed
	Sanity   int    `json:"sanity"`
	Card     *Card  `json:"card,omitempty"` // nil: hidden from the viewer
	Fate     *Fate  `json:"fate,omitempty"` // set once the round is over
}

// Fate is how a seat fared at the end of a round.
type Fate struct {
	Survived bool   `json:"survived"`
	Why      string `json:"why"`             // translated reason, e.g. "same artifact as Bea"
	Delta    int    `json:"delta,omitempty"` // sanity change, negative for a loss
}

// Pile is one artifact's spot on the play sheet.
type Pile struct {
	Key   string `json:"key"`
	Cards []Card `json:"cards"`
}

// Action is one legal move, labelled for the player.
type Action struct {
	Label   string      `json:"label"`
	Help    string      `json:"help,omitempty"`
	Primary bool        `json:"primary,omitempty"`
	Move    engine.Move `json:"move"`
}

// Odds is the deduction helper's estimate for the viewer's own hidden card.
type Odds struct {
	Unknown int `json:"unknown"` // cards the viewer cannot account for
	Sane    int `json:"sane"`    // percent
	Cursed  int `json:"cursed"`  // percent
	Dup     int `json:"dup"`     // percent: an artifact someone else visibly holds
}

// Board is everything one viewer's table shows.
type Board struct {
	Seq      int      `json:"seq"` // moves applied so far: lets tests and screen readers see progress
	Round    int      `json:"round"`
	Deck     int      `json:"deck"`
	Removed  int      `json:"removed"`
	DoomOn   bool     `json:"doomOn,omitempty"`
	Doom     int      `json:"doom,omitempty"`
	Seats    []Seat   `json:"seats"`
	Drawn    *Card    `json:"drawn,omitempty"` // the active player's freshly drawn card
	Peek     *Card    `json:"peek,omitempty"`  // the viewer's private Orb or Trapezohedron peek
	PeekNote string   `json:"peekNote,omitempty"`
	Piles    []Pile   `json:"piles"`
	Other    []Card   `json:"other"`
	Log      []string `json:"log"`
	Prompt   string   `json:"prompt"` // what is happening, in words
	Actions  []Action `json:"actions"`
	Reveal   bool     `json:"reveal,omitempty"` // between rounds: every card is face up
	Result   *Result  `json:"result,omitempty"` // the last round, until the viewer moves on
	Over     bool     `json:"over,omitempty"`
	Winners  []string `json:"winners,omitempty"`
	YouWon   bool     `json:"youWon,omitempty"`
	Odds     *Odds    `json:"odds,omitempty"`
}

// You returns the viewer's seat, if the viewer plays.
func (b Board) You() (Seat, bool) {
	for _, s := range b.Seats {
		if s.You {
			return s, true
		}
	}
	return Seat{}, false
}

// Result is a finished round as the round-end panel shows it.
type Result struct {
	Round int         `json:"round"`
	Cause string      `json:"cause"` // translated
	Rows  []ResultRow `json:"rows"`
}

// ResultRow is one hand revealed at the end of a round.
type ResultRow struct {
	Pos    int    `json:"pos"`
	Name   string `json:"name"`
	You    bool   `json:"you,omitempty"`
	Card   *Card  `json:"card,omitempty"`
	Fate   Fate   `json:"fate"`
	Sanity int    `json:"sanity"`
	Dummy  bool   `json:"dummy,omitempty"`
}
