//go:build browser

package e2e

import (
	"testing"
	"time"
)

// lobbyInViewJS: the host's lobby as it stands (never scrolled): the seats' heading, Add a bot
// and Start lie wholly inside the screen, Start right under the seats. It returns "" or what is wrong.
const lobbyInViewJS = `(() => {
  const H = innerHeight, W = document.documentElement.clientWidth, bad = [];
  for (const css of ['.lobby-seats h2', '#add-bot', '#start']) {
    const el = document.querySelector(css);
    if (!el) { bad.push(css + ' missing'); continue; }
    const r = el.getBoundingClientRect();
    if (r.top < -0.5 || r.bottom > H + 0.5 || r.left < -0.5 || r.right > W + 0.5) bad.push(css + ' outside ' + JSON.stringify([r.left, r.top, r.right, r.bottom].map(Math.round)));
  }
  // Start follows the seats directly, not below the (taller) invite beside them.
  const seats = document.querySelector('.lobby-seats'), start = document.querySelector('.lobby-start');
  if (seats && start) {
    const gap = start.getBoundingClientRect().top - seats.getBoundingClientRect().bottom;
    if (gap > 40) bad.push('Start sits ' + Math.round(gap) + ' px below the seats');
  }
  if (scrollY !== 0) bad.push('scrolled to ' + scrollY);
  return bad.join('; ');
})()`

// shiftJS is the page's layout shift so far not caused by input (the CLS a user feels),
// from the entries the browser buffered since the page loaded.
const shiftJS = `new Promise(ok => {
  let sum = 0;
  new PerformanceObserver(l => { for (const e of l.getEntries()) if (!e.hadRecentInput) sum += e.value; })
    .observe({type: 'layout-shift', buffered: true});
  setTimeout(() => ok(sum), 100);
})`

// chooseLang opens the app at url on b and chooses lang, as a reader's language menu does (the
// choice is kept for the pages opened after).
func chooseLang(t *testing.T, b *Browser, url, lang string) {
	t.Helper()
	b.Open(url + "/")
	b.WaitApp()
	if _, err := Eval[bool](b, `(localStorage.setItem("miskatonic.lang", `+jsString(lang)+`), true)`); err != nil {
		t.Fatal(err)
	}
}

// TestHostLobbyInViewAndInviteSteady: a host opens a table on a 1366×768 laptop in French (the
// longest words): the seats, Add a bot and Start are on screen without scrolling. A guest's
// phone opens the invite link: the page does not shift when the host's description of the
// table arrives (it replaces the general welcome above the name box).
func TestHostLobbyInViewAndInviteSteady(t *testing.T) {
	srv := StartApp(t)
	host := NewBrowser(t, "host-768", laptop768)
	chooseLang(t, host, srv.URL, "fr")
	link := hostTable(t, host, srv.URL, "Annabelle-Marguerite")
	host.WaitVisible("#start")
	host.Screenshot("lobby-768")
	if bad, err := Eval[string](host, lobbyInViewJS); err != nil || bad != "" {
		t.Errorf("the host's lobby at 1366×768: %s (%v)", bad, err)
	}

	for _, vp := range []struct {
		name string
		vp   Viewport
	}{{"phone", Phone}, {"laptop", laptop768}} {
		g := NewBrowser(t, "guest-"+vp.name, vp.vp)
		g.Open(link)
		g.WaitApp()
		g.WaitVisible("#invite-preview")
		time.Sleep(500 * time.Millisecond) // whatever follows the description's arrival
		g.Screenshot("invite-" + vp.name)
		shift, err := Eval[float64](g, shiftJS)
		if err != nil {
			t.Fatal(err)
		}
		t.Logf("%s: layout shift %.4f", vp.name, shift)
		if shift > 0.01 {
			t.Errorf("%s: the invite page shifted by %.3f (CLS) as the table's description arrived", vp.name, shift)
		}
	}
}
