//go:build browser

package e2e

import (
	"strings"
	"testing"
)

// TestInviteSecondLinkSameTab: an invite link opens on a welcome that says what this is and how
// to play before the name box; a second invite link opened in the same tab (no reload) leaves the
// first table and joins the second.
func TestInviteSecondLinkSameTab(t *testing.T) {
	srv := StartApp(t)
	ann := NewBrowser(t, "ann", Laptop)
	dan := NewBrowser(t, "dan", Laptop)
	bea := NewBrowser(t, "bea-phone", Phone)
	linkA := hostTable(t, ann, srv.URL, "Ann")
	linkB := hostTable(t, dan, srv.URL, "Dan")

	bea.Open(linkA)
	bea.WaitApp()
	bea.WaitVisible("#invite-welcome")
	if txt := bea.Text("#invite-welcome"); !strings.Contains(txt, "How to play Arkham Ritual") {
		t.Errorf("welcome says %q", txt)
	}
	bea.Screenshot("invite")
	typeInto(bea, "#player-name", "Bea")
	bea.ClickJoin()
	bea.WaitVisible("#lobby")
	ann.WaitText("#lobby .lobby-seats h2", "2 of 7")

	if _, err := Eval[bool](bea, `window.__same = true`); err != nil {
		t.Fatal(err)
	}
	if _, err := Eval[bool](bea, `(location.href = `+jsString(linkB)+`, true)`); err != nil {
		t.Fatal(err)
	}
	bea.WaitVisible("#invite-welcome")
	typeInto(bea, "#player-name", "Bea")
	bea.ClickJoin()
	bea.WaitVisible("#lobby")
	dan.WaitText("#lobby .lobby-seats h2", "2 of 7")
	if same, _ := Eval[bool](bea, `window.__same === true`); !same {
		t.Error("the page reloaded for the second link")
	}
	bea.Screenshot("second-table")
}

// TestQuickGameAndResume: Quick game on the home page starts a solo table in one click; back on
// the home page, the game is offered back.
func TestQuickGameAndResume(t *testing.T) {
	srv := StartApp(t)
	b := NewBrowser(t, "phone", Phone)
	b.Open(srv.URL + "/")
	b.WaitApp()
	b.WaitVisible("#home-quick")
	b.Screenshot("home")
	b.Click("#home-quick")
	b.WaitVisible(".ark")
	if n, _ := Eval[int](b, `document.querySelectorAll('.ark .seat').length`); n != 5 {
		t.Errorf("quick game has %d seats, want 5", n)
	}
	b.Screenshot("quick-table")
	b.Open(srv.URL + "/")
	b.WaitApp()
	b.WaitVisible("#resume-solo-arkham")
	b.Screenshot("resume")
}
