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
// the focus back on the dock. It returns true when it acted on the page this step.
type arkhamKeyboard struct{ reveal, explain bool }

func (k *arkhamKeyboard) step(t *testing.T, b *Browser) bool {
	t.Helper()
	if !k.reveal {
		if up, _ := Eval[bool](b, `!!document.querySelector('#continue') && !document.querySelector('#card-explain')`); up {
			k.reveal = true
			waitFocus(t, b, "continue", "a round's reveal opened")
			b.Do(chromedp.KeyEvent(kb.Enter))
			if err := b.Try(poll(`!document.querySelector('#continue')`, 20*time.Millisecond)); err != nil {
				t.Fatalf("%s: Enter on Continue left the reveal open", b.Name)
			}
			waitFocus(t, b, "ark-dock", "the reveal was shut with Enter")
			return true
		}
	}
	if !k.explain {
		if ok, _ := Eval[bool](b, `!!document.querySelector('.dock-cards .card[data-card]') && !document.querySelector('#continue')`); ok {
			k.explain = true
			b.Click(".dock-cards .card[data-card]")
			b.WaitVisible("#card-explain")
			waitFocus(t, b, "explain-close", "a card's explanation opened")
			b.Do(chromedp.KeyEvent(kb.Escape))
			if err := b.Try(poll(`!document.querySelector('#card-explain')`, 20*time.Millisecond)); err != nil {
				t.Fatalf("%s: Escape left the card's explanation open", b.Name)
			}
			waitFocus(t, b, "ark-dock", "the explanation was shut with Escape")
			return true
		}
	}
	return false
}
