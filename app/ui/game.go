package ui

import (
	"reflect"
	"sync/atomic"
	"time"

	"github.com/maxence-charriere/go-app/v9/pkg/app"

	"miskatonic/app/i18n"
	"miskatonic/app/session"
	"miskatonic/app/ui/board"
	"miskatonic/app/ui/lang"
	"miskatonic/app/ui/uiloop"
	"miskatonic/engine"
	"miskatonic/engine/bot"
	"miskatonic/engine/games"
	"miskatonic/engine/wire"
)

// GameScreen shows a session: its lobby before the start, then the game's board. It redraws on
// every session change (which arrive on other goroutines: hence ctx.Dispatch).
type GameScreen struct {
	app.Compo

	Sess *session.Session
	// onAgain plays again; nil hides the button. Unexported, so go-app leaves it out when it
	// compares the screen a page drew again with the one mounted: a func never compares equal,
	// so every drawing of the page (go-app draws it after each click anywhere in it) drew the
	// whole screen once more, for the OnUpdate go-app dispatches after a changed field
	// (TestPagesHandTheSameScreen). The first one stays: the page's own method, on the same page.
	onAgain func(ctx app.Context)

	snap     session.Snapshot
	cancel   func()
	subSess  *session.Session // the session cancel belongs to
	err      string
	ctx      app.Context // the component's own context (an element's goes stale when redrawn)
	al       alerts      // tab title, unread talk, the optional sound/vibration/notification
	score    tally       // wins per player across the games at this table
	rec      exported    // the finished game's record, as offered (recordpanel.go)
	recAsked string      // the game whose record this guest asked for (guestrecord.go)
	refused  refusal     // the host's latest refusal of our move, until the next view (refused.go)
	history  History     // every round's log of this game (framehistory.go)
	staying  string      // the game (table id) this guest chose to stay after
	talk     TalkHooks   // the frame's talk callbacks, one for the screen (frametalk.go)
	// queued is set while a take is on its way to the UI goroutine: it reads the session's
	// latest snapshot when it runs, so changes told meanwhile need no take of their own.
	queued atomic.Bool
}

func (g *GameScreen) OnMount(ctx app.Context) { g.ctx = ctx; g.subscribe(ctx) }

func (g *GameScreen) OnUpdate(ctx app.Context) { g.subscribe(g.ctx) }

func (g *GameScreen) OnDismount() {
	if app.IsClient {
		app.Window().Get("document").Set("title", i18n.T("app.name"))
		g.al.shown = "" // written over: a screen mounted again writes its own
	}
	if g.cancel != nil {
		g.cancel()
		g.cancel, g.subSess = nil, nil
	}
}

func (g *GameScreen) subscribe(ctx app.Context) {
	if g.Sess == nil || g.subSess == g.Sess {
		return
	}
	if g.cancel != nil {
		g.cancel()
	}
	g.subSess = g.Sess
	s := g.Sess
	g.score = tally{}
	g.score.load(s.Score()) // the running score survives a reload
	g.snap = s.Snapshot()
	g.refused = refusal{}
	g.refused.note(g.snap)
	if app.IsClient && g.snap.Started {
		app.Window().Call("scrollTo", 0, 0) // a solo table starts at once: from its top
	}
	g.alert(nil)
	g.queued.Store(false)
	g.cancel = s.Subscribe(func() {
		// A guest's move reaches the host's page twice (the host's change, its own seat's
		// view), often before the UI goroutine took the first: one take draws both. Not
		// go-app's Update mode: take itself says whether there is anything new to draw.
		if g.queued.CompareAndSwap(false, true) {
			ctx.Dispatcher().Dispatch(app.Dispatch{Mode: app.Next, Source: g, Function: func(ctx app.Context) {
				g.queued.Store(false)
				g.take(ctx, s)
			}})
		}
	})
}

// take shows the session's latest snapshot (on the UI goroutine, in an update of the screen).
func (g *GameScreen) take(ctx app.Context, s *session.Session) {
	if g.Sess != s {
		return
	}
	prev, wasOn := g.snap.Match, g.snap.Started && g.snap.HasView
	prevSeq, wasWaiting := g.snap.Seq, g.snap.Waiting
	failedBefore := len(dealFailures(g.snap))
	old := g.snap
	g.snap = s.Snapshot()
	if reflect.DeepEqual(old, g.snap) {
		return // nothing the screen shows changed (a keep-alive, a second telling of one move)
	}
	ctx.Dispatch(func(app.Context) {}) // marks the screen for drawing (Update mode)
	g.refused.note(g.snap)
	if game, ok := board.Lookup(s.Game()); ok && g.snap.HasView {
		// Every view's log, drawn or not (two may come between drawings).
		g.history.note(game, Frame{Snap: g.snap}.props(false))
	}
	if len(dealFailures(g.snap)) > failedBefore {
		// A failed deal stops the table: its banner, at the top, is what to read now.
		app.Window().Call("scrollTo", 0, 0)
	}
	if g.snap.Match != prev || !wasOn && g.snap.Started && g.snap.HasView {
		// The table appears (or the lobby comes back): from its top, not where the
		// page was scrolled to press Start; on a phone the whole table is in view.
		// Play again: the lobby comes back with the notice of the new game at its top.
		app.Window().Call("scrollTo", 0, 0)
	}
	g.alert(ctx)
	// A move made anywhere at the table is on this screen as soon as it arrives, not
	// a frame or more later (uiloop's comment has the measurement). Not so our own
	// move just sent: the host's answer is a few milliseconds away, and drawing the
	// buttons gone first would hold that answer back for a whole drawing. go-app's
	// next frame draws it if the answer is slower, else both at once.
	if ownMoveSent := g.snap.Waiting && !wasWaiting && g.snap.Seq == prevSeq; !ownMoveSent {
		uiloop.Now(ctx, g, func() int { return g.snap.Seq })
	}
}

func (g *GameScreen) Render() app.UI {
	if g.Sess == nil {
		return app.Div().Class("mk-page").Body(app.P().Text(i18n.T("app.loading")))
	}
	session.TraceDraw()
	snap := g.snap
	var problem app.UI
	if snap.Problem != "" {
		problem = problemBanner(snap.Problem, snap.Fatal, byeDetail(snap))
	}
	if g.err != "" {
		problem = app.P().Class("problem").Attr("role", "alert").Text(g.err)
	}
	if !snap.Started || !snap.HasView {
		// A table stopped by the host's doing stays stopped here too (a page reloaded after
		// the game's end comes back to the lobby): the red stop above it.
		var stop app.UI
		if fs := dealFailures(snap); hostsFault(fs) {
			stop = stopBanner(snap, fs, true)
		}
		return app.Main().Class("mk-page", "game-page").Body(&lang.Switch{}, problem, stop, g.lobby(snap))
	}
	return app.Main().Class("mk-page", "game-page").Body(&lang.Switch{}, g.tools(), g.frame(snap, problem).Draw(), hostCodeRejoin(g.Sess, snap))
}

// alert brings the tab title and the turn alert up to date with the snapshot. With ctx (a
// change arriving), the title and the alert wait until the page has drawn the change: setting
// document.title costs Chromium a few milliseconds, which every move that hands the turn on
// paid before its board was drawn.
func (g *GameScreen) alert(ctx app.Context) {
	before := g.score.games
	if g.score.note(g.snap); g.score.games != before {
		g.Sess.SetScore(g.score.save())
	}
	turned := g.al.update(i18n.T("game."+g.Sess.Game()), g.snap)
	if ctx == nil {
		g.al.apply(turned)
		return
	}
	uiloop.AfterPaint(ctx, g, func() { g.al.apply(turned) })
}

// tools are the table's own controls beside the language switch: the alerts toggle.
func (g *GameScreen) tools() app.UI {
	return app.Div().Class("table-tools").Body(
		g.al.button(func(ctx app.Context, e app.Event) { g.al.toggle() }),
	)
}

// problemBanner says what went wrong and offers a way forward.
func problemBanner(key string, fatal bool, detail ...app.UI) app.UI {
	var why app.UI // the host's own reason, when it adds to the key's
	if len(detail) > 0 {
		why = detail[0]
	}
	var way app.UI
	if fatal {
		way = app.Div().Class("problem-actions").Body(
			app.Elem("a").Class("btn").Attr("href", "/").Text(i18n.T("app.back_home")),
			app.Elem("a").Class("btn").Attr("href", board.NewPath(board.Default())).Text(i18n.T("conn.new_table")),
		)
	}
	return app.Div().Class("problem").ID("problem").Attr("role", "alert").DataSet("problem", key).Body(
		app.P().Text(i18n.T(key)),
		why,
		waitNote(key),
		way,
	)
}

// byeDetail words the host's goodbye code when the problem names no cause of its own (the host
// dropped us for flooding, for no identity proof, or for a fault), in the reader's language.
func byeDetail(snap session.Snapshot) app.UI {
	if snap.Dropped == nil || snap.Problem != session.ProblemDropped {
		return nil
	}
	// By code only: an old host's English Reason is never shown (every code it sent is known).
	return app.P().Class("small").ID("bye-reason").Text(i18n.Why(i18n.Current(), wire.ByeReasonCode(snap.Dropped.Code), nil, ""))
}

// waitNote tells a guest whose host is out of reach what is going on and how long the page
// keeps trying (app/session redials with growing pauses up to 5 s, and after about half a minute
// offers a way out while it keeps trying).
func waitNote(key string) app.UI {
	switch key {
	case session.ProblemLost:
		return app.P().Class("small").ID("wait-note").Text(i18n.T("wait.lost"))
	case session.ProblemHostGone:
		return app.P().Class("small").ID("wait-note").Text(i18n.T("wait.host_gone"))
	}
	return nil
}

func (g *GameScreen) lobby(snap session.Snapshot) app.UI {
	rules, _ := games.Lookup(g.Sess.Game())
	m := LobbyModel{Game: g.Sess.Game(), Invite: snap.Invite, IsHost: g.Sess.IsHost(), Chosen: snap.Lobby.Options, Match: snap.Match}
	if snap.Invite != "" {
		m.QR = session.QRImage(snap.Invite) // QR codes have one maker: app/signal, through session
	}
	if rules != nil {
		m.Min, m.Max = rules.Seats()
		m.Options = rules.Options()
		m.Noter, _ = rules.(engine.LobbyNoter)
	}
	m.Options, m.Chosen = withDealing(g.Sess, m.Options, m.Chosen)
	mine := map[engine.Seat]bool{snap.Seat: true}
	for _, seat := range g.Sess.Seats() { // every seat this person plays (app/session/hands.go)
		mine[seat] = true
	}
	paths := linkPaths(g.Sess)
	for _, s := range snap.Lobby.Seats {
		m.Seats = append(m.Seats, LobbySeat{Seat: int(s.Seat), Name: s.Name, Host: s.Seat == 0, Bot: s.Bot,
			You: mine[s.Seat], Offline: !s.Bot && !s.Connected, Path: paths[s.Name]})
	}
	if snap.Seat < 0 && snap.Problem != "" {
		return nil // turned away before a seat (refused, say): the problem alone, with its way out
	}
	if snap.Seat < 0 && snap.Problem == "" {
		if b := watchBanner(snap); b != nil {
			return b // waiting for the host to let us in (watch.go)
		}
		return app.P().Class("muted").Text(i18n.T("lobby.joining"))
	}
	return &Lobby{
		Model:    m,
		OnAddBot: func(ctx app.Context) { g.try(ctx, func() error { return g.Sess.AddBot(defaultLevel(g.Sess.Game())) }) },
		OnRemove: func(ctx app.Context, seat int) {
			g.try(ctx, func() error { return g.Sess.Remove(engine.Seat(seat)) })
		},
		OnOption: func(ctx app.Context, k, v string) {
			g.try(ctx, func() error {
				if k == optDealing {
					return g.Sess.SetDealing(v)
				}
				return g.Sess.SetOption(k, v)
			})
		},
		OnStart: func(ctx app.Context) { g.try(ctx, g.Sess.Start) },
		Extra:   app.Div().Class("lobby-extra").Body(linkNotices(g.Sess), g.handButton(snap), g.hostWatchers(snap), hostCodePanel(g.Sess, snap)),
	}
}

// try runs a host action off the UI goroutine and shows its error, if any.
func (g *GameScreen) try(ctx app.Context, f func() error) {
	uiloop.Go(func() {
		err := f()
		g.ctx.Dispatch(func(ctx app.Context) {
			g.err = ""
			if err != nil {
				g.err = errorText(err)
			}
		})
	})
}

// frame is the table around the game's board (frame.go), for every game the same.
func (g *GameScreen) frame(snap session.Snapshot, problem app.UI) Frame {
	game, ok := board.Lookup(g.Sess.Game())
	if !ok {
		app.Log("miskatonic: no board for", g.Sess.Game())
	}
	f := Frame{
		Game: game, Snap: snap, IsHost: g.Sess.IsHost(), Score: g.score.scores(), Unread: g.al.unread(),
		History: &g.history, Staying: g.staying == snap.Table, Talk: &g.talk,
		Notices: []app.UI{problem, watchBanner(snap), g.hostWatchers(snap),
			g.refused.notice(func(ctx app.Context, e app.Event) { g.refused.dismiss() })},
		OnAct: func(ctx app.Context, m engine.Move) {
			// The click itself changes nothing on screen until the host answers, a few
			// milliseconds away. Left alone, go-app would redraw the clicked component and
			// every one above it (the whole page) on its next frame, just as the answer
			// arrives, and the answer would wait for that drawing (the mover's page received
			// views several milliseconds later than the other pages). So no drawing for the
			// click; if the answer is slow, the move is shown as sent after ownMoveShown.
			ctx.PreventUpdate()
			// A refusal here is a race (the view moved on between drawing the button and the
			// click); the fresh view with its own buttons is already on its way.
			if err := g.Sess.Move(m); err != nil {
				app.Log("move not sent:", err)
			}
			s, seq := g.Sess, g.snap.Seq
			uiloop.Quietly(g.ctx, g, ownMoveShown, func(app.Context) {
				if g.Sess == s && g.snap.Seq == seq {
					g.ctx.Dispatch(func(ctx app.Context) { g.take(ctx, s) })
				}
			})
		},
		OnChat:  func(ctx app.Context, text string) { _ = g.Sess.Say(text) },
		OnAgain: g.onAgain,
		// Callbacks read the screen's current state (g.snap), never this drawing's snap: go-app
		// keeps the handler first bound to a button.
		OnStay: func(ctx app.Context) { g.staying = g.snap.Table },
		OnWait: func(ctx app.Context) { g.try(ctx, g.Sess.WaitLonger) },
		OnStandIn: func(ctx app.Context, seat engine.Seat) {
			g.try(ctx, func() error { return g.Sess.StandIn(seat) })
		},
		OnEnd: func(ctx app.Context) { g.try(ctx, g.Sess.EndGame) },
		OnChatSeen: func(ctx app.Context) {
			g.al.seen()
			g.al.apply(false)
		},
	}
	if snap.Status.Over {
		f.Record = g.recordPanel()
	}
	return f
}

// ownMoveShown is how long a move just sent waits for the host's answer before the screen
// shows it as sent (its buttons gone) without the answer: a few frames, far above the answer's
// usual few milliseconds.
const ownMoveShown = 60 * time.Millisecond

func botLevels(game string) []string { return bot.Levels(game) }

func defaultLevel(game string) string {
	// The strongest bot that is not slow: search bots think for a while in the browser.
	best := "random"
	for _, l := range botLevels(game) {
		if l != "search" {
			best = l
		}
	}
	return best
}

// chatName marks a chat line with its seat, so two players cannot pass for each other even
// with look-alike names; a line from no seat (a watcher) says so.
func chatName(c wire.Chat) string {
	if c.From < 0 {
		return i18n.T("chat.watcher", c.Name)
	}
	return i18n.T("chat.seat", c.Name, int(c.From)+1)
}
