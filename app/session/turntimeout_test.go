package session

import (
	"testing"
	"time"
)

// TestTurnTimeoutFromStorage: a browser test shortens the absent player's deadline through
// local storage; anything but a positive number of milliseconds leaves the table's default.
func TestTurnTimeoutFromStorage(t *testing.T) {
	for _, c := range []struct {
		set  bool
		v    string
		want time.Duration
	}{{false, "", 0}, {true, "1500", 1500 * time.Millisecond}, {true, "0", 0}, {true, "-5", 0}, {true, "soon", 0}} {
		st := &MemStore{}
		if c.set {
			st.Set(keyTurnTimeout, c.v)
		}
		if got := turnTimeout(st); got != c.want {
			t.Errorf("%q: %v, want %v", c.v, got, c.want)
		}
		if got := (&Session{store: st}).hostConfig(0, 0, nil).TurnTimeout; got != c.want {
			t.Errorf("%q: host config %v, want %v", c.v, got, c.want)
		}
	}
}
