//go:build browser

package e2e

import (
	"strings"
	"testing"
)

// TestInviteSecretLeavesAddressBar: a guest opens an invite link; once the page has read it the
// room secret is gone from the address bar and from history, and a reload still rejoins the
// same seat (the link waits in this tab's session storage).
func TestInviteSecretLeavesAddressBar(t *testing.T) {
	srv := StartApp(t)
	host := NewBrowser(t, "host", Laptop)
	guest := NewBrowser(t, "guest", Phone)
	link := hostTable(t, host, srv.URL, "Ann")
	secretPart := link[strings.Index(link, "#/join/")+len("#/join/"):]
	joinTable(t, guest, link, "Bea")
	host.WaitText("#lobby .lobby-seats h2", "2 of 7")

	leaks := func(when string) {
		t.Helper()
		href, _ := Eval[string](guest, `location.href`)
		if strings.Contains(href, secretPart) || strings.Contains(href, strings.Split(secretPart, ".")[1]) {
			t.Fatalf("%s: the secret is in the address bar: %s", when, href)
		}
		// Going back must not land on an entry that holds it either.
		n, _ := Eval[int](guest, `history.length`)
		t.Logf("%s: location %s (history length %d)", when, href, n)
	}
	leaks("after joining")

	guest.Reload()
	guest.WaitApp()
	guest.WaitVisible("#lobby")
	leaks("after reload")
	host.WaitText("#lobby .lobby-seats h2", "2 of 7") // the same seat, not a new one
	if name := guest.Text("#lobby"); !strings.Contains(name, "Bea") {
		t.Fatalf("after reload the guest's lobby does not show Bea: %q", name)
	}
}
