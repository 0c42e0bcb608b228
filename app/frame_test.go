package app

import (
	"encoding/base64"
	"encoding/json"
	"html"
	"regexp"
	"strings"
	"testing"
	"time"

	"github.com/maxence-charriere/go-app/v9/pkg/app"

	"miskatonic/app/i18n"
	"miskatonic/app/session"
	"miskatonic/app/ui"
	"miskatonic/app/ui/board"
	"miskatonic/app/ui/board/boardtest"
	"miskatonic/engine"
	"miskatonic/engine/fair"
	"miskatonic/engine/games"
	"miskatonic/engine/rng"
	"miskatonic/engine/table"
	"miskatonic/engine/wire"
)

// finished plays a seeded random game of a registered game to its end and returns the engine,
// so a test has a real finished view of every game.
func finished(t *testing.T, name string) (engine.Rules, engine.Game) {
	t.Helper()
	rules, ok := games.Lookup(name)
	if !ok {
		t.Fatalf("%s: no rules", name)
	}
	lo, hi := rules.Seats()
	g, err := rules.New(engine.Config{Seats: min(max(lo, 3), hi)})
	if err != nil {
		t.Fatal(err)
	}
	r := rng.FromInt(11)
	for step := 0; step < 20000 && !g.Status().Over; step++ {
		st := g.Status()
		var m engine.Move
		if st.Deal != nil {
			var k [32]byte
			for i := range k {
				k[i] = byte(r.Uint64())
			}
			m = engine.DealMove(k)
		} else {
			legal := g.Legal(st.Active[r.Intn(len(st.Active))])
			m = legal[r.Intn(len(legal))]
		}
		if err := g.Apply(m); err != nil {
			t.Fatalf("%s step %d: %v", name, step, err)
		}
	}
	if !g.Status().Over {
		t.Fatalf("%s: the random game did not end", name)
	}
	return rules, g
}

// viewOf is seat's view as a guest decodes it off the wire.
func viewOf(t *testing.T, rules engine.Rules, g engine.Game, seat engine.Seat) engine.View {
	t.Helper()
	raw, err := json.Marshal(g.View(seat))
	if err != nil {
		t.Fatal(err)
	}
	v, err := rules.DecodeView(raw)
	if err != nil {
		t.Fatal(err)
	}
	return v
}

// troubledSnapshot is a guest's finished table with everything the frame must show: a failed
// deal, a contradicting signed head, talk, a stand-in.
func troubledSnapshot(t *testing.T, name, failKind string) session.Snapshot {
	rules, g := finished(t, name)
	seats := []wire.SeatInfo{{Seat: 0, Name: "Ann", Connected: true}, {Seat: 1, Name: "Bea", Connected: true},
		{Seat: 2, Name: "Cy", StandIn: true}}
	return session.Snapshot{Kind: session.Guest, GuestState: table.GuestState{
		Seat: 1, Game: name, Table: "00112233445566778899aabbccddeeff", Started: true, HasView: true, Seq: 40,
		View: viewOf(t, rules, g, 1), Status: g.Status(),
		Lobby: wire.Lobby{Seats: seats},
		Chat:  []wire.Chat{{From: 0, Name: "Ann", Text: "Good luck"}, {From: 2, Name: "Cy", Text: "Brb"}},
		Code:  "ABCD-EFGH",
		Deals: []table.DealStatus{{Epoch: 1, State: table.DealVerified, Checked: 4},
			{Epoch: 2, State: table.DealFailed, Code: failKind, Seq: 31, Problem: "hand: shown 7, the deal says 3"}},
		Evidence: []fair.SignedHead{{Table: []byte{1}, Seq: 33, Head: [32]byte{9, 9}, Key: []byte{7}, Sig: []byte{5}}},
		Away:     &wire.Away{Seats: []engine.Seat{2}, Millis: 30000}, AwayAt: time.Now(),
	}}
}

// TestFrameShowsEveryPiece: for every registered game, a guest's screen with a failed deal, a
// contradicting signed head, unread talk, a stand-in and a finished game shows each of them,
// whether the frame draws the piece or the board places it in its own layout.
func TestFrameShowsEveryPiece(t *testing.T) {
	games := board.All(true)
	if len(games) < 4 {
		t.Fatalf("%d games registered", len(games))
	}
	for _, gm := range games {
		t.Run(gm.Name, func(t *testing.T) {
			snap := troubledSnapshot(t, gm.Name, wire.DealMismatch)
			f := ui.Frame{Game: gm, Snap: snap, Unread: 2, History: &ui.History{},
				Score:  []board.Score{{Name: "Ann", Wins: 1, Games: 1}},
				OnChat: func(app.Context, string) {}, OnStay: func(app.Context) {}}
			out := html.UnescapeString(boardtest.Canonical(app.HTMLString(f.Draw())))
			for _, w := range []struct{ what, text string }{
				{"the stop banner", `id="deal-failed"`},
				{"the failure's kind", `data-kind="` + wire.DealMismatch + `"`},
				{"what failed, in words", i18n.Why(i18n.English, wire.DealMismatch, nil, "")},
				{"which deal", i18n.T("frame.failed_deal", 2, "")},
				{"the contradicting head", i18n.T("frame.equivocation", 33)},
				{"whose fault", i18n.T("frame.fault_host")},
				{"the proof to keep", `id="proof-export"`},
				{"the way out", `id="stop-leave"`},
				{"the detail on demand", "hand: shown 7, the deal says 3"},
				{"the table code", "ABCD-EFGH"},
				{"the unread badge", `id="chat-unread">2<`},
				{"the talk", "Good luck"},
				{"the talk's form", `id="chat-input"`},
				{"the stand-in", i18n.T("frame.standin", "Cy")},
				{"the away deadline", `id="away"`},
				{"the game over", `id="frame-over"`},
				{"leaving", `id="back-home"`},
				{"the running score", `id="running-score"`},
			} {
				if !strings.Contains(out, w.text) {
					t.Errorf("%s missing (%q)", w.what, w.text)
				}
			}
			if strings.Contains(out, "⟨") {
				t.Errorf("a catalog key is missing: %s", regexp.MustCompile(`⟨[^⟩]*⟩`).FindString(out))
			}
			// The proof is the failure and the signed heads, as a file.
			m := regexp.MustCompile(`id="proof-export"[^>]*href="data:application/json;base64,([^"]+)"|href="data:application/json;base64,([^"]+)"[^>]*id="proof-export"`).FindStringSubmatch(out)
			if m == nil {
				t.Fatal("no proof file")
			}
			raw, err := base64.StdEncoding.DecodeString(m[1] + m[2])
			if err != nil {
				t.Fatal(err)
			}
			var p struct {
				Deals    []table.DealStatus `json:"deals"`
				Evidence []fair.SignedHead  `json:"evidence"`
				Code     string             `json:"code"`
			}
			if err := json.Unmarshal(raw, &p); err != nil || len(p.Deals) != 1 || p.Deals[0].Code != wire.DealMismatch || len(p.Evidence) != 1 || p.Code != "ABCD-EFGH" {
				t.Errorf("proof %s: %v", raw, err)
			}
			// A stopped table offers no next game with this host, nor its record.
			f.Record = app.Div().ID("record-stub")
			if out := app.HTMLString(f.Draw()); strings.Contains(out, `id="stay"`) || strings.Contains(out, "record-stub") {
				t.Error("a stopped table offers the next game or the host's record")
			}
			// At a fair table the game over offers the next game (a guest stays, the host plays
			// again) and the record, once.
			f.Snap.Deals, f.Snap.Evidence = f.Snap.Deals[:1], nil
			if out := app.HTMLString(f.Draw()); !strings.Contains(out, `id="stay"`) || strings.Count(out, "record-stub") != 1 {
				t.Error("a guest at a fair table has no Stay, or not the record once")
			}
			f.OnAgain = func(app.Context) {}
			host := app.HTMLString(f.Draw())
			if n := strings.Count(host, `id="play-again"`); n != 1 {
				t.Errorf("Play again %d times for the host", n)
			}
		})
	}
}

// TestFrameFailureKinds: a kind of failure this build does not know still stops the table, in
// words; a failure of this browser's own absence blames nobody; a failed deal in each language.
func TestFrameFailureKinds(t *testing.T) {
	gm, ok := board.Lookup("highcard")
	if !ok {
		t.Fatal("no highcard")
	}
	draw := func(kind string) string {
		snap := troubledSnapshot(t, "highcard", kind)
		snap.Evidence = nil
		return html.UnescapeString(app.HTMLString(ui.Frame{Game: gm, Snap: snap}.Draw()))
	}
	out := draw("deal.some_future_kind")
	if !strings.Contains(out, `id="deal-failed"`) || !strings.Contains(out, i18n.T("why.unknown_text", "hand: shown 7, the deal says 3")) {
		t.Errorf("an unknown kind is not shown in words: %s", out)
	}
	// Leaving an earlier table before its reveal is nobody's proven doing: said, but this table
	// plays on.
	if out := draw("deal.left_before"); !strings.Contains(out, i18n.T("frame.fault_self")) || strings.Contains(out, i18n.T("frame.fault_host")) ||
		strings.Contains(out, `id="deal-failed"`) || !strings.Contains(out, `data-stopped="no"`) {
		t.Errorf("this browser's own absence blamed on the host, or stops the table: %s", out)
	}
	defer i18n.SetLang(i18n.Current())
	for _, l := range []i18n.Lang{i18n.Japanese, i18n.French} {
		i18n.SetLang(l)
		out := draw(wire.DealMismatch)
		for _, w := range []string{i18n.In(l, "frame.stop_title"), i18n.Why(l, wire.DealMismatch, nil, ""), i18n.In(l, "frame.export")} {
			if !strings.Contains(out, w) {
				t.Errorf("%s: missing %q", l, w)
			}
		}
		if strings.Contains(out, "⟨") {
			t.Errorf("%s: a key is missing", l)
		}
	}
}

// TestFrameQuietWhenFair: a fair table says which deal verified with the table code, shows no
// stop, and passes the viewer's moves to the board.
func TestFrameQuietWhenFair(t *testing.T) {
	gm, _ := board.Lookup("highcard")
	snap := troubledSnapshot(t, "highcard", wire.DealMismatch)
	snap.Deals, snap.Evidence = snap.Deals[:1], nil
	out := html.UnescapeString(app.HTMLString(ui.Frame{Game: gm, Snap: snap}.Draw()))
	if strings.Contains(out, `id="deal-failed"`) {
		t.Error("a fair table is stopped")
	}
	if !strings.Contains(out, i18n.T("frame.verified_n", 1)) || !strings.Contains(out, "ABCD-EFGH") {
		t.Errorf("no verdict with the table code: %s", out)
	}
}

// TestFrameLockedInProgress: in a sealed round every game's screen says who has locked in
// (never what), and stops saying it once the round is over.
func TestFrameLockedInProgress(t *testing.T) {
	gm, _ := board.Lookup("highcard")
	snap := troubledSnapshot(t, "highcard", wire.DealMismatch)
	snap.Deals, snap.Evidence = nil, nil
	snap.Status = engine.Status{Sealed: true, Active: []engine.Seat{0, 1, 2}}
	snap.Locked, snap.LockedBase = []engine.Seat{0}, snap.Seq
	out := html.UnescapeString(app.HTMLString(ui.Frame{Game: gm, Snap: snap}.Draw()))
	if want := i18n.T("frame.locked", 1, 3, "Ann"); !strings.Contains(out, want) {
		t.Errorf("no %q: %s", want, out)
	}
	snap.LockedBase = snap.Seq - 1 // the locks of a round already over
	out = html.UnescapeString(app.HTMLString(ui.Frame{Game: gm, Snap: snap}.Draw()))
	if want := i18n.T("frame.locked_none", 3); !strings.Contains(out, want) {
		t.Errorf("no %q: %s", want, out)
	}
}

// TestFrameShowsTableFault: a rule the host broke after every deal verified (the table's own
// verdict, GuestState.Fault: here the final screen changed after the last reveal) stops the
// table like a failed deal, in words, with the fault in the proof, in every game.
func TestFrameShowsTableFault(t *testing.T) {
	for _, name := range []string{"highcard", "arkham", "rituals", "shadows"} {
		gm, ok := board.Lookup(name)
		if !ok {
			t.Fatalf("no %s", name)
		}
		snap := troubledSnapshot(t, name, wire.DealMismatch)
		snap.Deals, snap.Evidence = snap.Deals[:1], nil // every deal verified
		snap.Fault = &table.Fault{Code: wire.DealViewChanged, Args: []string{"40"}, Problem: "the host showed a changed view for seq 40"}
		out := html.UnescapeString(app.HTMLString(ui.Frame{Game: gm, Snap: snap}.Draw()))
		if !strings.Contains(out, `id="deal-failed"`) || !strings.Contains(out, i18n.Why(i18n.Current(), wire.DealViewChanged, []string{"40"}, "")) ||
			!strings.Contains(out, i18n.T("frame.fault_host")) {
			t.Errorf("%s: the table's own verdict is not shown as a stop: %s", name, out)
		}
		if !strings.Contains(out, "deal.view_changed") || strings.Contains(out, "⟨") {
			t.Errorf("%s: the fault's kind or a key is missing", name)
		}
	}
}
