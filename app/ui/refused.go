package ui

import (
	"github.com/maxence-charriere/go-app/v9/pkg/app"

	"miskatonic/app/i18n"
	"miskatonic/app/session"
	"miskatonic/engine/wire"
)

// refusal keeps the host's latest refusal of something this player sent (GuestState.Reject)
// on screen until the table moves on: a move that bounced would otherwise just not happen.
// The notice is the refusal's code worded in the reader's language; it goes away on the next
// view, on a click, or when a newer refusal replaces it.
type refusal struct {
	shown *wire.Reject // on screen now, or nil
	seq   int          // the view it was refused on
	last  wire.Reject  // the latest refusal seen, shown or not (so a dismissed one stays away)
	began bool
}

// note brings the notice up to date with a snapshot. Only the refusal of a move based on the
// view on screen is shown: a "stale" one is this page's own resend crossing a move that landed
// (a move truly refused as stale is resent or dropped by the guest, never stored), and one
// based on an older view is about a position no longer there. A refusal already there when
// the screen first looks is an old one (before the screen was drawn again): not shown either.
func (r *refusal) note(snap session.Snapshot) {
	if rej := snap.Reject; rej != nil && *rej != r.last {
		r.last = *rej
		if r.began && rej.Kind != wire.KindStale && rej.BasedOn == snap.Seq {
			r.shown, r.seq = rej, snap.Seq
		}
	}
	r.began = true
	if r.shown != nil && snap.Seq != r.seq {
		r.shown = nil // the next view: the table moved on
	}
}

func (r *refusal) dismiss() { r.shown = nil }

// notice is the refusal on screen, or nil.
func (r *refusal) notice(onDismiss func(ctx app.Context, e app.Event)) app.UI {
	if r.shown == nil {
		return nil
	}
	return app.Div().Class("refused-notice").ID("refused-notice").Attr("role", "status").DataSet("kind", string(r.shown.Kind)).Body(
		app.Elem("span").Text(i18n.Why(i18n.Current(), wire.RefusedCode(r.shown.Kind), nil, "")),
		app.Elem("button").Attr("type", "button").Class("btn", "small").ID("refused-dismiss").Text(i18n.T("app.close")).OnClick(onDismiss),
	)
}
