//go:build browser

package e2e

import (
	"strings"
	"testing"
	"time"
)

// The red stop (#deal-failed) as the verdict tests read it: played up to, checked, and kept
// over a reload.

// playUntilStopped plays b (step) until its page shows the red stop, for at most d; shot names
// the screenshot taken when it never does.
func playUntilStopped(t *testing.T, b *Browser, d time.Duration, shot string, step func()) {
	t.Helper()
	for end := time.Now().Add(d); ; time.Sleep(40 * time.Millisecond) {
		if failed, _ := Eval[bool](b, `!!document.querySelector('#deal-failed')`); failed {
			return
		}
		if time.Now().After(end) {
			b.Screenshot(shot)
			t.Fatal("the red stop was never shown")
		}
		step()
	}
}

// checkStop says whether the red stop is on screen, of kind, saying every one of words.
func checkStop(t *testing.T, b *Browser, when, kind string, words ...string) {
	t.Helper()
	b.WaitVisible("#deal-failed")
	if k, _ := Eval[string](b, `document.querySelector('#deal-failed').dataset.kind`); k != kind {
		t.Errorf("%s: failure kind %q, want %s", when, k, kind)
	}
	text := b.Text("#deal-failed")
	for _, w := range words {
		if !strings.Contains(text, w) {
			t.Errorf("%s: the stop lacks %q: %s", when, w, text)
		}
	}
}

// reloadKeepsStop reloads b and waits for its red stop to come back.
func reloadKeepsStop(t *testing.T, b *Browser, shot string) {
	t.Helper()
	b.Reload()
	for end := time.Now().Add(60 * time.Second); ; time.Sleep(200 * time.Millisecond) {
		if shown, _ := Eval[bool](b, `!!document.querySelector('#deal-failed')`); shown {
			return
		}
		if time.Now().After(end) {
			b.Screenshot(shot)
			body, _ := Eval[string](b, `document.body.innerText`)
			t.Fatalf("after a reload the red stop is gone: %.600s", body)
		}
	}
}
