package ui

import (
	"html"
	"strings"
	"testing"

	"github.com/maxence-charriere/go-app/v9/pkg/app"

	"miskatonic/app/i18n"
	"miskatonic/app/session"
	"miskatonic/engine"
	"miskatonic/engine/table"
	"miskatonic/engine/wire"
)

// TestStandInNoteSaysWhoWatches: the note under the bar tells a player back in a deal shuffled
// without them why they watch and when they play again, names another such player as back, not
// away, and an absent player's stand-in as before.
func TestStandInNoteSaysWhoWatches(t *testing.T) {
	seats := func(standIn, connected [3]bool) wire.Lobby {
		var l wire.Lobby
		for i, n := range []string{"Ann", "Bea", "Cy"} {
			l.Seats = append(l.Seats, wire.SeatInfo{Seat: engine.Seat(i), Name: n, StandIn: standIn[i], Connected: connected[i]})
		}
		return l
	}
	cases := []struct {
		name      string
		snap      session.Snapshot
		want, not []string
	}{
		{"nobody stood in", session.Snapshot{GuestState: table.GuestState{Seat: 1, Lobby: seats([3]bool{}, [3]bool{true, true, true})}}, nil, nil},
		{"this page's player watches", session.Snapshot{GuestState: table.GuestState{Seat: 1, Sidelined: true, Lobby: seats([3]bool{false, true, false}, [3]bool{true, true, true})}},
			[]string{i18n.T("frame.sidelined")}, []string{"Bea"}},
		{"another player watches, one is away", session.Snapshot{GuestState: table.GuestState{Seat: 0, Lobby: seats([3]bool{false, true, true}, [3]bool{true, true, false})}},
			[]string{i18n.T("frame.standin_back", "Bea"), i18n.T("frame.standin", "Cy")}, []string{i18n.T("frame.sidelined")}},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			ui := standInNote(c.snap)
			if c.want == nil {
				if ui != nil {
					t.Fatalf("a note with nobody stood in: %s", app.HTMLString(ui))
				}
				return
			}
			got := html.UnescapeString(app.HTMLString(ui))
			for _, w := range c.want {
				if !strings.Contains(got, w) {
					t.Errorf("note %q lacks %q", got, w)
				}
			}
			for _, n := range c.not {
				if strings.Contains(got, n) {
					t.Errorf("note %q says %q", got, n)
				}
			}
		})
	}
}
