package arkhamboard

import (
	"fmt"

	"github.com/maxence-charriere/go-app/v9/pkg/app"

	"miskatonic/app/i18n"
	"miskatonic/app/ui/board"
	"miskatonic/engine/arkham"
	"miskatonic/engine/table"
)

// Name is the game this package draws (engine/arkham's Rules.Name).
const Name = "arkham"

// Game is Arkham Ritual's entry in the UI registry (app/routes.go registers it).
var Game = board.Game{
	Name:  Name,
	Board: Draw,
	Rules: func() app.Composer { return &Rules{} },
	Order: 1,
	// The game over covers the table (an overlay), so the record panel goes inside it.
	ShowsRecord: true,
}

// Draw is the board for the game screen: the view adapted to what the table draws.
func Draw(p board.Props) app.UI {
	v, ok := p.View.(*arkham.View)
	if !ok {
		return app.P().Text(i18n.T("app.error", fmt.Sprintf("unexpected view %T", p.View)))
	}
	r := Roster{}
	for _, s := range p.Seats {
		r.Names = append(r.Names, s.Name)
		r.Bots = append(r.Bots, s.Bot)
		r.Offline = append(r.Offline, s.Offline)
	}
	b := FromView(v, p.Legal, r)
	b.Verified = board.WithTableCode(verdict(p.Deals, v), p.Code)
	b.Seq = p.Seq
	t := &Table{Board: b, Chat: p.Chat, Game: p.Table, OnAct: p.OnAct, OnChat: p.OnChat, Unread: p.Unread, OnChatSeen: p.OnChatSeen,
		Score: p.Score, Host: p.Host, Record: p.Record}
	if b.Over {
		t.OnAgain = p.OnAgain
	}
	return t
}

// verdict words the check of the last finished round's deal (or any failure). Arkham deals
// once a round, so a round's deal is the epoch of the same number.
func verdict(deals []table.DealStatus, v *arkham.View) string {
	for _, d := range deals {
		if d.State == table.DealFailed {
			return i18n.T("deal.verify_failed", i18n.Why(i18n.Current(), d.Code, d.Args, d.Problem))
		}
	}
	if v.LastRound == nil {
		return ""
	}
	for _, d := range deals {
		if d.Epoch == v.LastRound.Round {
			if d.State == table.DealVerified {
				return i18n.T("deal.verified") + board.DealDetails(d)
			}
			return i18n.T("deal.verify_pending") + board.DealDetails(d)
		}
	}
	return i18n.T("deal.verify_pending")
}
