//go:build browser

package e2e

import (
	"context"
	"fmt"
	"strings"
	"testing"
	"time"

	"github.com/chromedp/cdproto/browser"
	"github.com/chromedp/cdproto/page"
	"github.com/chromedp/chromedp"
)

// goWakesJS counts, in window.__goWakes, the browser timers that wake Go (wasm_exec.js's
// scheduleTimeoutEvent: a setTimeout whose callback resumes Go) and fire. It only observes:
// each timer is set and runs as before. The page's other timers are not counted.
const goWakesJS = `(() => {
  window.__goWakes = 0;
  const set = window.setTimeout;
  window.setTimeout = function (fn, ...rest) {
    if (typeof fn === 'function' && String(fn).includes('_resume')) {
      const f = fn;
      fn = function () { window.__goWakes++; return f.apply(this, arguments); };
    }
    return set.call(this, fn, ...rest);
  };
})()`

// countGoWakes installs goWakesJS in b for every page it opens from now on.
func countGoWakes(b *Browser) {
	b.Do(chromedp.Func(func(ctx context.Context, _ *chromedp.Target) error {
		_, err := chromedp.Call(ctx, page.AddScriptToEvaluateOnNewDocument, page.AddScriptToEvaluateOnNewDocumentParams{Source: goWakesJS})
		return err
	}))
}

// countGoWakesNow installs goWakesJS in the page b shows now (it counts from then on).
func countGoWakesNow(t *testing.T, b *Browser) {
	t.Helper()
	if _, err := Eval[bool](b, goWakesJS+` || true`); err != nil {
		t.Fatalf("%s: counting Go's wakes: %v", b.Name, err)
	}
}

func goWakes(b *Browser) int {
	n, _ := Eval[int](b, `window.__goWakes || 0`)
	return n
}

// hidePage minimizes b's window (hidden: the page's document.hidden turns true and it runs no
// animation frames) or restores it.
func hidePage(t *testing.T, b *Browser, hidden bool) {
	t.Helper()
	state := browser.WindowStateNormal
	if hidden {
		state = browser.WindowStateMinimized
	}
	b.Do(chromedp.Func(func(ctx context.Context, tg *chromedp.Target) error {
		w, err := chromedp.Call(ctx, browser.GetWindowForTarget, browser.GetWindowForTargetParams{})
		if err != nil {
			return err
		}
		_, err = chromedp.Call(ctx, browser.SetWindowBounds, browser.SetWindowBoundsParams{WindowID: w.WindowID, Bounds: &browser.Bounds{WindowState: state}})
		return err
	}))
	want := fmt.Sprint(hidden)
	if err := b.Try(poll(`String(document.hidden) === `+jsString(want), 20*time.Millisecond)); err != nil {
		t.Fatalf("%s: document.hidden never became %s: %v", b.Name, want, err)
	}
}

// toggleAbandonJS clicks the saved Arkham solo game's Abandon (or, with its confirmation open,
// No) on the home page and says when go-app drew the change: "click" if already in the click's
// own task, "frame" if by the callbacks of the first animation frame after the click (a
// requestAnimationFrame made right after the click runs after any the click's task made), else
// "later". With hidden, the page is hidden and runs no animation frames: then it waits for the
// change instead, for at most two seconds ("hidden" or "never").
const toggleAbandonJS = `(async (hidden) => {
  const ask = () => !!document.getElementById('abandon-ask-solo-arkham');
  const open = ask();
  document.getElementById(open ? 'abandon-no-solo-arkham' : 'abandon-solo-arkham').click();
  if (ask() !== open) return 'click';
  if (hidden) {
    for (let i = 0; i < 200; i++) {
      await new Promise((r) => setTimeout(r, 10));
      if (ask() !== open) return 'hidden';
    }
    return 'never';
  }
  return new Promise((res) => requestAnimationFrame(() => res(ask() !== open ? 'frame' : 'later')));
})`

// TestGoAppDrawsOnTheNextFrame (issue 26, app/goappframe): a change dispatched after a pause is
// drawn by the callbacks of the page's next animation frame, so that frame shows it; an idle
// page afterwards wakes Go no more; and a hidden page, which runs no animation frames, still
// draws it. go-app as published draws on its own timer, 8 ms after a dispatch that follows a
// pause: in one run on its build, none of the 8 clicks was drawn by the next frame's callbacks,
// and its timer woke Go 14 times in the 2 s after them.
func TestGoAppDrawsOnTheNextFrame(t *testing.T) {
	srv := StartApp(t)
	b := NewBrowser(t, "frame", Laptop)
	countGoWakes(b)
	traceGoTime(b)
	// A saved solo game puts Abandon on the home page: a button whose click only changes what
	// go-app draws (the confirmation), with no timer or network behind it.
	b.Open(srv.URL + "/")
	b.WaitApp()
	b.Click("#home-quick")
	b.WaitVisible(".ark")
	b.Open(srv.URL + "/")
	b.WaitApp()
	b.WaitVisible("#abandon-solo-arkham")

	const trials = 8
	when := map[string]int{}
	for range trials {
		// A pause first: published go-app's timer has slowed down to hundreds of ms by then.
		time.Sleep(300 * time.Millisecond)
		w, err := Eval[string](b, toggleAbandonJS+`(false)`)
		if err != nil {
			t.Fatal(err)
		}
		when[w]++
	}
	t.Logf("FIGURE a click after a pause drawn (of %d): %v", trials, when)
	if when["frame"] != trials {
		t.Errorf("a click after a pause was drawn by the next animation frame %d times of %d (%v)", when["frame"], trials, when)
	}

	before := goWakes(b)
	from, _ := Eval[float64](b, `performance.timeOrigin + performance.now()`)
	meter := newPageMeter(b)
	time.Sleep(2 * time.Second)
	thread := (meter.read()["ThreadTime"] - meter.start["ThreadTime"]) * 1e3
	idle := goWakes(b) - before
	inGo, _ := Eval[float64](b, fmt.Sprintf(`(() => { let s = 0; const g = window.__goBusy || [];
		for (let i = 0; i + 1 < g.length; i += 2) if (g[i] >= %f) s += g[i + 1]; return s; })()`, from))
	t.Logf("FIGURE Go woken by a timer on the idle home page in the 2 s after the clicks: %d times, %.2f ms in Go (wall time); the page's main thread %.2f ms CPU (Chromium's counter, the meter's own probes included; load %s)",
		idle, inGo, thread, loadAvg())
	if idle != 0 {
		t.Errorf("the idle page woke Go %d times in 2 s with nothing to draw", idle)
	}

	// Hidden: no animation frame runs, the change is drawn all the same.
	hidePage(t, b, true)
	for range 2 {
		// Drawn in the click's own task (the frame is taken at once when hidden) or soon after.
		if w, err := Eval[string](b, toggleAbandonJS+`(true)`); err != nil || w == "never" {
			t.Errorf("a click on the hidden page: %q (%v), want drawn while hidden", w, err)
		}
	}
	hidePage(t, b, false)
	if w, _ := Eval[string](b, toggleAbandonJS+`(false)`); w != "frame" {
		t.Errorf("a click after the page showed again: %q, want drawn by the next frame", w)
	}
	if logs := strings.Join(b.Logs(), "\n"); strings.Contains(logs, "released function") || strings.Contains(logs, "panic") {
		t.Errorf("console:\n%s", logs)
	}
}

// TestTurnAlertTitleHiddenTab: a move that hands the turn to a player whose tab is hidden (in
// the background: no animation frames run there) changes that tab's title all the same.
func TestTurnAlertTitleHiddenTab(t *testing.T) {
	srv := StartApp(t)
	host := NewBrowser(t, "host", Laptop)
	bea := NewBrowser(t, "bea", Laptop)
	annBeaAndBot(t, host, bea, srv.URL)

	const mark = "● Your move — Arkham Ritual"
	deadline := time.Now().Add(3 * time.Minute)
	for games := 0; ; {
		if time.Now().After(deadline) {
			t.Fatal("the turn never came to Bea's hidden tab in 3 minutes")
		}
		// Bea plays (visible) until it is not her move; then her tab hides and the others play.
		for strings.Contains(titleOf(bea), mark) && time.Now().Before(deadline) {
			playStep(t, bea)
			time.Sleep(50 * time.Millisecond)
		}
		hidePage(t, bea, true)
		for !strings.Contains(titleOf(bea), mark) && time.Now().Before(deadline) {
			if st := playStep(t, host); st == "over" {
				break
			}
			time.Sleep(50 * time.Millisecond)
		}
		hidden, _ := Eval[bool](bea, `document.hidden`)
		if tt := titleOf(bea); strings.Contains(tt, mark) && hidden {
			t.Logf("Bea's hidden tab: %q", tt)
			hidePage(t, bea, false)
			return
		}
		// The game ended with no turn for Bea meanwhile: the next one.
		hidePage(t, bea, false)
		if games++; games > 3 {
			t.Fatal("no turn came to Bea's hidden tab in four games")
		}
		rematch(host, []*Browser{host, bea})
	}
}

// annBeaAndBot seats Ann (hosting an Arkham table with open dealing at url), Bea and a bot,
// starts the game and waits for both pages' boards. It returns the table's invite link.
func annBeaAndBot(t *testing.T, ann, bea *Browser, url string) string {
	t.Helper()
	link := hostTable(t, ann, url, "Ann")
	joinTable(t, bea, link, "Bea")
	ann.Click("#add-bot")
	ann.WaitText("#lobby .lobby-seats h2", "3 of 7")
	ann.Click("#start")
	ann.WaitVisible(".ark")
	bea.WaitVisible(".ark")
	return link
}
