//go:build browser

package e2e

import (
	"strings"
	"testing"
	"time"
)

// TestLateJoinerWatchesThenPlays (issue 18 item 3): someone who opens the invite link while a
// game is on is told so on the invite page before the name box, watches the game (the public
// view) within moments of joining, shows up on the host's screen ("Carl is watching"), and once
// the host agrees is seated at Play again and plays the next game.
func TestLateJoinerWatchesThenPlays(t *testing.T) {
	srv := StartApp(t)
	ann := NewBrowser(t, "ann", Laptop)
	carl := NewBrowser(t, "carl-phone", Phone)
	link := hostTable(t, ann, srv.URL, "Ann")
	ann.Click("#add-bot")
	ann.WaitText("#lobby .lobby-seats h2", "2 of 7")
	ann.Click("#add-bot")
	ann.WaitText("#lobby .lobby-seats h2", "3 of 7")
	ann.Click("#start")
	ann.WaitVisible(".ark")

	opened := time.Now()
	carl.Open(link)
	carl.WaitApp()
	carl.WaitVisible("#invite-in-progress")
	told := time.Since(opened)
	if txt := carl.Text("#invite-preview"); !strings.Contains(txt, "Ann invites you to Arkham Ritual — 3 seated, 3–7 players") {
		t.Errorf("invite preview says %q", txt)
	}
	if txt := carl.Text("#invite-how"); !strings.Contains(txt, "How to play Arkham Ritual") {
		t.Errorf("how to play link says %q", txt)
	}
	carl.Screenshot("late-invite")
	typeInto(carl, "#player-name", "Carl")
	clicked := time.Now()
	carl.ClickJoin()
	carl.WaitVisible(".ark")
	carl.WaitVisible("#watch-banner")
	watching := time.Since(clicked)
	t.Logf("FIGURE late joiner: invite opened → told a game is on %v (incl. loading the app); join clicked → watching the game %v",
		told.Round(time.Millisecond), watching.Round(time.Millisecond))
	if seqOf(carl) < 1 {
		t.Fatalf("the watcher's board shows seq %d", seqOf(carl))
	}
	if n, _ := Eval[int](carl, `document.querySelectorAll('.actions button').length`); n != 0 {
		t.Errorf("the watcher has %d move buttons", n)
	}
	if st, _ := Eval[string](carl, `document.querySelector('#watch-banner').dataset.state`); st != "waiting" {
		t.Errorf("watch banner state %q", st)
	}
	carl.Screenshot("late-watching")

	ann.WaitText("#host-watchers", "Carl is watching")
	ann.Screenshot("host-sees-watcher")
	ann.Click("#watch-admit-0")
	ann.WaitText("#host-watchers", "Carl plays the next game")
	carl.WaitVisible(`#watch-banner[data-state="next"]`)
	carl.Screenshot("late-admitted")

	deadline := time.Now().Add(4 * time.Minute)
	for playStep(t, ann) != "over" {
		if time.Now().After(deadline) {
			ann.Screenshot("stuck")
			t.Fatal("the first game did not end")
		}
		time.Sleep(30 * time.Millisecond)
	}
	ann.WaitVisible("#play-again")
	ann.Click("#play-again")
	ann.WaitText("#lobby .lobby-seats h2", "4 of 7")
	carl.WaitVisible("#lobby")
	carl.WaitText("#lobby .seat-list", "Carl")
	carl.Screenshot("late-seated-lobby")
	for start := time.Now(); ; {
		// Carl's ready flag may still be on its way (the button may be disabled or redrawn):
		// press it whenever it can be pressed.
		_, _ = Eval[bool](ann, `(() => { const b = document.querySelector('#start'); if (b && !b.disabled) b.click(); return true; })()`)
		if ok, _ := Eval[bool](ann, `!!document.querySelector('.ark')`); ok {
			break
		}
		if time.Since(start) > 60*time.Second {
			ann.Screenshot("no-start")
			carl.Screenshot("no-start")
			t.Fatal("the next game with Carl did not start")
		}
		time.Sleep(300 * time.Millisecond)
	}
	carl.WaitVisible(".ark")
	if gone, _ := Eval[bool](carl, `!document.querySelector('#watch-banner')`); !gone {
		t.Error("Carl still watches in the game he is seated at")
	}
	if n, _ := Eval[int](carl, `document.querySelectorAll('.ark .seat.you').length`); n != 1 {
		t.Errorf("Carl has %d seats of his own in the new game, want 1", n)
	}
	carl.Screenshot("late-playing")
}

// TestAskBeforeJoining (issue 10, optional joiner approval): with "ask me before someone
// joins", a joiner waits, told whom it waits for, until the host lets it in (seated in the
// lobby); a refused joiner is told so, with a way forward.
func TestAskBeforeJoining(t *testing.T) {
	srv := StartApp(t)
	ann := NewBrowser(t, "ann", Laptop)
	dora := NewBrowser(t, "dora-phone", Phone)
	eve := NewBrowser(t, "eve", Laptop)
	link := hostTable(t, ann, srv.URL, "Ann")
	ann.Click("#ask-to-join")
	ann.WaitVisible("#ask-to-join:checked")

	dora.Open(link)
	dora.WaitApp()
	dora.WaitVisible("#invite-ask")
	if txt := dora.Text("#invite-preview"); !strings.Contains(txt, "Ann invites you to Arkham Ritual — 1 seated, 3–7 players") {
		t.Errorf("invite preview says %q", txt)
	}
	dora.Screenshot("ask-invite")
	typeInto(dora, "#player-name", "Dora")
	dora.ClickJoin()
	dora.WaitText(`#watch-banner[data-state="lobby"]`, "Waiting for Ann to let you in")
	dora.Screenshot("ask-waiting")
	ann.WaitText("#host-watchers", "Dora asks to join")
	ann.WaitText("#lobby .lobby-seats h2", "1 of 7")
	ann.Screenshot("ask-host")
	ann.Click("#watch-admit-0")
	ann.WaitText("#lobby .lobby-seats h2", "2 of 7")
	dora.WaitVisible("#lobby")
	dora.WaitText("#lobby .seat-list", "Dora")
	dora.Screenshot("ask-let-in")

	eve.Open(link)
	eve.WaitApp()
	eve.WaitVisible("#invite-ask")
	typeInto(eve, "#player-name", "Eve")
	eve.ClickJoin()
	eve.WaitVisible("#watch-banner")
	ann.WaitText("#host-watchers", "Eve asks to join")
	ann.Click("#watch-refuse-0")
	eve.WaitVisible(`#problem[data-problem="conn.refused"]`)
	if txt := eve.Text("#problem"); !strings.Contains(txt, "The host did not let you in") {
		t.Errorf("refused joiner told %q", txt)
	}
	eve.Screenshot("ask-refused")
	ann.WaitText("#lobby .lobby-seats h2", "2 of 7")
}
