package ui

// The frame's table talk, the same for every game: the lines, a form to write, and a button
// above the board that brings the talk into view with its unread count.

import (
	"strconv"
	"strings"

	"github.com/maxence-charriere/go-app/v9/pkg/app"

	"miskatonic/app/i18n"
	"miskatonic/app/ui/board"
	"miskatonic/engine/wire"
)

// talk is the table talk: every line, and a form for a seated player or a watcher who may talk.
// It is a part of its own (board.Memo) holding only what it shows, so a move that leaves the
// talk as it was does not draw or compare it again (issue 26: the frame around the board was
// drawn whole on every move).
func (f Frame) talk() app.UI {
	return board.Memo(talkView{Lines: f.Snap.Chat, Rule: f.Game.TalkRule, Unread: f.Unread, CanTalk: f.OnChat != nil, h: f.hooks()})
}

// hooks are the screen's talk hooks with this drawing's callbacks. The screen's callbacks read
// its current state: the hooks take this drawing's, and the handlers (bound once: go-app keeps
// the first) call through them.
func (f Frame) hooks() *TalkHooks {
	h := f.Talk
	if h == nil {
		h = new(TalkHooks)
	}
	h.onChat, h.onSeen = f.OnChat, f.OnChatSeen
	return h
}

// TalkHooks hold the talk's callbacks for a screen: one per screen, so the talk's part data
// compares equal from one drawing to the next (a func never does). The zero value is ready.
type TalkHooks struct {
	onChat func(ctx app.Context, text string)
	onSeen func(ctx app.Context)
}

func (h *TalkHooks) seen(ctx app.Context, e app.Event) {
	if h.onSeen != nil {
		h.onSeen(ctx)
	}
}

// talkView is the talk's part: its lines, its rule, the unread count and whether the viewer
// may write.
type talkView struct {
	Lines   []wire.Chat
	Rule    string
	Unread  int
	CanTalk bool
	h       *TalkHooks
}

func (v talkView) Draw() app.UI {
	lines := make([]app.UI, 0, len(v.Lines))
	for _, c := range v.Lines {
		lines = append(lines, app.Elem("li").Body(app.Elem("strong").Text(chatName(c)+": "), app.Text(c.Text)))
	}
	var rule app.UI
	if v.Rule != "" {
		rule = app.P().Class("muted", "small").Text(i18n.T(v.Rule))
	}
	var form app.UI
	if v.CanTalk {
		h := v.h
		// The input is left uncontrolled: redrawing its value on every table update would fight
		// the player's typing. Its text is read when sent.
		form = app.Elem("form").Class("chat-form").OnSubmit(func(ctx app.Context, e app.Event) {
			e.PreventDefault()
			in := app.Window().GetElementByID("chat-input")
			if !in.Truthy() {
				return
			}
			text := strings.TrimSpace(in.Get("value").String())
			if text == "" {
				return
			}
			in.Set("value", "")
			if h.onChat != nil {
				h.onChat(ctx, text)
			}
		}).Body(
			app.ElemSelfClosing("input").Attr("type", "text").ID("chat-input").Class("chat-input").Attr("maxlength", 200).
				OnFocus(h.seen).
				Aria("label", i18n.T("ark.chat")).
				Attr("placeholder", i18n.T("ark.chat_placeholder")),
			app.Elem("button").Attr("type", "submit").Class("btn").Text(i18n.T("ark.chat_send")),
		)
	}
	return app.Elem("section").Class("panel", "chat", "frame-talk").ID("chat").Body(
		app.Elem("h2").Body(app.Text(i18n.T("ark.chat")), unreadBadge(v.Unread, "")),
		rule,
		app.Elem("ul").Class("chat-lines").Aria("live", "polite").Body(lines...),
		form,
	)
}

// talkJump brings the talk into view. (A button, not an "#chat" link: go-app would take the
// link for a navigation and redraw the page.) It is drawn in the frame's bar (frame.go).
func talkJump(unread int, h *TalkHooks) app.UI {
	label := i18n.T("ark.chat")
	if unread > 0 {
		label = i18n.T("alert.unread_label", unread)
	}
	return app.Elem("button").Attr("type", "button").Class("btn", "small", "chat-jump").ID("chat-jump").Aria("label", label).
		OnClick(func(ctx app.Context, e app.Event) {
			if el := app.Window().GetElementByID("chat"); el.Truthy() {
				el.Call("scrollIntoView", map[string]any{"block": "center"})
			}
			h.seen(ctx, e)
		}).Body(app.Text(i18n.T("ark.chat")), unreadBadge(unread, "chat-unread"))
}

// unreadBadge is the count of unread lines; id names the one tests and the tab look for.
func unreadBadge(n int, id string) app.UI {
	if n <= 0 {
		return nil
	}
	b := app.Elem("span").Class("badge", "badge-unread").Text(strconv.Itoa(n))
	if id != "" {
		b = b.ID(id)
	}
	return b
}
