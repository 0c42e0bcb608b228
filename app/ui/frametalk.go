package ui

// The frame's table talk, the same for every game: the lines, a form to write, and a button
// above the board that brings the talk into view with its unread count.

import (
	"strconv"
	"strings"

	"github.com/maxence-charriere/go-app/v9/pkg/app"

	"miskatonic/app/i18n"
)

// talk is the table talk: every line, and a form for a seated player or a watcher who may talk.
func (f Frame) talk() app.UI {
	lines := make([]app.UI, 0, len(f.Snap.Chat))
	for _, c := range f.Snap.Chat {
		lines = append(lines, app.Elem("li").Body(app.Elem("strong").Text(chatName(c)+": "), app.Text(c.Text)))
	}
	var rule app.UI
	if f.Game.TalkRule != "" {
		rule = app.P().Class("muted", "small").Text(i18n.T(f.Game.TalkRule))
	}
	var form app.UI
	if f.OnChat != nil {
		onChat := f.OnChat
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
			onChat(ctx, text)
		}).Body(
			app.ElemSelfClosing("input").Attr("type", "text").ID("chat-input").Class("chat-input").Attr("maxlength", 200).
				OnFocus(f.chatSeen).
				Aria("label", i18n.T("ark.chat")).
				Attr("placeholder", i18n.T("ark.chat_placeholder")),
			app.Elem("button").Attr("type", "submit").Class("btn").Text(i18n.T("ark.chat_send")),
		)
	}
	return app.Elem("section").Class("panel", "chat", "frame-talk").ID("chat").Body(
		app.Elem("h2").Body(app.Text(i18n.T("ark.chat")), unreadBadge(f.Unread, "")),
		rule,
		app.Elem("ul").Class("chat-lines").Aria("live", "polite").Body(lines...),
		form,
	)
}

// chatSeen tells the screen the talk is read. It reads nothing else of f: go-app keeps the
// handler first bound to an element (same code, same scope), with the Frame of that drawing,
// so only the screen's own callback, which reads the screen's current state, may be used.
func (f Frame) chatSeen(ctx app.Context, e app.Event) {
	if f.OnChatSeen != nil {
		f.OnChatSeen(ctx)
	}
}

// talkJump brings the talk into view. (A button, not an "#chat" link: go-app would take the
// link for a navigation and redraw the page.)
func (f Frame) talkJump() app.UI {
	label := i18n.T("ark.chat")
	if f.Unread > 0 {
		label = i18n.T("alert.unread_label", f.Unread)
	}
	return app.Elem("button").Attr("type", "button").Class("btn", "small", "chat-jump").ID("chat-jump").Aria("label", label).
		OnClick(func(ctx app.Context, e app.Event) {
			if el := app.Window().GetElementByID("chat"); el.Truthy() {
				el.Call("scrollIntoView", map[string]any{"block": "center"})
			}
			f.chatSeen(ctx, e)
		}).Body(app.Text(i18n.T("ark.chat")), unreadBadge(f.Unread, "chat-unread"))
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
