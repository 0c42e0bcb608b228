//go:build browser

package e2e

import (
	"strings"
	"testing"
	"time"
)

func titleOf(b *Browser) string {
	s, _ := Eval[string](b, `document.title`)
	return s
}

// TestTurnAlertTitle: two people at one table (and a bot). The tab title of each page says
// "● Your move — Arkham Ritual" exactly when that page has a move to make, so it changes on the
// other page when a move makes it their turn; table talk from the other player shows as an unread
// count in the title and a badge on table talk until it is opened.
func TestTurnAlertTitle(t *testing.T) {
	srv := StartApp(t)
	host := NewBrowser(t, "host", Laptop)
	bea := NewBrowser(t, "bea-phone", Phone)
	players := []*Browser{host, bea}

	link := hostTable(t, host, srv.URL, "Ann")
	joinTable(t, bea, link, "Bea")
	host.Click("#add-bot")
	host.WaitText("#lobby .lobby-seats h2", "3 of 7")
	host.Click("#start")
	for _, b := range players {
		b.WaitVisible(".ark")
	}

	// Unread talk: Bea's phone shows the table, the talk is far below it.
	typeInto(host, ".chat-input", "Your move soon")
	host.Click(".chat-form button")
	bea.WaitText("#chat-unread", "1")
	if tt := titleOf(bea); !strings.HasPrefix(tt, "(1) ") {
		t.Errorf("Bea's title with one unread line: %q", tt)
	}
	if tt := titleOf(host); strings.HasPrefix(tt, "(") {
		t.Errorf("the writer's own line counts as unread: %q", tt)
	}
	bea.Screenshot("unread")
	bea.Click("#chat-jump")
	for end := time.Now().Add(5 * time.Second); strings.HasPrefix(titleOf(bea), "("); time.Sleep(50 * time.Millisecond) {
		if time.Now().After(end) {
			t.Fatalf("the unread count stays after opening the talk: %q", titleOf(bea))
		}
	}

	// Turns: each page's title follows whether it has a move, and changes when the other's move
	// hands it the turn.
	const mark = "● Your move — Arkham Ritual"
	last := map[*Browser]string{}
	turnsCame := map[*Browser]int{}
	seen := map[*Browser]string{}
	deadline := time.Now().Add(90 * time.Second)
	for time.Now().Before(deadline) && (turnsCame[host] == 0 || turnsCame[bea] == 0) {
		for _, b := range players {
			tt := titleOf(b)
			if tt != seen[b] {
				seen[b] = tt
				t.Logf("%s title: %q", b.Name, tt)
			}
			if strings.HasPrefix(last[b], "Arkham Ritual") && strings.Contains(tt, mark) {
				turnsCame[b]++
			}
			if tt != "" {
				last[b] = strings.TrimLeft(tt, "(0123456789) ")
			}
			st := playStepThen(t, b, func(st string) {
				if strings.HasPrefix(st, "click:[data-e2e") {
					// The title follows once the page has drawn the move (GameScreen.alert sets
					// it after paint), so the buttons can be there a frame before it: wait for it,
					// bounded, before calling it missing.
					tt := titleOf(b)
					for end := time.Now().Add(10 * time.Second); !strings.Contains(tt, mark) && time.Now().Before(end); tt = titleOf(b) {
						time.Sleep(20 * time.Millisecond)
					}
					if !strings.Contains(tt, mark) {
						b.Screenshot("no-title")
						t.Fatalf("%s has moves but its title is %q", b.Name, tt)
					}
					if turnsCame[b] == 0 {
						b.Screenshot("your-move-title")
					}
				}
			})
			if st == "over" {
				t.Fatal("game ended before both turn alerts were seen")
			}
		}
		time.Sleep(40 * time.Millisecond)
	}
	if turnsCame[host] == 0 || turnsCame[bea] == 0 {
		t.Fatalf("title turned to %q on host %d, Bea %d times", mark, turnsCame[host], turnsCame[bea])
	}
	t.Logf("title turned to your move: host %d, Bea %d times", turnsCame[host], turnsCame[bea])
}
