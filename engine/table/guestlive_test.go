package table

import (
	"sync/atomic"
	"testing"
	"time"

	"miskatonic/engine"
	"miskatonic/engine/arkham"
	"miskatonic/engine/wire"
)

func TestCheckViewSelf(t *testing.T) {
	move := []engine.Move{{Seat: 1, Kind: "give"}}
	for _, c := range []struct {
		name  string
		seat  engine.Seat
		legal []engine.Move
		st    engine.Status
		bad   bool
	}{
		{"our turn, our moves", 1, move, engine.Status{Active: []engine.Seat{1}}, false},
		{"another's turn, no moves", 1, nil, engine.Status{Active: []engine.Seat{0}}, false},
		{"a deal, no moves", 1, nil, engine.Status{Active: []engine.Seat{engine.Dealer}, Deal: &engine.DealRequest{Epoch: 1}}, false},
		{"the game over", 1, nil, engine.Status{Over: true}, false},
		{"a watcher", engine.Observer, nil, engine.Status{Active: []engine.Seat{0}}, false},
		{"a sealed round with our seat left out", 1, move, engine.Status{Active: []engine.Seat{0, 2}, Sealed: true}, true},
		{"our turn, no moves offered", 1, nil, engine.Status{Active: []engine.Seat{1}}, true},
	} {
		t.Run(c.name, func(t *testing.T) {
			why := checkViewSelf(c.seat, 7, c.legal, c.st)
			if (why != nil) != c.bad {
				t.Fatalf("verdict %v, want one: %v", why, c.bad)
			}
			if why != nil && (why.code != wire.DealStatusContradicts || len(why.args) != 1 || why.args[0] != "7") {
				t.Fatalf("verdict %+v", why)
			}
		})
	}
}

// needCounter counts the Needs a guest sends.
type needCounter struct {
	Conn
	n *atomic.Int32
}

func (c needCounter) Send(f []byte) error {
	if wire.Peek(f) == wire.TNeed {
		c.n.Add(1)
	}
	return c.Conn.Send(f)
}

// A player who takes their time is not the host withholding: the quiet asks (guestlive.go)
// go unanswered by an honest host, many times over the deadline, and nobody is named.
func TestSlowPlayerNamesNoOne(t *testing.T) {
	defer checkNoLeak(t)()
	var needs atomic.Int32
	tt := newTable(t, tableOpts{rules: arkham.Rules{}, guests: 2, bots: 1, seed: 5, tick: 5 * time.Millisecond, reveal: 100 * time.Millisecond,
		wrap: func(i int, c Conn) Conn { return needCounter{c, &needs} }})
	defer tt.close()
	var hold atomic.Bool
	hold.Store(true)
	tt.wg.Add(2)
	go driver(tt.guests[0], tt.rand, tt.stop, &tt.wg)
	go heldDriver(tt.guests[1], tt.rand, tt.stop, &tt.wg, &hold)
	// Guest 1 thinks for fifteen deadlines, once the game waits on it.
	tt.waitFor("the game waits on guest 1", func() bool {
		st := tt.guests[1].State()
		return st.HasView && st.Status.IsActive(st.Seat)
	})
	asked := needs.Load()
	time.Sleep(1500 * time.Millisecond)
	for i, g := range tt.guests {
		st := g.State()
		for _, d := range st.Deals {
			if d.State == DealFailed {
				t.Fatalf("guest %d named the host while a player thought: %s", i, d.Problem)
			}
		}
		if st.Fault != nil {
			t.Fatalf("guest %d: %+v", i, st.Fault)
		}
	}
	// The asks themselves are counted without a clock: the table must be asked at least twice
	// (1.5 s is fifteen deadlines, but a loaded machine may have run its timers late).
	tt.waitFor("the quiet table asked twice", func() bool { return needs.Load()-asked >= 2 })
	hold.Store(false)
	tt.finish()
}
