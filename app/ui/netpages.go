package ui

import (
	"errors"
	"strings"

	"github.com/maxence-charriere/go-app/v9/pkg/app"

	"miskatonic/app/i18n"
	"miskatonic/app/session"
	"miskatonic/app/ui/board"
	"miskatonic/app/ui/lang"
	"miskatonic/app/ui/uiloop"
)

// envRelayURL is the page variable a static deployment sets to its relay (see app.EnvRelayURL).
const envRelayURL = "MISKATONIC_RELAY_URL"

// envRTC is the page variable holding the deployment's ICE set-up (see app.EnvRTC).
const envRTC = "MISKATONIC_RTC"

// pageNet is how this page reaches others: its own origin for links, the relay, and the ICE
// servers the deployment baked in (session.PageNet).
func pageNet() session.Net {
	origin := app.Window().Get("location").Get("origin").String()
	n, err := session.PageNet(origin, app.Getenv(envRelayURL), app.Getenv(envRTC))
	if err != nil {
		app.Log("miskatonic:", err)
	}
	return n
}

// problemOf words an error for the player: a join's problem comes with its key; the error's
// English goes to the console only.
func problemOf(err error) (key string, text string) {
	var je *session.JoinError
	if errors.As(err, &je) {
		app.Log("miskatonic:", err)
		if len(je.Tried) > 0 {
			return je.Problem, i18n.T(je.Problem) + " " + i18n.T("conn.tried", strings.Join(je.Tried, ", "))
		}
		return je.Problem, i18n.T(je.Problem)
	}
	return "", errorText(err)
}

// NewTable is the page where a host opens a table for friends (/new?game=<name>). A reload
// resumes the saved table, and its guests find it again by themselves.
type NewTable struct {
	app.Compo

	game    string
	name    string
	sess    *session.Session
	busy    bool
	err     string
	ctx     app.Context
	resumed bool
}

func (p *NewTable) OnMount(ctx app.Context) { p.ctx = ctx }

func (p *NewTable) OnNav(ctx app.Context) {
	p.ctx = ctx
	p.game = ctx.Page().URL().Query().Get("game")
	if p.game == "" {
		p.game = board.Default()
	}
	st := session.DefaultStore()
	if p.name == "" {
		p.name = session.SavedName(st)
	}
	// This game's table only (issue 24): another game's hosted table stays saved for its page.
	if cur := session.Current(); cur != nil && cur.Kind() == session.Host && cur.Game() == p.game {
		p.sess = cur
		return
	}
	if p.sess != nil && p.sess.Game() != p.game {
		p.sess, p.resumed = nil, false // the page came back for another game
	}
	saved, err := session.Saved(st, session.Host, p.game)
	if err != nil {
		_, p.err = problemOf(err)
	}
	if saved && !p.resumed {
		p.resumed, p.busy = true, true
		game := p.game
		uiloop.Go(func() {
			s, err := session.ResumeHosted(st, pageNet(), game)
			p.ctx.Dispatch(func(ctx app.Context) {
				p.busy, p.sess = false, s
				if s != nil {
					session.SetCurrent(s)
				}
				if err != nil {
					_, p.err = problemOf(err)
				}
			})
		})
	}
}

func (p *NewTable) Render() app.UI {
	if p.sess != nil {
		return &GameScreen{Sess: p.sess, onAgain: p.again}
	}
	return app.Main().Class("mk-page", "setup").ID("new-table").Body(
		&lang.Switch{},
		app.H1().Text(i18n.T("home.new_table")+" — "+i18n.T("game."+p.game)),
		problem(p.err),
		app.Elem("form").Class("panel", "setup-form").OnSubmit(p.open).Body(
			nameField(p.name, func(v string) { p.name = v }),
			app.Elem("button").Attr("type", "submit").Class("btn", "primary").ID("open-table").Attr("disabled", p.busy).Text(i18n.T("home.create")),
			app.If(p.busy, app.P().Class("muted").Text(i18n.T("app.loading"))),
		),
		app.P().Body(app.Elem("a").Attr("href", "/").Text(i18n.T("app.back_home"))),
	)
}

func (p *NewTable) open(ctx app.Context, e app.Event) {
	e.PreventDefault()
	p.create(ctx)
}

func (p *NewTable) create(ctx app.Context) {
	name := strings.TrimSpace(p.name)
	if name == "" {
		p.err = i18n.T("home.name_needed")
		return
	}
	p.busy, p.err = true, ""
	game := p.game
	uiloop.Go(func() {
		s, err := session.StartHostAnyNet(session.DefaultStore(), session.HostConfig{Name: name, Game: game, Net: pageNet()})
		p.ctx.Dispatch(func(ctx app.Context) {
			p.busy = false
			if err != nil {
				_, p.err = problemOf(err)
				return
			}
			session.SetCurrent(s)
			p.sess = s
		})
	})
}

// again sets up another game at the same table: everyone stays seated on the same links and
// invite, and the lobby comes back for the host to start it.
func (p *NewTable) again(ctx app.Context) {
	s := p.sess
	if s == nil {
		return
	}
	uiloop.Go(func() {
		err := s.Rematch()
		p.ctx.Dispatch(func(ctx app.Context) {
			if err != nil {
				app.Log("play again:", err)
				_, p.err = problemOf(err)
			}
		})
	})
}

// Join is the screen a guest meets from an invite link (/#/join/<room>.<secret>). A guest that
// was seated here before (same browser) rejoins by itself after a reload.
type Join struct {
	app.Compo

	Link string

	name    string
	sess    *session.Session
	busy    bool
	problem string // catalog key
	err     string
	tried   string // the transports a failed join went through
	ctx     app.Context
	auto    bool
	mounted string        // the link the screen was set up for
	pk      *session.Peek // the table as its host described it before the name box (watch.go)
	peeking bool
}

// OnUpdate handles a second invite link opened in the same tab: the page does not reload, the
// component stays, its Link changes. The old table is left and the new one's join screen shown.
func (p *Join) OnUpdate(ctx app.Context) {
	if p.Link == p.mounted {
		return
	}
	if p.sess != nil && !p.sess.JoinedTo(p.Link) {
		session.SetCurrent(nil) // closes the old table's session
	}
	p.name, p.sess, p.busy, p.problem, p.err, p.auto, p.pk = "", nil, false, "", "", false, nil
	p.OnMount(ctx)
}

func (p *Join) OnMount(ctx app.Context) {
	p.ctx = ctx
	p.mounted = p.Link
	if cur := session.Current(); cur != nil && cur.Kind() == session.Guest && cur.JoinedTo(p.Link) {
		p.sess = cur
		return
	}
	if err := session.CheckInvite(p.Link); err != nil {
		p.problem = session.ProblemBadLink
		return
	}
	st := session.DefaultStore()
	if n, ok := session.SavedJoinName(st, p.Link); ok && !p.auto {
		p.auto, p.name = true, n
		p.join(ctx)
		return
	}
	p.name = session.SavedName(st)
	p.peekTable(ctx)
}

func (p *Join) Render() app.UI {
	if p.sess != nil {
		return &GameScreen{Sess: p.sess}
	}
	var prob app.UI
	if p.problem != "" {
		prob = problemBanner(p.problem, true)
	} else if p.err != "" {
		prob = problem(p.err)
	}
	var form app.UI
	if p.problem != session.ProblemBadLink && p.problem != session.ProblemFull && p.problem != session.ProblemHostClosed {
		form = app.Elem("form").Class("panel", "setup-form").OnSubmit(func(ctx app.Context, e app.Event) {
			e.PreventDefault()
			p.join(ctx)
		}).Body(
			nameField(p.name, func(v string) { p.name = v }),
			app.Elem("button").Attr("type", "submit").Class(joinClass(p.problem != "" || p.err != "")...).ID("join-table").Attr("disabled", p.busy).Text(p.joinLabel()),
			// Busy only while nothing went wrong: under a problem it would say the join goes on.
			app.If(p.busy && p.problem == "" && p.err == "", app.P().Class("muted").ID("join-busy").Text(i18n.T("lobby.joining"))),
		)
	}
	top := []app.UI{p.welcome(), prob}
	if p.problem == session.ProblemNoHost {
		top = []app.UI{prob, p.welcome()} // the problem, then its way forward (try again)
	}
	return app.Main().Class("mk-page", "setup").ID("join").Body(
		&lang.Switch{},
		app.H1().Text(i18n.T(p.title())),
		top[0], top[1],
		app.If(p.tried != "" && p.problem != "", app.P().Class("muted").ID("join-tried").Text(p.tried)),
		codeJoinHint(p.problem),
		form,
	)
}

// title heads the page: an invitation, unless the link cannot be one (then the banner below
// says why and what to do).
func (p *Join) title() string {
	if p.problem == session.ProblemBadLink {
		return "invite.title_bad"
	}
	return "invite.title"
}

func (p *Join) join(ctx app.Context) {
	name := strings.TrimSpace(p.name)
	if name == "" {
		p.err = i18n.T("home.name_needed")
		return
	}
	p.busy, p.err, p.problem, p.tried = true, "", "", ""
	link := p.Link
	uiloop.Go(func() {
		s, err := session.Join(session.DefaultStore(), session.JoinConfig{Name: name, Link: link, Net: pageNet()})
		p.ctx.Dispatch(func(ctx app.Context) {
			p.busy = false
			if err != nil {
				key, text := problemOf(err)
				if je := (*session.JoinError)(nil); errors.As(err, &je) && len(je.Tried) > 0 {
					p.tried = i18n.T("conn.tried", strings.Join(je.Tried, ", "))
				}
				if key != "" {
					p.problem = key
				} else {
					p.err = text
				}
				return
			}
			session.SetCurrent(s)
			p.sess = s
		})
	})
}

// inviteWelcome greets someone who opened an invite link, before the name box: what this is,
// and how to play. The link holds only the room and its secrets (app/signal), so which game, who
// hosts and who is seated are known only once the host welcomes the guest; the lobby shows them
// right after joining. id is the section's id ("" for none).
func inviteWelcome(problem, id string) app.UI {
	if problem == session.ProblemBadLink {
		return nil
	}
	rules := []app.UI{}
	for _, g := range board.All(false) {
		if g.Board != nil && g.Rules != nil {
			rules = append(rules, app.Elem("li").Body(
				app.Elem("a").Attr("href", board.RulesPath(g.Name)).Attr("target", "_blank").Attr("rel", "noopener").
					Text(i18n.T("invite.rules", i18n.T("game."+g.Name)))))
		}
	}
	w := app.Elem("section").Class("panel", "invite-welcome")
	if id != "" {
		w = w.ID(id)
	}
	return w.Body(
		app.P().Class("invite-lead").Text(i18n.T("invite.lead")),
		app.P().Class("muted").Text(i18n.T("invite.next")),
		app.Elem("ul").Class("invite-rules").Body(rules...),
	)
}

// joinClass is the join button's look: the page's primary action, unless a problem is shown,
// whose own way forward (try again) is then the one in gold.
func joinClass(problem bool) []string {
	if problem {
		return []string{"btn"}
	}
	return []string{"btn", "primary"}
}
