package ui

import (
	"context"
	"strings"

	"github.com/maxence-charriere/go-app/v9/pkg/app"

	"miskatonic/app/i18n"
	"miskatonic/app/session"
	"miskatonic/app/ui/lang"
	"miskatonic/app/ui/uiloop"
	"miskatonic/engine/games"
)

// Connecting by code, the serverless fallback: the host's lobby panel (HostCode) makes an offer
// code for one device, the other device's page (CodeJoin, /code) answers it, and the host
// pastes the answer. The codes are long, so each has a Copy button and a QR code; the pass is
// short, to read aloud.

// HrefCodeJoin is the page where a device joins a table with a code.
const HrefCodeJoin = "/code"

// codeRTC is the code connection's ICE set-up: the servers the deployment named (so a code
// crosses NATs as a link does), or none where it named none (devices on one network find each
// other at once, with no public STUN server to wait for when offline).
func codeRTC() session.ICE {
	if app.Getenv(envRTC) == "" {
		return session.CodeRTC()
	}
	return pageNet().RTC
}

// codeProblemView words a code.* problem (or any error text) where the player is looking.
func codeProblemView(key, text string) app.UI {
	if key == "" && text == "" {
		return nil
	}
	if key != "" {
		text = i18n.T(key)
	}
	return app.P().Class("problem").ID("code-problem").Attr("role", "alert").DataSet("problem", key).Text(text)
}

// codeProblemOf splits an error into a catalog key (for session problems) or a plain text.
func codeProblemOf(err error) (key, text string) {
	key, text = problemOf(err)
	if key != "" {
		text = ""
	}
	return key, text
}

// copyText puts text on the clipboard; where the page may not (no permission, old browser)
// the code's box is selected instead, so the player can copy by hand.
func copyText(text, boxID string) {
	if box := app.Window().GetElementByID(boxID); box.Truthy() {
		box.Call("select")
	}
	if clip := app.Window().Get("navigator").Get("clipboard"); clip.Truthy() {
		clip.Call("writeText", text)
	}
}

// codeBox shows a long code read-only, with Copy and its QR code.
func codeBox(id, code, qrText, qrLabel string, copied bool, onCopy func()) app.UI {
	qr := qrImage(qrText)
	label := i18n.T("app.copy")
	if copied {
		label = i18n.T("app.copied")
	}
	return app.Div().Class("code-box").Body(
		app.Elem("textarea").ID(id).Class("invite-link", "code-text").Attr("readonly", true).Attr("rows", 4).
			Style("width", "100%").Style("font-family", "monospace").Style("font-size", ".8rem").
			Style("word-break", "break-all").Attr("spellcheck", "false").Text(code).
			OnFocus(func(ctx app.Context, e app.Event) { ctx.JSSrc().Call("select") }),
		app.Div().Class("invite-row").Body(
			app.Elem("button").Attr("type", "button").Class("btn").ID("copy-"+id).Text(label).
				// Scoped by the code: a button reused for a newer code must not copy the old one.
				OnClick(func(ctx app.Context, e app.Event) { copyText(code, id); onCopy() }, code),
		),
		app.If(qr != "", app.ElemSelfClosing("img").Class("qr").ID(id+"-qr").Attr("src", qr).Attr("alt", qrLabel).DataSet("text", qrText).
			Style("width", "min(100%, 320px)").Style("height", "auto")),
	)
}

// qrCache keeps the last QR images made: the lobby redraws on every change at the table, and
// a code's QR image takes a moment to make.
var qrCache = map[string]string{}

func qrImage(text string) string {
	if img, ok := qrCache[text]; ok {
		return img
	}
	if len(qrCache) >= 4 {
		clear(qrCache)
	}
	img := session.QRImage(text)
	qrCache[text] = img
	return img
}

// pasteBox is a text area for pasting a code into.
func pasteBox(id, value string, set func(string)) app.UI {
	return app.Elem("textarea").ID(id).Class("invite-link", "code-text").Attr("rows", 4).
		Style("width", "100%").Style("font-family", "monospace").Style("font-size", ".8rem").
		Style("word-break", "break-all").Attr("spellcheck", "false").Attr("autocapitalize", "off").Attr("autocomplete", "off").
		Attr("placeholder", i18n.T("code.placeholder")).Text(value).
		OnInput(func(ctx app.Context, e app.Event) { set(ctx.JSSrc().Get("value").String()) })
}

// HostCode is the host's lobby panel: connect one device by code, then another.
type HostCode struct {
	app.Compo

	Sess   *session.Session
	Rejoin bool // in a game, for a player whose device lost the table
	Seats  int  // seats taken (an exported field, so the panel redraws when it changes)

	off        *session.CodeOffer
	answer     string
	busy       bool
	problem    string // catalog key
	err        string // text of an unexpected error
	seated     int    // devices connected by code from this panel
	copied     bool
	needsFresh bool // the offer is spent (the link failed): only a new code helps
	ctx        app.Context
}

func (h *HostCode) OnMount(ctx app.Context) { h.ctx = ctx }

// OnDismount drops a code nobody used (the game started, or the host left the lobby).
func (h *HostCode) OnDismount() {
	if h.off != nil {
		h.off.Cancel()
		h.off = nil
	}
}

func (h *HostCode) Render() app.UI {
	if h.Sess == nil || !h.Sess.IsHost() || h.Sess.Kind() != session.Host {
		return app.Div()
	}
	title, hint := "code.host_title", "code.host_hint"
	if h.Rejoin {
		title, hint = "code.rejoin_title", "code.rejoin_hint"
	}
	body := []app.UI{
		app.Elem("h2").Text(i18n.T(title)),
		codeReach(session.CodeRTC()),
	}
	switch {
	case h.off == nil && !h.Rejoin && h.full():
		body = append(body,
			app.If(h.seated > 0, app.P().ID("code-done").Attr("role", "status").Text(i18n.T("code.host_done"))),
			app.P().Class("muted", "small").ID("code-full").Text(i18n.T("code.host_full")),
		)
	case h.off == nil:
		body = append(body,
			app.If(h.seated > 0, app.P().ID("code-done").Attr("role", "status").Text(i18n.T("code.host_done"))),
			app.P().Class("muted", "small").Text(i18n.T(hint)),
			codeProblemView(h.problem, h.err),
			app.Elem("button").Attr("type", "button").Class("btn").ID("code-make").Attr("disabled", h.busy).
				Text(i18n.T(map[bool]string{true: "code.host_again", false: "code.host_make"}[h.seated > 0])).
				OnClick(h.make),
			app.If(h.busy, app.P().Class("muted").Text(i18n.T("code.host_making"))),
		)
	default:
		body = append(body,
			app.P().Text(i18n.T("code.host_step1")),
			app.P().Text(i18n.T("code.host_pass")),
			app.P().Body(app.Elem("strong").ID("code-pass").Class("code-pass").
				Style("font-family", "monospace").Style("font-size", "1.8rem").Style("letter-spacing", ".15em").
				Text(h.off.Pass)),
			app.P().Text(i18n.T("code.host_code")),
			codeBox("offer-code", h.off.Code, h.offerLink(), i18n.T("code.qr_offer"), h.copied, func() { h.copied = true }),
			app.Elem("label").Attr("for", "answer-input").Text(i18n.T("code.host_answer")),
			pasteBox("answer-input", h.answer, func(v string) { h.answer = v }),
			codeProblemView(h.problem, h.err),
			app.Div().Class("invite-row").Body(
				app.If(!h.needsFresh,
					app.Elem("button").Attr("type", "button").Class("btn", "primary").ID("answer-submit").Attr("disabled", h.busy).
						Text(i18n.T("code.host_connect")).OnClick(h.finish),
				),
				app.If(h.needsFresh,
					app.Elem("button").Attr("type", "button").Class("btn", "primary").ID("code-make").Attr("disabled", h.busy).
						Text(i18n.T("code.host_new_code")).OnClick(h.make),
				),
				app.Elem("button").Attr("type", "button").Class("btn").ID("code-cancel").Attr("disabled", h.busy).
					Text(i18n.T("code.host_cancel")).OnClick(h.cancel),
			),
			app.If(h.busy, app.P().Class("muted").Attr("role", "status").Text(i18n.T("code.host_joining"))),
		)
	}
	return app.Elem("section").Class("panel", "code-connect").ID("code-connect").Body(body...)
}

// full reports whether every seat is taken (no code can seat anyone more).
func (h *HostCode) full() bool {
	rules, ok := games.Lookup(h.Sess.Game())
	if !ok {
		return false
	}
	_, max := rules.Seats()
	return h.Seats >= max
}

// offerLink is the offer as a link to this app's join-by-code page, for the QR code.
func (h *HostCode) offerLink() string {
	return session.OfferLink(app.Window().Get("location").Get("origin").String(), h.off.Code)
}

func (h *HostCode) make(ctx app.Context, e app.Event) {
	if h.off != nil {
		h.off.Cancel()
		h.off = nil
	}
	h.busy, h.problem, h.err, h.answer, h.copied, h.needsFresh = true, "", "", "", false, false
	s := h.Sess
	uiloop.Go(func() {
		off, err := s.OfferCode(context.Background(), codeRTC())
		h.ctx.Dispatch(func(ctx app.Context) {
			h.busy = false
			if err != nil {
				h.problem, h.err = codeProblemOf(err)
				return
			}
			h.off = off
		})
	})
}

func (h *HostCode) finish(ctx app.Context, e app.Event) {
	off, answer := h.off, h.answer
	if off == nil {
		return
	}
	h.busy, h.problem, h.err = true, "", ""
	uiloop.Go(func() {
		err := off.Finish(context.Background(), answer)
		h.ctx.Dispatch(func(ctx app.Context) {
			h.busy = false
			if err != nil {
				h.problem, h.err = codeProblemOf(err)
				h.needsFresh = h.problem == session.ProblemCodeNoLink
				return
			}
			h.off, h.answer = nil, ""
			h.seated++
		})
	})
}

func (h *HostCode) cancel(ctx app.Context, e app.Event) {
	if h.off != nil {
		h.off.Cancel()
	}
	h.off, h.answer, h.problem, h.err, h.needsFresh = nil, "", "", "", false
}

// CodeJoin is the page where a device joins a table with the host's pass and code (/code).
type CodeJoin struct {
	app.Compo

	name, pass, offer string
	ans               *session.CodeAnswer
	sess              *session.Session
	busy              bool
	problem, err      string
	copied            bool
	lost              bool   // the seated session lost its host: offer a new code
	unsub             func() // ends the watch on the seated session
	ctx               app.Context
}

func (p *CodeJoin) OnMount(ctx app.Context) {
	p.ctx = ctx
	// Back on this page while seated by code (a link away and back): show that table. A
	// guest whose host is gone starts afresh instead.
	if cur := session.Current(); cur != nil && cur.Kind() == session.Guest && !cur.Snapshot().Fatal {
		p.seat(cur)
		return
	}
	if p.name == "" {
		p.name = session.SavedName(session.DefaultStore())
	}
	// Opened from the QR code of an offer: the code is in the fragment, only the pass is left.
	if f := ctx.Page().URL().Fragment; strings.HasPrefix(f, "MK1") {
		p.offer = session.CodeFromText(f)
	}
}

func (p *CodeJoin) OnDismount() {
	p.drop()
	if p.unsub != nil {
		p.unsub()
		p.unsub = nil
	}
}

// seat shows the table s and watches it for the loss of the host, which only a new code mends.
func (p *CodeJoin) seat(s *session.Session) {
	p.sess, p.lost = s, s.Snapshot().Problem == session.ProblemCodeLost
	if p.unsub != nil {
		p.unsub()
	}
	p.unsub = s.Subscribe(func() {
		lost := s.Snapshot().Problem == session.ProblemCodeLost
		p.ctx.Dispatch(func(ctx app.Context) {
			if p.sess == s {
				p.lost = lost
			}
		})
	})
}

// again leaves the lost table for the form, to join with a new code from the host.
func (p *CodeJoin) again(ctx app.Context, e app.Event) {
	if p.unsub != nil {
		p.unsub()
		p.unsub = nil
	}
	session.SetCurrent(nil)
	p.sess, p.lost, p.ans, p.offer, p.pass, p.problem, p.err = nil, false, nil, "", "", "", ""
}

// drop gives up an answer the host never used.
func (p *CodeJoin) drop() {
	if p.ans != nil && p.sess == nil {
		p.ans.Cancel()
	}
	p.ans = nil
}

func (p *CodeJoin) Render() app.UI {
	if p.sess != nil {
		var again app.UI
		if p.lost {
			again = app.Div().Class("setup").ID("code-again-bar").Body(app.Div().Class("panel").ID("code-again-panel").Body(
				app.Elem("button").Attr("type", "button").Class("btn", "primary").ID("code-again").
					Text(i18n.T("code.join_again")).OnClick(p.again),
			))
		}
		return app.Div().Body(again, &GameScreen{Sess: p.sess})
	}
	main := app.Main().Class("mk-page", "setup").ID("code-join")
	head := []app.UI{
		&lang.Switch{},
		app.H1().Text(i18n.T("code.join_title")),
		app.P().Class("muted").Text(i18n.T("code.join_hint")),
		codeReach(session.CodeRTC()),
	}
	if p.ans != nil {
		return main.Body(append(head,
			app.Elem("section").Class("panel").ID("code-answer").Body(
				app.P().Text(i18n.T("code.join_answer")),
				codeBox("answer-code", p.ans.Code, p.ans.Code, i18n.T("code.qr_answer"), p.copied, func() { p.copied = true }),
				codeProblemView(p.problem, p.err),
				app.If(p.problem == "" && p.err == "", app.P().Class("muted").Attr("role", "status").ID("code-waiting").Text(i18n.T("code.join_waiting"))),
				app.Elem("button").Attr("type", "button").Class("btn").ID("code-restart").Text(i18n.T("code.join_restart")).OnClick(p.restart),
			),
		)...)
	}
	return main.Body(append(head,
		app.Elem("form").Class("panel", "setup-form").ID("code-form").OnSubmit(p.submit).Body(
			nameField(p.name, func(v string) { p.name = v }),
			app.Div().Class("opt").Body(
				app.Elem("label").Attr("for", "code-pass-input").Text(i18n.T("code.join_pass")),
				app.ElemSelfClosing("input").Attr("type", "text").ID("code-pass-input").Attr("maxlength", 24).Attr("required", true).
					Attr("autocapitalize", "characters").Attr("autocomplete", "off").Attr("spellcheck", "false").
					Style("font-family", "monospace").Style("font-size", "1.3rem").Style("letter-spacing", ".1em").
					Attr("placeholder", "XXXX-XXXX-XXXXX").Attr("value", p.pass).
					OnInput(func(ctx app.Context, e app.Event) { p.pass = ctx.JSSrc().Get("value").String() }),
			),
			app.Div().Class("opt").Body(
				app.Elem("label").Attr("for", "offer-input").Text(i18n.T("code.join_offer")),
				pasteBox("offer-input", p.offer, func(v string) { p.offer = v }),
			),
			codeProblemView(p.problem, p.err),
			app.Elem("button").Attr("type", "submit").Class("btn", "primary").ID("make-answer").Attr("disabled", p.busy).Text(i18n.T("code.join_submit")),
			app.If(p.busy, app.P().Class("muted").Text(i18n.T("code.join_making"))),
		),
		app.P().Body(app.Elem("a").Attr("href", "/").Text(i18n.T("app.back_home"))),
	)...)
}

func (p *CodeJoin) submit(ctx app.Context, e app.Event) {
	e.PreventDefault()
	name := strings.TrimSpace(p.name)
	if name == "" {
		p.problem, p.err = "", i18n.T("home.name_needed")
		return
	}
	p.busy, p.problem, p.err = true, "", ""
	pass, offer := p.pass, p.offer
	uiloop.Go(func() {
		ans, err := session.AnswerCode(context.Background(), codeRTC(), pass, offer)
		p.ctx.Dispatch(func(ctx app.Context) {
			p.busy = false
			if err != nil {
				p.problem, p.err = codeProblemOf(err)
				return
			}
			p.ans, p.copied = ans, false
			p.wait(ans, name)
		})
	})
}

// wait takes the seat once the host has pasted the answer.
func (p *CodeJoin) wait(ans *session.CodeAnswer, name string) {
	uiloop.Go(func() {
		s, err := ans.Join(context.Background(), session.DefaultStore(), name)
		p.ctx.Dispatch(func(ctx app.Context) {
			if p.ans != ans { // started over meanwhile
				if s != nil {
					s.Close()
				}
				return
			}
			if err != nil {
				p.problem, p.err = codeProblemOf(err)
				return
			}
			session.SetCurrent(s)
			p.seat(s)
		})
	})
}

func (p *CodeJoin) restart(ctx app.Context, e app.Event) {
	p.drop()
	p.problem, p.err, p.offer, p.pass = "", "", "", ""
}

// hostCodePanel is the lobby's code panel for a hosted table, nil for anyone else.
func hostCodePanel(s *session.Session, snap session.Snapshot) app.UI {
	if s == nil || s.Kind() != session.Host || !s.IsHost() {
		return nil
	}
	return &HostCode{Sess: s, Seats: len(snap.Lobby.Seats)}
}

// hostCodeRejoin is the code panel during a game, shown to the host while a player's device
// is off the table: with no relay such a device comes back only by a fresh code (the table
// knows its browser and gives it its seat back).
func hostCodeRejoin(s *session.Session, snap session.Snapshot) app.UI {
	if s == nil || s.Kind() != session.Host || !s.IsHost() || !snap.Started {
		return nil
	}
	for _, seat := range snap.Lobby.Seats {
		if !seat.Bot && !seat.Connected {
			return app.Div().Class("lobby").Body(&HostCode{Sess: s, Rejoin: true})
		}
	}
	return nil
}

// codeJoinHint points a guest whose invite link cannot reach the table to joining by code,
// which works on a shared network with no internet. nil for any other problem.
func codeJoinHint(problem string) app.UI {
	switch problem {
	case session.ProblemUnreachable, session.ProblemHostGone, session.ProblemNoPath, session.ProblemNoPathTURN, session.ProblemAllDown, session.ProblemBrokersRefused:
	default:
		return nil
	}
	return app.P().Class("panel").ID("code-join-hint").Body(
		app.Text(i18n.T("code.join_instead")+" "),
		app.Elem("a").Attr("href", HrefCodeJoin).ID("code-join-instead").Text(i18n.T("code.join_link")),
	)
}
