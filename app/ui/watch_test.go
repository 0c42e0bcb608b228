package ui

import (
	"encoding/json"
	"html"
	"strings"
	"testing"

	"github.com/maxence-charriere/go-app/v9/pkg/app"

	"miskatonic/app/i18n"
	"miskatonic/app/session"
	"miskatonic/app/ui/board"
	"miskatonic/engine"
	"miskatonic/engine/games"
	"miskatonic/engine/rng"
	"miskatonic/engine/table"
	"miskatonic/engine/wire"

	"miskatonic/app/ui/arkhamboard"
	"miskatonic/app/ui/ritualsboard"
	"miskatonic/app/ui/shadowsboard"
)

// TestBoardsRenderTheWatchersView: every game's board draws the public view (engine.Observer)
// that a watcher gets, at every step of a random game: no panic, no move buttons.
func TestBoardsRenderTheWatchersView(t *testing.T) {
	for _, gm := range []board.Game{arkhamboard.Game, ritualsboard.Game, shadowsboard.Game} {
		name := gm.Name
		t.Run(name, func(t *testing.T) {
			rules, ok := games.Lookup(name)
			if !ok || gm.Board == nil {
				t.Fatalf("no rules or board for %s", name)
			}
			lo, _ := rules.Seats()
			g, err := rules.New(engine.Config{Seats: max(lo, 3)})
			if err != nil {
				t.Fatal(err)
			}
			r := rng.FromInt(7)
			var seats []board.Seat
			for i := 0; i < max(lo, 3); i++ {
				seats = append(seats, board.Seat{Name: "P" + string(rune('A'+i))})
			}
			drawn := 0
			for step := 0; step < 3000; step++ {
				if step%7 == 0 || step < 100 || g.Status().Over {
					v, err := rules.DecodeView(mustJSON(t, g.View(engine.Observer)))
					if err != nil {
						t.Fatal(err)
					}
					out := app.HTMLString(gm.Board(board.Props{View: v, Seats: seats, Seq: step, Table: "t"}))
					if out == "" {
						t.Fatalf("step %d: empty board", step)
					}
					drawn++
				}
				st := g.Status()
				if st.Over {
					break
				}
				var m engine.Move
				switch {
				case st.Deal != nil:
					var k [32]byte
					for i := range k {
						k[i] = byte(r.Uint64())
					}
					m = engine.DealMove(k)
				default:
					legal := g.Legal(st.Active[r.Intn(len(st.Active))])
					m = legal[r.Intn(len(legal))]
				}
				if err := g.Apply(m); err != nil {
					t.Fatalf("step %d: %v", step, err)
				}
			}
			if !g.Status().Over {
				t.Fatal("the random game did not end")
			}
			t.Logf("%d observer boards drawn", drawn)
		})
	}
}

// TestInvitePreview: the invite page says whose table it is, which game, how full, with How to
// play, and that a game is on (watch now, play next) or that the host lets players in by hand.
func TestInvitePreview(t *testing.T) {
	out := app.HTMLString(previewPanel("arkham", wire.Preview{Host: "Ann", Seated: 3, Min: 3, Max: 7, Started: true}))
	for _, w := range []string{i18n.T("watch.preview", "Ann", i18n.T("game.arkham"), i18n.T("watch.seats", 3, 3, 7)), i18n.T("watch.in_progress"), `href="/rules/arkham"`} {
		if !strings.Contains(out, html.EscapeString(w)) && !strings.Contains(out, w) {
			t.Errorf("missing %q in %s", w, out)
		}
	}
	if want := "Ann invites you to Arkham Ritual — 3 seated, 3–7 players"; !strings.Contains(out, want) {
		t.Errorf("want %q in %s", want, out)
	}
	// A host-blind game on: said, as the host's word, with watching until the next game; the
	// join button says watch (the host's table holds a newcomer at the door).
	out = app.HTMLString(previewPanel("arkham", wire.Preview{Host: "Ann", Seated: 3, Min: 3, Max: 7, Started: true, Blind: true}))
	if w := i18n.T("watch.in_progress_blind"); !strings.Contains(out, html.EscapeString(w)) || strings.Contains(out, html.EscapeString(i18n.T("watch.in_progress"))) {
		t.Errorf("a host-blind game on: want %q alone in %s", w, out)
	}
	for _, w := range []string{"The host's page says", "host-blind", "until the next game"} {
		if !strings.Contains(out, html.EscapeString(w)) {
			t.Errorf("a host-blind game on: %q missing in %s", w, out)
		}
	}
	if j := (&Join{pk: &session.Peek{Preview: wire.Preview{Started: true, Blind: true, Ask: true}}}).joinLabel(); j != i18n.T("watch.join_watch") {
		t.Errorf("join button at a host-blind game: %q", j)
	}
	out = app.HTMLString(previewPanel("arkham", wire.Preview{Seated: 1, Min: 3, Max: 7, Ask: true}))
	if !strings.Contains(out, `id="invite-ask"`) || strings.Contains(out, `id="invite-in-progress"`) {
		t.Errorf("lobby with approval: %s", out)
	}
}

// TestWatchBanner: a watcher is told a game is on and where its wish to play stands; a joiner
// waiting for approval is told whom it waits for; a seated guest sees no banner.
func TestWatchBanner(t *testing.T) {
	lobby := wire.Lobby{Seats: []wire.SeatInfo{{Seat: 0, Name: "Ann"}}}
	snap := func(seat engine.Seat, started bool, seating string) session.Snapshot {
		return session.Snapshot{Kind: session.Guest, GuestState: table.GuestState{Seat: seat, Connected: true, Started: started, Seating: seating, Lobby: lobby}}
	}
	cases := []struct {
		s    session.Snapshot
		want string
	}{
		{snap(engine.Observer, true, wire.SeatWaiting), i18n.T("watch.waiting_next", "Ann")},
		{snap(engine.Observer, true, wire.SeatNext), i18n.T("watch.next", "Ann")},
		{snap(engine.Observer, false, wire.SeatWaiting), i18n.T("watch.waiting_lobby", "Ann")},
	}
	for _, c := range cases {
		out := app.HTMLString(watchBanner(c.s))
		if !strings.Contains(out, html.EscapeString(c.want)) {
			t.Errorf("want %q in %s", c.want, out)
		}
	}
	if b := watchBanner(snap(1, true, "")); b != nil {
		t.Error("a seated guest sees the watcher's banner")
	}
}

func mustJSON(t *testing.T, v engine.View) []byte {
	t.Helper()
	b, err := json.Marshal(v)
	if err != nil {
		t.Fatal(err)
	}
	return b
}

// TestNoHostOffersAWayForward: an invite whose room nobody hosts says so, with a retry, a way
// home and a way to start one's own table.
func TestNoHostOffersAWayForward(t *testing.T) {
	p := &Join{problem: session.ProblemNoHost}
	out := app.HTMLString(p.welcome()) + app.HTMLString(problemBanner(session.ProblemNoHost, true))
	for _, w := range []string{`id="peek-retry"`, `href="/"`, `href="/new?game=`, html.EscapeString(i18n.T("conn.no_host"))} {
		if !strings.Contains(out, w) {
			t.Errorf("missing %q in %s", w, out)
		}
	}
}

// TestBadLinkIsNotHeadedAnInvitation: a link that cannot be an invitation is not headed as one
// above the banner that says it is broken.
func TestBadLinkIsNotHeadedAnInvitation(t *testing.T) {
	bad := app.HTMLString((&Join{problem: session.ProblemBadLink}).Render())
	if strings.Contains(bad, html.EscapeString(i18n.T("invite.title"))) || !strings.Contains(bad, html.EscapeString(i18n.T("invite.title_bad"))) {
		t.Errorf("a broken link's page: %s", bad)
	}
	if ok := app.HTMLString((&Join{}).Render()); !strings.Contains(ok, html.EscapeString(i18n.T("invite.title"))) {
		t.Errorf("an invitation's page: %s", ok)
	}
}
