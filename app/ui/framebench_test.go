package ui

import (
	"testing"

	"github.com/maxence-charriere/go-app/v9/pkg/app"

	"miskatonic/app/session"
	"miskatonic/app/ui/arkhamboard"
	"miskatonic/app/ui/board"
	"miskatonic/app/ui/board/boardtest"
	"miskatonic/engine"
	"miskatonic/engine/arkham"
	_ "miskatonic/engine/arkham/arkhambot"
	"miskatonic/engine/wire"
)

// frameSnaps are the snapshots a guest's page (seat 1 of a 3-player Arkham game played by
// seeded bots) takes move after move, with a few lines of table talk and the table code, as
// the game screen hands them to the frame.
func frameSnaps(tb testing.TB) []session.Snapshot {
	roster := []board.Seat{{Name: "Ann"}, {Name: "Bea"}, {Name: "Cy"}}
	props := boardtest.GameProps(tb, arkham.Rules{}, 3, 26, roster, false)[1]
	var out []session.Snapshot
	for i, p := range props {
		var s session.Snapshot
		s.Started, s.HasView, s.Seat, s.Table, s.Code = true, true, 1, p.Table, "K7Q2"
		s.View, s.Legal, s.Seq = p.View, p.Legal, p.Seq
		for seat, r := range roster {
			s.Lobby.Seats = append(s.Lobby.Seats, wire.SeatInfo{Seat: engine.Seat(seat), Name: r.Name, Connected: true})
		}
		for n := 0; n < min(3, 1+i/10); n++ {
			s.Chat = append(s.Chat, wire.Chat{From: engine.Seat(n % 3), Name: roster[n%3].Name, Text: "a line of table talk"})
		}
		out = append(out, s)
	}
	return out
}

// boardScreen stands in for the game screen: the frame of its snapshot around Arkham's board,
// with the screen's history and talk hooks and fresh callbacks on every drawing.
type boardScreen struct {
	app.Compo
	snap    session.Snapshot
	history History
	talk    TalkHooks
}

func (s *boardScreen) Render() app.UI {
	f := Frame{Game: arkhamboard.Game, Snap: s.snap, History: &s.history, Talk: &s.talk, OnAct: func(app.Context, engine.Move) {},
		OnChat: func(app.Context, string) {}, OnChatSeen: func(app.Context) {}}
	return app.Main().Body(f.Draw())
}

// BenchmarkFrameUpdate is the go-app side of one move on a guest's page, frame and board
// together: the frame drawn from the next snapshot and diffed against the mounted tree (the
// DOM calls are no-ops natively). One op is one move. Its allocations per move are the figure
// to compare (the test dispatcher's waits make its time per op noisy): 1,871 before the
// talk and the bar were parts of their own, 1,724 after.
func BenchmarkFrameUpdate(b *testing.B) {
	snaps := frameSnaps(b)
	b.ReportAllocs()
	b.ResetTimer()
	for i := 0; i < b.N; {
		s := &boardScreen{snap: snaps[0]}
		b.StopTimer()
		d := app.NewClientTester(s)
		b.StartTimer()
		for _, snap := range snaps[1:] {
			if i == b.N {
				break
			}
			s.snap = snap
			d.Dispatch(app.Dispatch{Mode: app.Update, Source: s, Function: func(app.Context) {}})
			d.Consume()
			d.Consume()
			i++
		}
		b.StopTimer()
		d.Close()
		b.StartTimer()
	}
}
