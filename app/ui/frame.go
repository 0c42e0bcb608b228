package ui

// The frame: everything about the table around a game's board, drawn by the shared screen the
// same for every game (issue 24). A board gets its game only (board.Props); the deal checks, a
// failed deal's stop, the notices, the round history, the outcome of a finished game and the
// table talk are drawn here, so no game can leave one out.

import (
	"strings"

	"github.com/maxence-charriere/go-app/v9/pkg/app"

	"miskatonic/app/i18n"
	"miskatonic/app/session"
	"miskatonic/app/ui/board"
	"miskatonic/engine"
)

// Frame is one viewer's table: the snapshot and what the screen keeps beside it. It is plain
// data, built by GameScreen on every drawing (and by tests from a snapshot alone). Its callbacks
// must read the screen's current state, not capture this drawing's: go-app keeps the event
// handler first bound to an element while the handler's code and scope stay the same.
type Frame struct {
	Game   board.Game
	Snap   session.Snapshot
	IsHost bool
	Score  []board.Score // the running score at this table, most wins first
	Unread int           // talk lines the viewer has not seen
	// Record is the finished game's record panel (recordpanel.go), nil before the end.
	Record app.UI
	// History is every round's log as last seen (framehistory.go); nil draws none.
	History *History
	// Notices are the screen's own notices drawn above the board: the connection problem, the
	// watchers, the refused move.
	Notices []app.UI
	Staying bool // a guest chose to stay for the next game
	// Talk holds the talk's callbacks for the screen (frametalk.go): the same one every
	// drawing, so an unchanged talk is not drawn again. Nil: a fresh one (always drawn).
	Talk *TalkHooks

	OnAct      func(ctx app.Context, m engine.Move)
	OnChat     func(ctx app.Context, text string)
	OnChatSeen func(ctx app.Context)
	OnAgain    func(ctx app.Context) // nil: the viewer cannot start another game
	OnStay     func(ctx app.Context)
	// The host's choices once an absent player's deadline ran out (away.go).
	OnWait    func(ctx app.Context)
	OnStandIn func(ctx app.Context, seat engine.Seat)
	OnEnd     func(ctx app.Context)
}

// Draw is the table: a failed deal's stop first, then the notices, the deal check, the board,
// the outcome, the history and the talk.
func (f Frame) Draw() app.UI {
	snap := f.Snap
	failures := dealFailures(snap)
	stopped := hostsFault(failures)
	p := f.props(stopped)
	var outcome app.UI
	if snap.Status.Over {
		outcome = f.outcome(stopped)
	}
	placed := f.Game.Places&board.PieceOutcome != 0
	if placed {
		p.Pieces.Outcome = outcome
	}
	var boardUI app.UI = app.P().Text(i18n.T(session.ProblemInternal))
	if f.Game.Board != nil {
		boardUI = f.Game.Board(p)
	}
	var below app.UI
	if !placed && outcome != nil {
		below = app.Elem("section").Class("panel", "frame-outcome").ID("frame-outcome").Body(outcome)
	}
	if f.History != nil {
		f.History.note(f.Game, p)
	}
	return app.Div().Class("frame").ID("frame").DataSet("game", f.Game.Name).DataSet("stopped", flagText(stopped)).Body(
		// Every piece that comes and goes keeps its place (frameSlot): go-app matches children
		// by position, and a shift would remount the board and lose its state.
		frameSlot(stopBanner(snap, failures, stopped)),
		app.Div().Class("frame-notices").Body(slots(f.Notices)...),
		f.away(),
		f.bar(stopped),
		frameSlot(standInNote(snap)),
		frameSlot(lockedNote(snap, p)),
		app.Div().Class("frame-board").DataSet("stopped", flagText(stopped)).Body(boardUI),
		frameSlot(below),
		frameSlot(f.History.panel()),
		f.talk(),
	)
}

// props is the board's part of the snapshot. A stopped table offers no moves: the player's
// choices are the stop banner's.
func (f Frame) props(stopped bool) board.Props {
	snap := f.Snap
	p := board.Props{View: snap.View, Legal: snap.Legal, Seq: snap.Seq, Table: snap.Table, OnAct: f.OnAct}
	if snap.Waiting || stopped {
		p.Legal = nil // a move in flight: no double sends
	}
	if snap.Status.Sealed && snap.LockedBase == snap.Seq {
		p.Locked = snap.Locked
	}
	for _, s := range snap.Lobby.Seats {
		name := s.Name
		switch {
		case s.StandIn && s.Connected: // back, watching a deal shuffled without them finish
			name = i18n.T("away.standing_in_back", s.Name)
		case s.StandIn: // public: every view says a bot plays for the absent player
			name = i18n.T("away.standing_in", s.Name)
		}
		p.Seats = append(p.Seats, board.Seat{Name: name, Bot: s.Bot, Offline: !s.Bot && !s.Connected})
	}
	return p
}

// bar is the line above the board: the deal check with the table code, and the way to the
// talk with its unread count (on a phone the talk is far below the table). A part of its own
// holding only the words it shows: most moves leave it as it was (issue 26).
func (f Frame) bar(stopped bool) app.UI {
	v := barView{Unread: f.Unread, h: f.hooks()}
	if !stopped {
		v.Verdict, v.Code = dealVerdict(f.Snap.Deals), f.Snap.Code
	}
	return board.Memo(v)
}

// barView is the bar's part: the latest deal's check in words, the table code, the unread
// talk.
type barView struct {
	Verdict, Code string
	Unread        int
	h             *TalkHooks
}

func (v barView) Draw() app.UI {
	return app.Div().Class("frame-bar").Body(frameSlot(verdictLine(v.Verdict, v.Code)), talkJump(v.Unread, v.h))
}

// away is the turn deadline for absent players, with the host's choice once it runs out.
func (f Frame) away() app.UI {
	var names []string
	for _, s := range f.Snap.Lobby.Seats {
		names = append(names, s.Name)
	}
	return (&AwayBanner{Away: f.Snap.Away, At: f.Snap.AwayAt, Names: names, IsHost: f.IsHost}).
		choices(f.OnWait, f.OnStandIn, f.OnEnd)
}

// standInNote says which seats a bot plays for while their players are away, and for whom
// it finishes a deal shuffled without them though they are back (engine/table/sideline.go):
// this page's own player first, told why they watch and when they play again.
func standInNote(snap session.Snapshot) app.UI {
	var away, back []string
	for _, s := range snap.Lobby.Seats {
		switch {
		case !s.StandIn || s.Seat == snap.Seat && snap.Sidelined:
		case s.Connected:
			back = append(back, s.Name)
		default:
			away = append(away, s.Name)
		}
	}
	var lines []string
	if snap.Sidelined {
		lines = append(lines, i18n.T("frame.sidelined"))
	}
	if len(back) > 0 {
		lines = append(lines, i18n.T("frame.standin_back", strings.Join(back, i18n.T("app.list_sep"))))
	}
	if len(away) > 0 {
		lines = append(lines, i18n.T("frame.standin", strings.Join(away, i18n.T("app.list_sep"))))
	}
	if len(lines) == 0 {
		return nil
	}
	return app.P().Class("frame-note", "standin-note").ID("standin-note").Attr("role", "status").
		Text(strings.Join(lines, " "))
}

// lockedNote is a sealed round's public progress: who has locked in a choice, never what.
func lockedNote(snap session.Snapshot, p board.Props) app.UI {
	if !snap.Status.Sealed || snap.Status.Over {
		return nil
	}
	var names []string
	for _, s := range p.Locked {
		if int(s) >= 0 && int(s) < len(p.Seats) {
			names = append(names, p.Seats[s].Name)
		}
	}
	total := len(snap.Status.Active)
	if total == 0 {
		total = len(p.Seats)
	}
	text := i18n.T("frame.locked_none", total)
	if len(names) > 0 {
		text = i18n.T("frame.locked", len(names), total, strings.Join(names, i18n.T("app.list_sep")))
	}
	return app.P().Class("frame-note", "locked-note").ID("locked-note").Attr("aria-live", "polite").
		DataSet("locked", len(names)).Text(text)
}

// flagText is a yes/no data attribute (go-app writes a bare attribute for true).
func flagText(b bool) string {
	if b {
		return "yes"
	}
	return "no"
}

// frameSlot is ui, or an empty hidden placeholder of the same place when ui is nil.
func frameSlot(ui app.UI) app.UI {
	if ui == nil {
		return app.Div().Hidden(true)
	}
	return ui
}

func slots(uis []app.UI) []app.UI {
	out := make([]app.UI, len(uis))
	for i, ui := range uis {
		out[i] = frameSlot(ui)
	}
	return out
}
