package boardtest

import (
	"fmt"
	"strings"
	"testing"

	"miskatonic/app/ui/board"
	"miskatonic/engine"
)

// OneFocusHome says what is wrong with html's focus home (board.ReleaseFocus), if anything:
// a board marks exactly one, and it takes the focus from script only (tabindex -1).
func OneFocusHome(html string) error {
	mark := "data-" + board.FocusHome + "="
	if n := strings.Count(html, mark); n != 1 {
		return fmt.Errorf("%d focus homes marked, want 1", n)
	}
	i := strings.Index(html, mark)
	start, end := strings.LastIndex(html[:i], "<"), strings.Index(html[i:], ">")
	if tag := html[start : i+end]; !strings.Contains(tag, `tabindex="-1"`) {
		return fmt.Errorf("the focus home %s… is not focusable by script alone (tabindex -1)", tag)
	}
	return nil
}

// FocusHomeInEachState fails tb unless the board html draws marks one focus home (OneFocusHome)
// in each of the first limit states of a seeded bot game of rules (EachState).
func FocusHomeInEachState[G engine.Game](tb testing.TB, rules engine.Rules, seats int, seed uint64, limit int, html func(g G) string) {
	tb.Helper()
	n := 0
	EachState(tb, rules, seats, seed, func(g G) {
		if n++; n > limit {
			return
		}
		if err := OneFocusHome(html(g)); err != nil {
			tb.Fatalf("state %d: %v", n, err)
		}
	})
}
