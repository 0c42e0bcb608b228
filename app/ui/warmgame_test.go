package ui

import (
	"bytes"
	"errors"
	"sync/atomic"
	"testing"

	"miskatonic/app/ui/arkhamboard"
	"miskatonic/app/ui/board"
	"miskatonic/app/ui/ritualsboard"
	"miskatonic/app/ui/shadowsboard"
	"miskatonic/engine/table"
)

var rehearsedBoards = []board.Game{arkhamboard.Game, ritualsboard.Game, shadowsboard.Game}

// TestRehearsalPlaysEveryGame: the lobby's rehearsal deals each game, plays its moves through
// the real table (every frame signed, sent and checked) and draws every new view into its own
// tree, then closes it all.
func TestRehearsalPlaysEveryGame(t *testing.T) {
	for _, g := range rehearsedBoards {
		t.Run(g.Name, func(t *testing.T) {
			r := newRehearsal(g.Name)
			if r == nil {
				t.Fatal("no rehearsal for a registered game")
			}
			d := &rehearsalDraw{game: g}
			var shown []int
			moves, err := r.play(func() bool { return true }, func(st table.GuestState) {
				d.show(st)
				shown = append(shown, st.Seq)
			})
			if err != nil {
				t.Fatalf("after %d moves: %v", moves, err)
			}
			if moves == 0 || len(shown) < 2 {
				t.Fatalf("%d moves, views %v: the rehearsal played nothing", moves, shown)
			}
			if d.screen == nil || !d.screen.Mounted() || d.seq != shown[len(shown)-1] {
				t.Fatalf("the last view (seq %d) was not drawn (drew seq %d)", shown[len(shown)-1], d.seq)
			}
			if !r.guests[0].State().HasView || r.guests[0].State().Seq == 0 {
				t.Fatalf("the host's player saw no move: %+v", r.guests[0].State().Status)
			}
			if chat := r.guests[0].State().Chat; len(chat) != 1 {
				t.Errorf("the host's player heard %d lines of talk, want the rehearsal's one", len(chat))
			}
			for i, gs := range r.guests {
				if st := gs.State(); st.Fault != nil || failed(st.Deals) {
					t.Errorf("seat %d found the rehearsal's table unfair: %+v %+v", i, st.Fault, st.Deals)
				}
			}
			d.close()
			if d.screen.Mounted() {
				t.Error("the rehearsal's tree is still mounted after close")
			}
		})
	}
}

func failed(ds []table.DealStatus) bool {
	for _, d := range ds {
		if d.State == table.DealFailed {
			return true
		}
	}
	return false
}

// TestRehearsalIsSeeded: two rehearsals of a game play the same game to the same views: every
// key and random byte comes from the rehearsal's fixed seed, none from the page's (so none is
// the real table's).
func TestRehearsalIsSeeded(t *testing.T) {
	run := func() (string, []byte) {
		r := newRehearsal("arkham")
		var last table.GuestState
		if _, err := r.play(func() bool { return true }, func(st table.GuestState) { last = st }); err != nil {
			t.Fatal(err)
		}
		return last.Table, last.ViewJSON
	}
	t1, v1 := run()
	t2, v2 := run()
	if t1 == "" || t1 != t2 || !bytes.Equal(v1, v2) {
		t.Fatalf("two rehearsals differ: table %q / %q, views equal %v", t1, t2, bytes.Equal(v1, v2))
	}
}

// TestRehearsalStops: told to stop (the real game began), the rehearsal plays no further step
// and closes its table; one that is never given an idle moment starts nothing.
func TestRehearsalStops(t *testing.T) {
	r := newRehearsal("arkham")
	calls := 0
	moves, err := r.play(func() bool {
		calls++
		if calls == 6 { // set up, dealt, two moves played
			r.stop()
		}
		return true
	}, func(table.GuestState) {})
	if !errors.Is(err, errStopped) || moves != 2 {
		t.Fatalf("stopped after %d moves (%v), want 2 and errStopped", moves, err)
	}
	if st := r.host.State(); st.Table != "" {
		t.Errorf("the stopped rehearsal's table still answers: %+v", st)
	}
	r.stop() // again: no panic

	never := newRehearsal("arkham")
	if moves, err := never.play(func() bool { return false }, func(table.GuestState) { t.Error("drew a view") }); !errors.Is(err, errStopped) || moves != 0 || never.host != nil {
		t.Fatalf("with no idle time: %d moves, %v, host %v", moves, err, never.host)
	}
}

// TestRehearsalOfNoGame: a game the engine does not know has no rehearsal.
func TestRehearsalOfNoGame(t *testing.T) {
	if newRehearsal("no-such-game") != nil {
		t.Fatal("a rehearsal of an unknown game")
	}
}

// TestRehearsalGate: in the page every frame of the rehearsal's table waits for the page's idle
// time (the gate), and once the rehearsal is stopped none is taken at all.
func TestRehearsalGate(t *testing.T) {
	r := newRehearsal("arkham")
	var gated atomic.Int64
	r.gate = func() { gated.Add(1) }
	if moves, err := r.play(func() bool { return true }, func(table.GuestState) {}); err != nil || moves == 0 {
		t.Fatalf("gated: %d moves, %v", moves, err)
	}
	if gated.Load() == 0 {
		t.Fatal("no frame went through the gate")
	}

	stopped := newRehearsal("arkham")
	stopped.gate = func() {}
	a, b := table.Pipe()
	c := stopped.conn(b)
	if err := a.Send([]byte("frame")); err != nil {
		t.Fatal(err)
	}
	stopped.stop()
	if f, err := c.Recv(); !errors.Is(err, table.ErrClosed) {
		t.Fatalf("after the stop the rehearsal's table took %q (%v)", f, err)
	}
}
