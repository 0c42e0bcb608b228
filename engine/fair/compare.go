package fair

// What the host showed, recorded and compared with what the rules say (View, the replay's
// check), and how a difference is told.

import (
	"bytes"
	"crypto/sha256"
	"encoding/binary"
	"encoding/json"
	"errors"
	"fmt"
	"sort"
	"strings"

	"miskatonic/engine"
)

// View records what was shown at game seq seq. A second, different picture for the same seq
// is the host telling two stories, and is refused.
//
// A view for a seq the replay has passed is held to what the replay gave there: the latest
// replayed position (a.at) is compared with the rules now, an earlier one with the view shown
// and verified for it (one per seq is kept, as a hash). A view for a passed seq that was never
// shown and is not the latest cannot be checked any more: ErrViewPast says so, and a guest
// must not show it (the game has moved on past it anyway).
func (a *Auditor) View(seq int, s Shown) error {
	if a.past(seq) {
		v := s.encode()
		if h, ok := a.fixed[seq]; ok {
			if h != v.hash() {
				return viewChanged(seq)
			}
			return nil
		}
		if seq != a.at {
			return ErrViewPast
		}
		w, err := a.replayed()
		if err != nil {
			return err
		}
		if !w.equal(v) {
			return viewChanged(seq)
		}
		a.fixed[seq] = v.hash()
		return nil
	}
	v := s.encode()
	if old, ok := a.views[seq]; ok {
		if !old.equal(v) {
			return engine.Errorf(engine.KindIllegal, "fair: audit", "host showed two different views for seq %d", seq)
		}
		return nil
	}
	a.views[seq] = v
	return nil
}

// check compares what was shown at seq (if anything) with the replayed game, then forgets it.
func (a *Auditor) check(seq int) bool {
	got, ok := a.views[seq]
	if !ok {
		return true
	}
	w, err := a.replayed()
	if err != nil {
		a.failAt(seq, err.Error())
		return false
	}
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
	a.fixed[seq] = got.hash()
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

// replayed is what the rules show this seat at the replayed position.
func (a *Auditor) replayed() (shown, error) {
	want, err := json.Marshal(a.game.View(a.seat))
	if err != nil {
		return shown{}, fmt.Errorf("cannot encode the replayed view: %v", err)
	}
	return Shown{View: want, Legal: a.game.Legal(a.seat), Status: a.game.Status()}.encode(), nil
}

// hash fixes a shown view in 32 bytes, for the comparisons after the replay passed its seq.
func (s shown) hash() [32]byte {
	h := sha256.New()
	for _, b := range [][]byte{s.view, s.legal, s.status} {
		var n [8]byte
		binary.BigEndian.PutUint64(n[:], uint64(len(b)))
		h.Write(n[:])
		h.Write(b)
	}
	var out [32]byte
	h.Sum(out[:0])
	return out
}

// Passed says the replay has verified seq already: a view for it is held to the verified one
// (View).
func (a *Auditor) Passed(seq int) bool { return a.past(seq) }

// past says the replay has verified seq already: its view is fixed.
func (a *Auditor) past(seq int) bool {
	return seq < a.at || seq == a.at && a.started
}

// ErrViewPast is View's answer for a view of a seq the replay passed without one shown: it
// can no longer be checked, and is not to be shown.
var ErrViewPast = errors.New("fair: audit: a view for a seq the replay has passed")

// ViewChangedError is a second view for a verified seq that differs from the first (or from
// the rules): the host told this seat two stories about one moment of the game.
type ViewChangedError struct{ Seq int }

func (e *ViewChangedError) Error() string {
	return fmt.Sprintf("fair: audit: host showed a changed view for seq %d after it was verified", e.Seq)
}

func viewChanged(seq int) error { return &ViewChangedError{Seq: seq} }

// SameShown says two views shown for one seq are the same: view (as compact JSON), legal
// moves and status.
func SameShown(x, y Shown) bool { return x.encode().equal(y.encode()) }
