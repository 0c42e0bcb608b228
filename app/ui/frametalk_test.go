package ui

import (
	"reflect"
	"slices"
	"strings"
	"testing"
	"unsafe"

	"github.com/maxence-charriere/go-app/v9/pkg/app"

	"miskatonic/app/session"
	"miskatonic/app/ui/board"
	"miskatonic/engine"
	"miskatonic/engine/wire"
)

// frameScreen stands in for the game screen: it draws the frame of its current snapshot, with
// the screen's one set of talk hooks and fresh callbacks on every drawing, as GameScreen does.
type frameScreen struct {
	app.Compo
	snap   session.Snapshot
	unread int
	talk   TalkHooks
}

func (s *frameScreen) Render() app.UI {
	return Frame{Game: board.Game{Name: "arkham"}, Snap: s.snap, Unread: s.unread, Talk: &s.talk,
		OnChat: func(app.Context, string) {}, OnChatSeen: func(app.Context) {}}.Draw()
}

// mountedTalk is the talk part's data as go-app holds it in the mounted tree (go-app copies a
// part's data into the mounted part only when it draws the part again).
func mountedTalk(t *testing.T, ui app.UI) talkView { t.Helper(); return mountedPart[talkView](t, ui) }

// mountedPart is the one mounted part of data type T under ui.
func mountedPart[T any](t *testing.T, ui app.UI) T {
	t.Helper()
	var found []T
	var walk func(v reflect.Value)
	walk = func(v reflect.Value) {
		for v.Kind() == reflect.Interface || v.Kind() == reflect.Pointer {
			if v.IsNil() {
				return
			}
			v = v.Elem()
		}
		if v.Kind() != reflect.Struct {
			return
		}
		if of := v.FieldByName("Of"); of.IsValid() && v.Type() == reflect.TypeOf(board.Part{}) && of.CanAddr() {
			// Reached through go-app's unexported fields: read it through its address.
			of = reflect.NewAt(of.Type(), unsafe.Pointer(of.UnsafeAddr())).Elem()
			if tv, ok := of.Interface().(T); ok {
				found = append(found, tv)
			}
		}
		if c := v.FieldByName("Compo"); c.IsValid() && c.Type() == reflect.TypeOf(app.Compo{}) {
			walk(c.FieldByName("root"))
			return
		}
		if ch := v.FieldByName("children"); ch.IsValid() && ch.Kind() == reflect.Slice {
			for i := 0; i < ch.Len(); i++ {
				walk(ch.Index(i))
			}
		}
	}
	walk(reflect.ValueOf(ui))
	if len(found) != 1 {
		var zero T
		t.Fatalf("the frame has %d parts of %T, want 1 (drawn inline, it is drawn again on every move)", len(found), zero)
	}
	return found[0]
}

// TestBoardMoveLeavesTheTalkAlone: a move that changes the board and not the talk does not
// draw the talk again (go-app updates the mounted part only when its data changed: the mounted
// part keeps the first drawing's lines though each drawing hands it a copy); a new line, or a
// new unread count, does. Before issue 26's cut the talk was drawn inline with the frame, so
// every move built and compared every line of it.
func TestBoardMoveLeavesTheTalkAlone(t *testing.T) {
	snap := session.Snapshot{}
	snap.Started, snap.HasView, snap.Seq, snap.Table = true, true, 4, "t1"
	snap.Chat = []wire.Chat{{From: 1, Name: "Bea", Text: "Who holds the Orb?"}}
	snap.Lobby.Seats = []wire.SeatInfo{{Seat: 0, Name: "Ann", Connected: true}, {Seat: 1, Name: "Bea", Connected: true}}
	s := &frameScreen{snap: snap}
	d := app.NewClientTester(s)
	defer d.Close()
	update := func(next session.Snapshot, unread int) {
		s.snap, s.unread = next, unread
		d.Dispatch(app.Dispatch{Mode: app.Update, Source: s, Function: func(app.Context) {}})
		d.Consume()
		d.Consume()
	}
	first := mountedTalk(t, s)
	if first.h != &s.talk {
		t.Fatal("the mounted talk does not call back through the screen's hooks")
	}

	draws := 0 // the talk's drawings after the first, counted by the lines the mounted part holds
	last := &first.Lines[0]
	bar := mountedPart[barView](t, s)
	for i := range 5 { // board moves: seq and legal moves change, the talk is a copy of the same
		next := s.snap
		next.Seq++
		next.Legal = []engine.Move{{Kind: "draw", Seat: engine.Seat(i % 2)}}
		next.Chat = slices.Clone(s.snap.Chat)
		update(next, 0)
		if got := mountedTalk(t, s); &got.Lines[0] != last {
			draws++
			last = &got.Lines[0]
		}
		if got := mountedPart[barView](t, s); got != bar {
			t.Fatalf("move %d changed the bar's data from %+v to %+v", i+1, bar, got)
		}
	}
	if draws != 0 {
		t.Fatalf("5 moves that left the talk as it was drew it %d times, want 0", draws)
	}

	next := s.snap
	next.Chat = append(slices.Clone(s.snap.Chat), wire.Chat{From: 0, Name: "Ann", Text: "Not me."})
	update(next, 1)
	got := mountedTalk(t, s)
	if len(got.Lines) != 2 || got.Unread != 1 {
		t.Fatalf("a new line drew %d lines with %d unread, want 2 and 1", len(got.Lines), got.Unread)
	}
	if html := app.HTMLString(s); !containsAll(html, "Who holds the Orb?", "Not me.") {
		t.Fatalf("the talk on screen lacks a line: %s", html)
	}
	update(s.snap, 0)
	if got := mountedTalk(t, s); got.Unread != 0 {
		t.Fatalf("the talk read kept %d unread", got.Unread)
	}
	if got := mountedTalk(t, s); got.h != &s.talk {
		t.Fatal("the redrawn talk does not call back through the screen's hooks")
	}
	// A deal checked changes the bar, through go-app's update of the part.
	next = s.snap
	next.Code = "AB12"
	update(next, 0)
	if got := mountedPart[barView](t, s); got.Code != "AB12" || got.h != &s.talk {
		t.Fatalf("the bar after the table code came: %+v", got)
	}
	if html := app.HTMLString(s); !strings.Contains(html, "AB12") {
		t.Fatalf("the bar on screen lacks the table code: %s", html)
	}
}

func containsAll(s string, subs ...string) bool {
	for _, x := range subs {
		if !strings.Contains(s, x) {
			return false
		}
	}
	return true
}
