package ui

// Late arrivals and joiners the host lets in by hand (issue 18 item 3, issue 10's optional
// approval): the invite page's look at the table before the name box, a watcher's banner, and
// the host's list of who is watching or asking to join.

import (
	"strconv"

	"github.com/maxence-charriere/go-app/v9/pkg/app"

	"miskatonic/app/i18n"
	"miskatonic/app/session"
	"miskatonic/app/ui/board"
	"miskatonic/app/ui/uiloop"
	"miskatonic/engine/games"
	"miskatonic/engine/wire"
)

// peekTable asks the host, before the name box, whose table this is and how full (the link is
// kept for the join). A room nobody hosts is said within seconds, with a retry.
func (p *Join) peekTable(ctx app.Context) {
	if !app.IsClient {
		return
	}
	p.peeking, p.pk = true, nil
	link := p.Link
	uiloop.Go(func() {
		pk, err := session.PeekTable(link, pageNet())
		p.ctx.Dispatch(func(ctx app.Context) {
			if p.Link != link {
				return // a second invite opened meanwhile
			}
			p.peeking = false
			if err != nil {
				if key, _ := problemOf(err); key == session.ProblemNoHost || key == session.ProblemFull || key == session.ProblemHostClosed {
					p.problem = key
				}
				app.Log("invite preview:", err)
				return
			}
			p.pk = pk
			app.Log("invite preview in", pk.Took.String())
		})
	})
}

// welcome is the top of the invite page: the table as its host describes it once it answers
// (who invites you to which game, how full, whether a game is on), or the general welcome.
func (p *Join) welcome() app.UI {
	if p.problem == session.ProblemNoHost {
		return app.Div().Class("problem-actions").ID("no-host").Body(
			app.Elem("button").Attr("type", "button").Class("btn", "primary").ID("peek-retry").Text(i18n.T("watch.retry")).
				OnClick(func(ctx app.Context, e app.Event) {
					p.problem = ""
					p.peekTable(ctx)
				}),
		)
	}
	pk := p.pk
	if pk == nil {
		w := inviteWelcome(p.problem, "invite-welcome")
		if p.peeking {
			return app.Div().Class("invite-stack").Body(app.Div().Body(
				app.P().Class("muted", "small").ID("invite-looking").Text(i18n.T("watch.looking")), w))
		}
		return w
	}
	// The host's description takes the general welcome's place and keeps its room: the welcome
	// stays beneath it, unseen and without its ids, so the name box below does not move as the
	// description arrives (issue 24: the page shifted, CLS 0.099).
	return app.Div().Class("invite-stack").Body(
		app.Div().Class("invite-ghost").Aria("hidden", "true").Body(
			app.P().Class("muted", "small").Text(i18n.T("watch.looking")), inviteWelcome(p.problem, "")),
		previewPanel(pk.Game, pk.Preview),
	)
}

// previewPanel says "Ann invites you to Arkham Ritual — 3 seated, 3–7 players", with the
// game's How to play, and whether a game is on or the host lets players in by hand.
func previewPanel(game string, pv wire.Preview) app.UI {
	name := i18n.T("game." + game)
	seats := i18n.T("watch.seats", pv.Seated, pv.Min, pv.Max)
	lead := i18n.T("watch.preview_anon", name, seats)
	if pv.Host != "" {
		lead = i18n.T("watch.preview", pv.Host, name, seats)
	}
	var how app.UI
	if _, ok := games.Lookup(game); ok {
		how = app.Elem("a").Attr("href", board.RulesPath(game)).Attr("target", "_blank").Attr("rel", "noopener").ID("invite-how").Text(i18n.T("invite.rules", name))
	}
	return app.Elem("section").Class("panel", "invite-welcome").ID("invite-welcome").DataSet("game", game).Body(
		app.P().Class("invite-lead").ID("invite-preview").Text(lead),
		// What this is, as the general welcome it replaces said (watch.go's welcome): its room
		// is kept, so the panels are alike in height.
		app.P().Class("muted").Text(i18n.T("invite.lead")),
		app.If(pv.Started, app.P().Class("invite-live").ID("invite-in-progress").Attr("role", "status").DataSet("blind", pv.Blind).Text(inProgress(pv))),
		app.If(pv.Ask && !pv.Started, app.P().Class("muted").ID("invite-ask").Text(i18n.T("watch.ask_note"))),
		how,
	)
}

// inProgress says a game is on; of one dealt host-blind it says so as the host's word (the
// preview is all the page has before the join, and a host could say it falsely).
func inProgress(pv wire.Preview) string {
	if pv.Blind {
		return i18n.T("watch.in_progress_blind")
	}
	return i18n.T("watch.in_progress")
}

// joinLabel is the join button's word: watching a game on, asking a host who approves joiners.
func (p *Join) joinLabel() string {
	switch {
	case p.pk != nil && p.pk.Preview.Started:
		return i18n.T("watch.join_watch")
	case p.pk != nil && p.pk.Preview.Ask:
		return i18n.T("watch.join_lobby_ask")
	}
	return i18n.T("home.join")
}

// hostName is the host player's name as this guest knows it.
func hostName(snap session.Snapshot) string {
	for _, s := range snap.Lobby.Seats {
		if s.Seat == 0 {
			return s.Name
		}
	}
	if snap.Preview != nil && snap.Preview.Host != "" {
		return snap.Preview.Host
	}
	return i18n.T("watch.the_host")
}

// watchBanner tells a guest without a seat what it is doing: watching the game on (and where its
// wish to play the next one stands), or waiting in the lobby for the host to let it in.
func watchBanner(snap session.Snapshot) app.UI {
	if snap.Kind != session.Guest || snap.Seat >= 0 || !snap.Connected {
		return nil
	}
	host := hostName(snap)
	if !snap.Started {
		return app.Elem("section").Class("panel", "watch-banner").ID("watch-banner").DataSet("state", "lobby").Attr("role", "status").Body(
			app.P().Text(i18n.T("watch.waiting_lobby", host)),
		)
	}
	next := i18n.T("watch.waiting_next", host)
	if snap.Seating == wire.SeatNext {
		next = i18n.T("watch.next", host)
	}
	return app.Elem("section").Class("panel", "watch-banner").ID("watch-banner").DataSet("state", snap.Seating).Attr("role", "status").Body(
		app.P().Class("watch-live").Text(i18n.T("watch.in_progress")),
		app.P().Class("small").Text(i18n.T("watch.watching")),
		app.P().ID("watch-next").Text(next),
	)
}

// hostWatchers is the host's list of who watches or asks to join, with what it may do: seat
// them in the next game (or let them in, in the lobby), or refuse. In the lobby it also holds
// "ask me before someone joins".
func (g *GameScreen) hostWatchers(snap session.Snapshot) app.UI {
	if snap.Kind != session.Host {
		return nil
	}
	var rows []app.UI
	for i, w := range snap.Watchers {
		key := w.Key
		label, admit := i18n.T("watch.is_watching", w.Name), i18n.T("watch.seat_next")
		if !snap.Started {
			label, admit = i18n.T("watch.asks", w.Name), i18n.T("watch.let_in")
		}
		var acts app.UI
		if w.Next {
			acts = app.Elem("span").Class("muted").Style("margin-inline-start", "0.6em").Text(i18n.T("watch.will_play", w.Name))
		} else {
			acts = app.Elem("span").Style("margin-inline-start", "0.6em").Body(
				app.Elem("button").Attr("type", "button").Class("btn", "primary").ID("watch-admit-"+strconv.Itoa(i)).Text(admit).
					OnClick(func(ctx app.Context, e app.Event) { g.try(ctx, func() error { return g.Sess.Admit(key) }) }),
				app.Elem("button").Attr("type", "button").Class("btn").ID("watch-refuse-"+strconv.Itoa(i)).Text(i18n.T("watch.refuse")).
					OnClick(func(ctx app.Context, e app.Event) { g.try(ctx, func() error { return g.Sess.Refuse(key) }) }),
			)
		}
		rows = append(rows, app.Elem("li").Class("watcher").Body(app.Elem("span").Class("watcher-name").Text(label), acts))
	}
	var ask app.UI
	if !snap.Started {
		on := snap.Ask
		ask = app.Div().Class("opt").Body(
			app.Elem("label").Attr("for", "ask-to-join").Body(
				app.ElemSelfClosing("input").Attr("type", "checkbox").ID("ask-to-join").Attr("checked", on).
					OnChange(func(ctx app.Context, e app.Event) {
						v := ctx.JSSrc().Get("checked").Bool()
						g.try(ctx, func() error { return g.Sess.SetAskToJoin(v) })
					}),
				app.Text(" "+i18n.T("watch.ask_option")),
			),
			app.P().Class("muted", "small").Text(i18n.T("watch.ask_help")),
		)
	}
	title := "watch.title"
	if !snap.Started {
		title = "watch.title_lobby"
	}
	if len(rows) == 0 && ask == nil {
		return nil
	}
	return app.Elem("section").Class("panel", "host-watchers").ID("host-watchers").Attr("aria-live", "polite").Body(
		app.If(len(rows) > 0, app.Elem("h2").Text(i18n.T(title))),
		app.If(len(rows) > 0, app.Elem("ul").Class("watcher-list").Body(rows...)),
		ask,
	)
}
