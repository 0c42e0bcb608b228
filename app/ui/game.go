package ui

import (
	"fmt"

	"github.com/maxence-charriere/go-app/v9/pkg/app"

	"miskatonic/app/i18n"
	"miskatonic/app/session"
	"miskatonic/app/ui/arkhamboard"
	"miskatonic/engine"
	"miskatonic/engine/arkham"
	"miskatonic/engine/games"
	"miskatonic/engine/table"
)

// GameScreen shows a session: its lobby before the start, then the game's board. It redraws on
// every session change (which arrive on other goroutines: hence ctx.Dispatch).
type GameScreen struct {
	app.Compo

	Sess    *session.Session
	OnAgain func(ctx app.Context) // play again; nil hides the button

	snap    session.Snapshot
	cancel  func()
	subSess *session.Session // the session cancel belongs to
	err     string
	ctx     app.Context // the component's own context (an element's goes stale when redrawn)
}

func (g *GameScreen) OnMount(ctx app.Context) { g.ctx = ctx; g.subscribe(ctx) }

func (g *GameScreen) OnUpdate(ctx app.Context) { g.subscribe(g.ctx) }

func (g *GameScreen) OnDismount() {
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
	g.snap = s.Snapshot()
	g.cancel = s.Subscribe(func() {
		ctx.Dispatch(func(ctx app.Context) {
			if g.Sess == s {
				prev := g.snap.Match
				g.snap = s.Snapshot()
				if g.snap.Match != prev {
					// Play again: the lobby comes back; show it from its top, where the
					// notice of the new game is, not scrolled where the old game ended.
					app.Window().Call("scrollTo", 0, 0)
				}
			}
		})
	})
}

func (g *GameScreen) Render() app.UI {
	if g.Sess == nil {
		return app.Div().Class("mk-page").Body(app.P().Text(i18n.T("app.loading")))
	}
	snap := g.snap
	var problem app.UI
	if snap.Problem != "" {
		problem = problemBanner(snap.Problem, snap.Fatal)
	}
	if g.err != "" {
		problem = app.P().Class("problem").Attr("role", "alert").Text(g.err)
	}
	if !snap.Started || !snap.HasView {
		return app.Main().Class("mk-page", "game-page").Body(problem, g.lobby(snap))
	}
	return app.Main().Class("mk-page", "game-page").Body(problem, g.board(snap), hostCodeRejoin(g.Sess, snap))
}

// problemBanner says what went wrong and offers a way forward.
func problemBanner(key string, fatal bool) app.UI {
	var way app.UI
	if fatal {
		way = app.Div().Class("problem-actions").Body(
			app.A().Class("btn").Href("/").Text(i18n.T("app.back_home")),
			app.A().Class("btn").Href("/new?game=arkham").Text(i18n.T("conn.new_table")),
		)
	}
	return app.Div().Class("problem").ID("problem").Attr("role", "alert").DataSet("problem", key).Body(
		app.P().Text(i18n.T(key)),
		way,
	)
}

func (g *GameScreen) lobby(snap session.Snapshot) app.UI {
	rules, _ := games.Lookup(g.Sess.Game())
	m := LobbyModel{Game: g.Sess.Game(), Invite: snap.Invite, IsHost: g.Sess.IsHost(), Chosen: snap.Lobby.Options, Match: snap.Match}
	if snap.Invite != "" {
		m.QR = qrDataURL(snap.Invite)
	}
	if rules != nil {
		m.Min, m.Max = rules.Seats()
		m.Options = rules.Options()
	}
	for _, s := range snap.Lobby.Seats {
		m.Seats = append(m.Seats, LobbySeat{Seat: int(s.Seat), Name: s.Name, Host: s.Seat == 0, Bot: s.Bot,
			You: s.Seat == snap.Seat, Offline: !s.Bot && !s.Connected})
	}
	if snap.Seat < 0 && snap.Problem == "" {
		return app.P().Class("muted").Text(i18n.T("lobby.joining"))
	}
	return &Lobby{
		Model:    m,
		OnAddBot: func(ctx app.Context) { g.try(ctx, func() error { return g.Sess.AddBot(defaultLevel(g.Sess.Game())) }) },
		OnRemove: func(ctx app.Context, seat int) {
			g.try(ctx, func() error { return g.Sess.Remove(engine.Seat(seat)) })
		},
		OnOption: func(ctx app.Context, k, v string) { g.try(ctx, func() error { return g.Sess.SetOption(k, v) }) },
		OnStart:  func(ctx app.Context) { g.try(ctx, g.Sess.Start) },
		Extra:    hostCodePanel(g.Sess, snap),
	}
}

// try runs a host action off the UI goroutine and shows its error, if any.
func (g *GameScreen) try(ctx app.Context, f func() error) {
	ctx.Async(func() {
		err := f()
		g.ctx.Dispatch(func(ctx app.Context) {
			g.err = ""
			if err != nil {
				g.err = i18n.T("app.error", err.Error())
			}
		})
	})
}

func (g *GameScreen) board(snap session.Snapshot) app.UI {
	v, ok := snap.View.(*arkham.View)
	if !ok {
		return app.P().Text(i18n.T("app.error", fmt.Sprintf("unexpected view %T", snap.View)))
	}
	r := arkhamboard.Roster{}
	for _, s := range snap.Lobby.Seats {
		r.Names = append(r.Names, s.Name)
		r.Bots = append(r.Bots, s.Bot)
		r.Offline = append(r.Offline, !s.Bot && !s.Connected)
	}
	b := arkhamboard.FromView(v, snap.Legal, r)
	b.Verified = withTableCode(verdict(snap.Deals, v), snap.Code)
	b.Seq = snap.Seq
	if snap.Waiting {
		b.Actions = nil // a move is in flight: no double sends
	}
	chat := make([]arkhamboard.ChatLine, 0, len(snap.Chat))
	for _, c := range snap.Chat {
		chat = append(chat, arkhamboard.ChatLine{Name: chatName(c), Text: c.Text})
	}
	t := &arkhamboard.Table{
		Board: b, Chat: chat, Game: snap.Table,
		OnAct: func(ctx app.Context, m engine.Move) {
			// A refusal here is a race (the view moved on between drawing the button and the
			// click); the fresh view with its own buttons is already on its way.
			if err := g.Sess.Move(m); err != nil {
				app.Log("move not sent:", err)
			}
		},
		OnChat: func(ctx app.Context, text string) { _ = g.Sess.Say(text) },
	}
	if b.Over && g.OnAgain != nil {
		t.OnAgain = g.OnAgain
	}
	return t
}

// verdict words the check of the last finished round's deal (or any failure).
func verdict(deals []table.DealStatus, v *arkham.View) string {
	for _, d := range deals {
		if d.State == table.DealFailed {
			return i18n.T("ark.verify_failed", d.Problem)
		}
	}
	if v.LastRound == nil {
		return ""
	}
	for _, d := range deals {
		if d.Epoch == v.LastRound.Round {
			if d.State == table.DealVerified {
				return i18n.T("ark.verified") + dealDetails(d)
			}
			return i18n.T("ark.verify_pending") + dealDetails(d)
		}
	}
	return i18n.T("ark.verify_pending")
}

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
