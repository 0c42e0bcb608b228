package session

import (
	"testing"

	"miskatonic/engine/table"
)

type reliableEnd struct{ table.Conn }

func (reliableEnd) Reliable() bool { return true }

// TestMuxKeepsReliable: the table stream split off a link says it loses nothing exactly when
// the link does (an rtc.Conn: a data channel or the relayed path), so the guest on it sends
// nothing twice there (table.Reliable); over a link that may lose frames it still resends.
func TestMuxKeepsReliable(t *testing.T) {
	for _, c := range []struct {
		name string
		wrap func(table.Conn) table.Conn
		want bool
	}{
		{"reliable link", func(c table.Conn) table.Conn { return reliableEnd{c} }, true},
		{"plain link", func(c table.Conn) table.Conn { return c }, false},
	} {
		a, b := table.Pipe()
		m := newMux(c.wrap(b))
		var got bool
		if r, ok := table.Conn(m.table).(table.Reliable); ok {
			got = r.Reliable()
		}
		if got != c.want {
			t.Errorf("%s: the table stream says reliable=%v, want %v", c.name, got, c.want)
		}
		a.Close()
		m.table.Close()
	}
}
