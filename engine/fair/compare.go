package fair

// The replay's comparison of what the host showed with what the rules say, and how a
// difference is told.

import (
	"bytes"
	"encoding/json"
	"fmt"
	"sort"
	"strings"
)

// check compares what was shown at seq (if anything) with the replayed game, then forgets it.
func (a *Auditor) check(seq int) bool {
	got, ok := a.views[seq]
	if !ok {
		return true
	}
	want, err := json.Marshal(a.game.View(a.seat))
	if err != nil {
		a.failAt(seq, fmt.Sprintf("cannot encode the replayed view: %v", err))
		return false
	}
	w := Shown{View: want, Legal: a.game.Legal(a.seat), Status: a.game.Status()}.encode()
	switch {
	case !bytes.Equal(w.view, got.view):
		a.failAt(seq, "the view shown differs from the deal: "+diff(got.view, w.view))
		return false
	case !bytes.Equal(w.legal, got.legal):
		a.failAt(seq, fmt.Sprintf("the moves offered differ from the rules: shown %s, rules allow %s", clip(got.legal), clip(w.legal)))
		return false
	case !bytes.Equal(w.status, got.status):
		a.failAt(seq, fmt.Sprintf("the status shown differs from the rules: shown %s, rules say %s", clip(got.status), clip(w.status)))
		return false
	}
	delete(a.views, seq)
	if d, ok := a.deals[a.epoch]; ok {
		d.checked++
	}
	return true
}

// diff names the top-level fields where the shown view and the replayed one differ.
func diff(shown, want []byte) string {
	var s, w map[string]json.RawMessage
	if json.Unmarshal(shown, &s) != nil || json.Unmarshal(want, &w) != nil {
		return fmt.Sprintf("shown %s, dealt %s", clip(shown), clip(want))
	}
	keys := map[string]bool{}
	for k := range s {
		keys[k] = true
	}
	for k := range w {
		keys[k] = true
	}
	var names []string
	for k := range keys {
		if !bytes.Equal(compact(s[k]), compact(w[k])) {
			names = append(names, k)
		}
	}
	sort.Strings(names)
	var b strings.Builder
	for i, k := range names {
		if i > 0 {
			b.WriteString("; ")
		}
		fmt.Fprintf(&b, "%s: shown %s, dealt %s", k, clip(s[k]), clip(w[k]))
	}
	return b.String()
}

func clip(b []byte) string {
	if len(b) > 120 {
		return string(b[:120]) + "…"
	}
	if len(b) == 0 {
		return "nothing"
	}
	return string(b)
}
