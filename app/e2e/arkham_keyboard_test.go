//go:build browser

package e2e

import (
	"fmt"
	"testing"
	"time"

	"github.com/chromedp/chromedp"
	"github.com/chromedp/chromedp/kb"
)

// focusJS names the element holding the focus: its id, or the tag when it has none.
const focusJS = `(() => { const e = document.activeElement; return !e ? '' : (e.id || e.tagName); })()`

// waitFocus waits (bounded) until the focus is on the element with id want; it fails with
// where the focus is instead.
func waitFocus(t *testing.T, b *Browser, want, when string) {
	t.Helper()
	if err := b.Try(poll(fmt.Sprintf(`(document.activeElement || {}).id === %q`, want), 20*time.Millisecond)); err != nil {
		at, _ := Eval[string](b, focusJS)
		b.Screenshot("focus-" + want)
		t.Fatalf("%s: %s: the focus is on %q, want #%s", b.Name, when, at, want)
	}
}

// arkhamKeyboard checks, once each, what a keyboard player meets at an Arkham table: a round's
// reveal puts the focus on Continue, Enter on it shuts the reveal and the focus goes back to
// the dock (not to <body>); a card's explanation puts the focus on Close and Escape shuts it,
// the focus back on the dock. The fields say which checks have run.
type arkhamKeyboard struct{ reveal, explain bool }

// step runs a check not yet run whose moment has come; it returns true when it acted on the
// page (the caller then looks at the page afresh before playing).
func (k *arkhamKeyboard) step(t *testing.T, b *Browser) bool {
	t.Helper()
	if !k.reveal {
		if up, _ := Eval[bool](b, `!!document.querySelector('#continue') && !document.querySelector('#card-explain')`); up {
			k.reveal = true
			waitFocus(t, b, "continue", "a round's reveal opened")
			shutBy(t, b, kb.Enter, "#continue", "the reveal")
			return true
		}
	}
	if !k.explain {
		if ok, _ := Eval[bool](b, `!!document.querySelector('.dock-cards .card[data-card]') && !document.querySelector('#continue')`); ok {
			k.explain = true
			b.Click(".dock-cards .card[data-card]")
			b.WaitVisible("#card-explain")
			waitFocus(t, b, "explain-close", "a card's explanation opened")
			shutBy(t, b, kb.Escape, "#card-explain", "the card's explanation")
			return true
		}
	}
	return false
}

// shutBy presses key, waits (bounded) for what css selects to go, and for the focus to be back
// on the dock (not on <body>).
func shutBy(t *testing.T, b *Browser, key, css, what string) {
	t.Helper()
	b.Do(chromedp.KeyEvent(key))
	if err := b.Try(poll(fmt.Sprintf(`!document.querySelector(%q)`, css), 20*time.Millisecond)); err != nil {
		t.Fatalf("%s: the key %q left %s open", b.Name, key, what)
	}
	waitFocus(t, b, "ark-dock", what+" was shut from the keyboard")
}
