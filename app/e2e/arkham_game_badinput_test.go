//go:build browser

package e2e

import (
	"strings"
	"testing"
	"time"

	"miskatonic/app/signal"
)

// expectProblem waits for the problem banner with key and checks it offers a way forward.
func expectProblem(t *testing.T, b *Browser, key string) {
	t.Helper()
	b.WaitVisible(`#problem[data-problem="` + key + `"]`)
	// The page may draw again in between: a join clicked on the invite page clears the page's
	// own verdict (the same problem, found by its look at the table) until the join has its
	// own, seconds later. So look for the message with its way forward for a while.
	for end := time.Now().Add(15 * time.Second); ; time.Sleep(50 * time.Millisecond) {
		if n, _ := Eval[int](b, `document.querySelectorAll('#problem[data-problem="`+key+`"] a[href]').length`); n > 0 {
			break
		}
		if time.Now().After(end) {
			t.Errorf("%s: the %s message offers no way forward", b.Name, key)
			break
		}
	}
	b.Screenshot(strings.TrimPrefix(key, "conn."))
}

// TestArkhamBadInput: a broken invite link, a table nobody hosts and a full table each show a
// clear message with a way forward, and nothing crashes the page.
func TestArkhamBadInput(t *testing.T) {
	srv := StartApp(t)

	t.Run("broken link", func(t *testing.T) {
		b := NewBrowser(t, "broken", Phone)
		b.Open(srv.URL + "/#/join/not-a-room")
		b.WaitApp()
		expectProblem(t, b, "conn.bad_link")
	})

	t.Run("nobody hosts the room", func(t *testing.T) {
		inv, err := signal.NewInvite()
		if err != nil {
			t.Fatal(err)
		}
		b := NewBrowser(t, "nohost", Laptop)
		b.Open(inv.Guest().Link(srv.URL))
		b.WaitApp()
		b.WaitVisible("#join")
		typeInto(b, "#player-name", "Dan")
		b.ClickJoin()
		// The invite page itself finds out that nobody answers in the room (within the rtc
		// answer wait, seconds rather than the half minute a join used to take) and says so,
		// with a way forward and a button to look again.
		expectProblem(t, b, "conn.no_host")
		b.WaitVisible("#peek-retry")
	})

	t.Run("full table", func(t *testing.T) {
		host := NewBrowser(t, "host", Laptop)
		link := hostTable(t, host, srv.URL, "Ann")
		for i := 0; i < 6; i++ {
			host.Click("#add-bot")
			host.WaitText("#lobby .lobby-seats h2", []string{"2 of", "3 of", "4 of", "5 of", "6 of", "7 of"}[i])
		}
		late := NewBrowser(t, "late", Phone)
		late.Open(link)
		late.WaitApp()
		late.WaitVisible("#join")
		typeInto(late, "#player-name", "Eve")
		late.ClickJoin()
		expectProblem(t, late, "conn.full")
		host.WaitText("#lobby .lobby-seats h2", "7 of 7")
	})
}
