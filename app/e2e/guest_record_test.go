//go:build browser

package e2e

import (
	"strings"
	"testing"
	"time"

	"github.com/chromedp/chromedp"
)

// TestGuestExportsRecord: at game over a guest's page asks the host for the proven record,
// checks it against what it saw, and offers the same export as the host: the file (kept as this
// browser's last game) and the replay, byte for byte the host's record.
func TestGuestExportsRecord(t *testing.T) {
	srv := StartApp(t)
	ann := NewBrowser(t, "ann", Laptop)
	bea := NewBrowser(t, "bea-phone", Phone)
	link := hostTable(t, ann, srv.URL, "Ann")
	ann.Click("#add-bot")
	ann.WaitText("#lobby .lobby-seats h2", "2 of 7")
	joinTable(t, bea, link, "Bea")
	ann.WaitText("#lobby .lobby-seats h2", "3 of 7")
	ann.Click("#start")
	for _, b := range []*Browser{ann, bea} {
		b.WaitVisible(".ark")
	}
	players := []*Browser{ann, bea}
	for deadline := time.Now().Add(10 * time.Minute); ; time.Sleep(30 * time.Millisecond) {
		over := 0
		for _, b := range players {
			if playStep(t, b) == "over" {
				over++
			}
		}
		if over == len(players) {
			break
		}
		if time.Now().After(deadline) {
			stuck(t, players)
			t.Fatal("the game never ended")
		}
	}
	bea.WaitVisible("#record-download")
	bea.Do(chromedp.ScrollIntoView(chromedp.CSS("#record-panel")))
	bea.Screenshot("guest-record")
	if href, _ := Eval[string](bea, `document.querySelector('#record-download').getAttribute('href')`); !strings.HasPrefix(href, "blob:") {
		t.Fatalf("the guest's download link is %q", href)
	}
	ann.WaitVisible("#record-download")
	host, _ := Eval[string](ann, `localStorage.getItem('miskatonic.lastRecord') || ''`)
	guest, _ := Eval[string](bea, `localStorage.getItem('miskatonic.lastRecord') || ''`)
	if !strings.Contains(guest, `"proof"`) || guest != host {
		t.Fatalf("the guest's record (%d bytes) is not the host's (%d bytes): %.200s", len(guest), len(host), guest)
	}
	t.Logf("FIGURE guest record: %d bytes, the host's to the byte", len(guest))
}
