//go:build browser

package e2e

import (
	"fmt"
	"strings"
	"testing"
	"time"

	"github.com/chromedp/chromedp"

	"miskatonic/app/signal"
)

// scrollTo brings an element into view (for a screenshot of it).
func scrollTo(css string) chromedp.Action[chromedp.Void] {
	return chromedp.ScrollIntoView(chromedp.CSS(css))
}

// pasteInto replaces the contents of an input or text area the way a paste does: one input
// event with the whole text (typing a 600-character code key by key adds nothing).
func pasteInto(b *Browser, css, text string) {
	b.t.Helper()
	js := fmt.Sprintf(`(() => { const e = document.querySelector(%q); e.focus(); e.select();
		if (!document.execCommand('insertText', false, %q)) { e.value = %q; e.dispatchEvent(new Event('input', {bubbles: true})); }
		return e.value; })()`, css, text, text)
	if _, err := Eval[string](b, js); err != nil {
		b.t.Fatalf("e2e %s: paste into %s: %v", b.Name, css, err)
	}
}

// value is an input's or text area's current value.
func value(b *Browser, css string) string {
	b.t.Helper()
	v, err := Eval[string](b, fmt.Sprintf(`(document.querySelector(%q) || {}).value || ""`, css))
	if err != nil {
		b.t.Fatalf("e2e %s: value of %s: %v", b.Name, css, err)
	}
	return v
}

// expectCodeProblem waits for the code problem key on b's page.
func expectCodeProblem(t *testing.T, b *Browser, key string) {
	t.Helper()
	if err := b.Try(poll(fmt.Sprintf(`(() => { const p = document.querySelector('#code-problem'); return !!p && p.dataset.problem === %q; })()`, key), 50*time.Millisecond)); err != nil {
		got, _ := Eval[string](b, `(() => { const p = document.querySelector('#code-problem'); return p ? p.dataset.problem + ': ' + p.textContent : '(none)'; })()`)
		b.Screenshot("wrong-problem")
		t.Fatalf("%s: expected problem %s, page shows %s: %v", b.Name, key, got, err)
	}
}

// TestCodeConnect: two phones on one network with no internet. Both pages load, then the server
// (and with it the relay) goes away for good. The host still opens a table, makes a code for one
// device, the guest answers it with the pass, the host pastes the answer back, and the guest is
// seated; a bot fills the third seat and they play. Codes travel only as text read from one page
// and pasted into the other. Broken input on both sides gets a clear message and the way on.
func TestCodeConnect(t *testing.T) {
	srv := StartApp(t)
	host := NewBrowser(t, "host-phone", Phone)
	guest := NewBrowser(t, "guest-phone", Phone)

	host.Open(srv.URL + "/new?game=arkham")
	guest.Open(srv.URL + "/")
	for _, b := range []*Browser{host, guest} {
		b.WaitApp()
		b.WaitServiceWorker()
	}
	chooseOpenDealing(t, host) // engine/table's dealing over a code-connected link
	host.WaitVisible("#new-table")
	guest.WaitVisible("#home")

	// No internet from here on: nothing answers at the server's address, relay included.
	srv.Stop()

	typeInto(host, "#player-name", "Ann")
	host.Click("#open-table")
	host.WaitVisible("#lobby")
	host.WaitText("#problem", "invite links do not work")
	if n, _ := Eval[bool](host, `!!document.querySelector('#invite-link')`); n {
		t.Fatal("an invite link is offered with no relay")
	}
	host.Click("#code-make")
	host.WaitVisible("#code-pass")
	pass := strings.TrimSpace(host.Text("#code-pass"))
	offer := value(host, "#offer-code")
	if len(pass) != signal.PassLen+2 || !strings.HasPrefix(offer, "MK1O.") {
		t.Fatalf("pass %q, offer %.20q", pass, offer)
	}
	t.Logf("FIGURE offer code: %d characters", len(offer))
	host.Do(scrollTo("#code-connect"))
	host.Screenshot("code-offer")
	host.WaitVisible("#offer-code-qr")

	// The guest goes to "Join with a code" from the home page.
	guest.Click("#home-code")
	guest.WaitVisible("#code-join")
	typeInto(guest, "#player-name", "Bea")
	guest.Screenshot("code-form")

	// Mistakes first: a garbled code, then the host's pass misread.
	typeInto(guest, "#code-pass-input", strings.ToLower(pass))
	pasteInto(guest, "#offer-input", "MK1O."+offer[len(offer)/2:])
	guest.Click("#make-answer")
	expectCodeProblem(t, guest, "code.no_open")
	pasteInto(guest, "#offer-input", "hello")
	guest.Click("#make-answer")
	expectCodeProblem(t, guest, "code.not_code")
	wrong := []byte(pass)
	if wrong[0] == 'Z' {
		wrong[0] = 'Y'
	} else {
		wrong[0] = 'Z'
	}
	pasteInto(guest, "#code-pass-input", string(wrong))
	pasteInto(guest, "#offer-input", offer)
	guest.Click("#make-answer")
	expectCodeProblem(t, guest, "code.no_open")
	guest.Screenshot("code-wrong-pass")

	// Right pass (typed in lower case, without the dash): the answer code.
	pasteInto(guest, "#code-pass-input", "")
	typeInto(guest, "#code-pass-input", strings.ToLower(strings.ReplaceAll(pass, "-", "")))
	guest.Click("#make-answer")
	guest.WaitVisible("#answer-code")
	answer := value(guest, "#answer-code")
	if !strings.HasPrefix(answer, "MK1A.") {
		t.Fatalf("answer %.20q", answer)
	}
	t.Logf("FIGURE answer code: %d characters", len(answer))
	guest.WaitVisible("#answer-code-qr")
	guest.Screenshot("code-answer")

	// The host pastes its own code by mistake, then the right one.
	pasteInto(host, "#answer-input", offer)
	host.Click("#answer-submit")
	expectCodeProblem(t, host, "code.want_answer")
	host.Screenshot("code-wrong-answer")
	start := time.Now()
	pasteInto(host, "#answer-input", answer)
	host.Click("#answer-submit")
	host.WaitVisible("#code-done")
	guest.WaitVisible("#lobby")
	t.Logf("FIGURE answer pasted → guest seated: %v", time.Since(start).Round(time.Millisecond))
	host.WaitText("#lobby .lobby-seats h2", "2 of 7")
	host.Do(scrollTo("#code-connect"))
	host.Screenshot("code-done")
	guest.Screenshot("lobby")

	// A bot fills the third seat and the game starts.
	host.Click("#add-bot")
	host.WaitText("#lobby .lobby-seats h2", "3 of 7")
	guest.WaitText("#lobby .lobby-seats h2", "3 of 7")
	host.Click("#start")
	players := []*Browser{host, guest}
	for _, b := range players {
		b.WaitVisible(".ark")
		watch(t, b)
	}
	moves := map[string]int{}
	over := func() bool { return moves[host.Name] >= 100 || moves[guest.Name] >= 100 }
	// A first move by the guest; then its page goes away and comes back by code (below).
	playMoves(t, players, moves, func() bool { return over() || moves[guest.Name] >= 1 })
	for _, b := range players {
		b.Screenshot("table")
	}
	if over() {
		t.Fatal("the game ended before the guest's first move")
	}

	// The guest's page goes away mid-game: with no relay it cannot find the host by itself.
	// The host's page offers a code for it; the guest "scans" the QR code (opens the link it
	// holds, served offline by the service worker) and finds the code filled in, types the pass,
	// and the same browser gets its seat back.
	seq := seqOf(guest)
	guest.Open("about:blank")
	host.WaitVisible("#code-connect")
	host.Do(scrollTo("#code-connect"))
	host.Screenshot("code-rejoin-panel")
	clickPast(t, host, "#code-make", `!!document.querySelector('#code-pass')`)
	pass, offer = strings.TrimSpace(host.Text("#code-pass")), value(host, "#offer-code")
	link, err := Eval[string](host, `document.querySelector('#offer-code-qr').dataset.text`)
	if err != nil || !strings.HasSuffix(link, "/code#"+offer) {
		t.Fatalf("the QR code holds %.40q (%v), not a link with the offer", link, err)
	}
	guest.Open(link)
	guest.WaitApp()
	guest.WaitVisible("#code-join")
	if got := value(guest, "#offer-input"); got != offer {
		t.Fatalf("the offer from the QR link is not filled in: %.30q", got)
	}
	typeInto(guest, "#code-pass-input", pass)
	guest.Click("#make-answer")
	guest.WaitVisible("#answer-code")
	pasteInto(host, "#answer-input", value(guest, "#answer-code"))
	clickPast(t, host, "#answer-submit", `!document.querySelector('#answer-input')`)
	guest.WaitVisible(".ark")
	if back := seqOf(guest); back < seq {
		t.Fatalf("the guest came back to seq %d, had seen %d", back, seq)
	}
	if you, _ := Eval[string](guest, `(document.querySelector('.me .seat.you') || {}).textContent || ''`); !strings.Contains(you, "Bea") {
		t.Fatalf("the guest is not back in Bea's seat: %q", you)
	}
	if err := host.Try(poll(`!document.querySelector('#code-connect')`, 50*time.Millisecond)); err != nil {
		t.Fatalf("the host still offers to reconnect a device: %v", err)
	}
	watch(t, guest)
	before := moves[guest.Name]
	playMoves(t, players, moves, func() bool { return over() || moves[guest.Name] >= before+3 })
	t.Logf("moves clicked: host %d, guest %d (the game over adds 100)", moves[host.Name], moves[guest.Name])
	for _, b := range players {
		if p, _ := Eval[string](b, `(document.querySelector('#problem') || {}).textContent || ''`); p != "" && !strings.Contains(p, "invite links") {
			t.Fatalf("%s shows a problem while playing: %s", b.Name, p)
		}
	}
	guest.Screenshot("table-after-rejoin")

	// The host's page goes away: the guest is told, and offered to join again with a new code.
	host.Open("about:blank")
	guest.WaitVisible("#code-again")
	if key, _ := Eval[string](guest, `(document.querySelector('#problem') || {dataset: {}}).dataset.problem || ''`); key != "code.lost" {
		t.Fatalf("the guest shows problem %q, want code.lost", key)
	}
	guest.Screenshot("host-gone")
	// Whatever covers the table (a round's reveal, the game-over screen), the one button that
	// mends it lies on top, in reach of a tap.
	if at := reach(guest, "#code-again"); at != "in reach" {
		t.Fatalf("the guest cannot tap Join again: %s", at)
	}
	clickPast(t, guest, "#code-again", `!!document.querySelector('#code-form')`)
}

// playMoves plays on every page (clicking what the page offers) until done() holds, counting
// each page's moves and adding 100 once a page shows the game over. A game that stops moving
// for 3 minutes fails the test with a picture of every page.
func playMoves(t *testing.T, players []*Browser, moves map[string]int, done func() bool) {
	t.Helper()
	for end := time.Now().Add(3 * time.Minute); !done(); {
		if time.Now().After(end) {
			stuck(t, players)
		}
		for _, b := range players {
			switch st := playStep(t, b); {
			case strings.HasPrefix(st, "click:[data-e2e"):
				moves[b.Name]++
			case st == "over" && moves[b.Name] < 100:
				moves[b.Name] += 100
			}
		}
		checkNoLeak(t, players...)
		time.Sleep(30 * time.Millisecond)
	}
}

// clickPast clicks css as a player would: first out of the way of the round's reveal, which
// covers the page whenever a round ends (the game goes on meanwhile), until done (JS) holds.
func clickPast(t *testing.T, b *Browser, css, done string) {
	t.Helper()
	for end := time.Now().Add(Timeout); time.Now().Before(end); {
		if st, _ := Eval[string](b, `document.querySelector('#continue') ? 'reveal' : ''`); st == "reveal" {
			_ = b.Try(chromedp.Click(chromedp.CSS("#continue"), chromedp.NodeVisible))
		}
		// A card's explanation opened by a stray tap while playing covers the lower screen;
		// a person closes it, and brings the button to the middle of the screen, clear of
		// the action dock pinned to the bottom.
		if st, _ := Eval[string](b, `document.querySelector('#card-explain') ? 'open' : ''`); st == "open" {
			_ = b.Try(chromedp.Click(chromedp.CSS("#explain-close"), chromedp.NodeVisible))
		}
		_, _ = Eval[bool](b, fmt.Sprintf(`(() => { const e = document.querySelector(%q); if (e) e.scrollIntoView({block: 'center'}); return !!e; })()`, css))
		_ = b.Try(chromedp.Click(chromedp.CSS(css), chromedp.NodeVisible))
		if b.Try(chromedp.Poll[chromedp.Void](done, chromedp.WithPollingInterval(50*time.Millisecond), chromedp.WithPollingTimeout(3*time.Second))) == nil {
			return
		}
	}
	b.Screenshot("click-past")
	t.Fatalf("%s: clicking %s never led to %s (the button: %s)", b.Name, css, done, reach(b, css))
}

// reach brings css to the middle of the screen and says whether a tap there lands on it: "in
// reach", or what covers it.
func reach(b *Browser, css string) string {
	at, err := Eval[string](b, fmt.Sprintf(`(() => { const e = document.querySelector(%q); if (!e) return 'no such element';
	  e.scrollIntoView({block: 'center'});
	  const r = e.getBoundingClientRect(), h = document.elementFromPoint(r.x + r.width / 2, r.y + r.height / 2);
	  return !h ? 'off screen' : e.contains(h) ? 'in reach' : 'covered by ' + h.outerHTML.slice(0, 160); })()`, css))
	if err != nil {
		return err.Error()
	}
	return at
}
