package table

import (
	"bytes"
	"encoding/json"
	"fmt"
	"sort"
	"strings"
	"testing"
	"time"

	"miskatonic/engine"
	"miskatonic/engine/arkham"
	"miskatonic/engine/fair"
	"miskatonic/engine/fair/toy"
	"miskatonic/engine/rituals"
	"miskatonic/engine/shadows"
	"miskatonic/engine/wire"
)

// joinWatcher connects a guest named name mid-game through a recorder.
func joinWatcher(tt *testTable, name string, id int) (*Guest, *recorder) {
	tt.t.Helper()
	a, b := Pipe()
	rec := &recorder{Conn: b}
	if err := tt.host.AddGuest(a); err != nil {
		tt.t.Fatal(err)
	}
	g, err := NewGuest(rec, GuestConfig{Name: name, Identity: identity(id), Rand: newRand(uint64(id)), Rules: lookup, Tick: 10 * time.Millisecond})
	if err != nil {
		tt.t.Fatal(err)
	}
	return g, rec
}

// watcherFrames are the only messages a watcher may be sent: each either carries no game
// content or is checked by checkFrames (views, logs, reveals).
var watcherFrames = map[wire.Type]bool{
	wire.TChallenge: true, wire.TPreview: true, wire.TWelcome: true, wire.TLobby: true, wire.TSeating: true,
	wire.TLog: true, wire.TView: true, wire.TCommit: true, wire.TSeals: true, wire.TContribs: true,
	wire.TReveal: true, wire.TPledges: true, wire.TChat: true, wire.TReject: true,
	// The signed head covers the public record only; who has locked in and who is away name
	// seats, never a choice or a card.
	wire.THead: true, wire.TLocked: true, wire.TAway: true,
}

// stringsIn collects every JSON string value in b.
func stringsIn(b []byte, into map[string]bool) {
	var v any
	if json.Unmarshal(b, &v) != nil {
		return
	}
	var walk func(any)
	walk = func(v any) {
		switch v := v.(type) {
		case string:
			into[v] = true
		case []any:
			for _, x := range v {
				walk(x)
			}
		case map[string]any:
			for _, x := range v {
				walk(x)
			}
		}
	}
	walk(v)
}

// hiddenAt replays rec and returns, for each game seq, the strings (card keys, mostly) some
// seat's view holds that no public view of the whole game ever shows: what a watcher must
// never receive.
func hiddenAt(t *testing.T, rules engine.Rules, rec engine.Record) []map[string]bool {
	g, err := rules.New(rec.Config)
	if err != nil {
		t.Fatal(err)
	}
	public := map[string]bool{}
	var private []map[string]bool
	add := func() {
		b, _ := json.Marshal(g.View(engine.Observer))
		stringsIn(b, public)
		p := map[string]bool{}
		for s := 0; s < rec.Config.Seats; s++ {
			b, _ := json.Marshal(g.View(engine.Seat(s)))
			stringsIn(b, p)
		}
		private = append(private, p)
	}
	add()
	for i, m := range rec.Moves {
		if err := g.Apply(m); err != nil {
			t.Fatalf("replay move %d: %v", i, err)
		}
		add()
	}
	for _, p := range private {
		for s := range p {
			if public[s] || len(s) < 3 {
				delete(p, s)
			}
		}
	}
	return private
}

// TestWatcherSeesOnlyPublic: in each of the three games, someone who opens the invite mid-game
// is welcomed as a watcher at once (told a game is on, before its hello), follows the game to
// the end and verifies every deal, and receives only the public view: every frame is of a kind
// a watcher may get, every view and legal list is exactly the engine's Observer view at that
// seq, no deal key comes before its epoch ends, and no string that only a seat's view ever
// holds (a hidden card) appears in any byte of any frame.
func TestWatcherSeesOnlyPublic(t *testing.T) {
	defer checkNoLeak(t)()
	for _, rules := range []engine.Rules{arkham.Rules{}, rituals.Rules{}, shadows.Rules{}} {
		t.Run(rules.Name(), func(t *testing.T) {
			min, _ := rules.Seats()
			tt := newTable(t, tableOpts{rules: rules, guests: max(min, 3), seed: 31, tick: 50 * time.Millisecond})
			tt.play()
			tt.waitFor("a few moves", func() bool { return tt.host.State().Seq >= 3 })
			w, rec := joinWatcher(tt, "Carl", 40)
			tt.waitFor("watcher welcomed", func() bool { st := w.State(); return st.HasView && st.Seating != "" })
			st := w.State()
			if st.Seat != engine.Observer || st.Preview == nil || !st.Preview.Started || st.Seating != wire.SeatWaiting || len(st.Legal) != 0 {
				t.Fatalf("watcher: seat %d preview %+v seating %q legal %v", st.Seat, st.Preview, st.Seating, st.Legal)
			}
			if ws := tt.host.State().Watchers; len(ws) != 1 || ws[0].Name != "Carl" || !bytes.Equal(ws[0].Key, identity(40).Public()) {
				t.Fatalf("host's watchers: %+v", ws)
			}
			tt.guests = append(tt.guests, w)
			tt.finish()
			tt.checkViews()
			record := tt.host.Record()
			tt.close()
			rec.mu.Lock()
			frames := rec.frames
			rec.mu.Unlock()
			if err := checkFrames(rules, record, engine.Observer, frames); err != nil {
				t.Fatal(err)
			}
			hidden := hiddenAt(t, rules, record)
			seq, scanned := 0, 0
			for _, f := range frames {
				_, m, err := wire.Decode(f)
				if err != nil {
					t.Fatal(err)
				}
				if !watcherFrames[m.Type()] {
					t.Fatalf("a watcher was sent a %s", m.Type())
				}
				switch m := m.(type) {
				case *wire.View:
					seq = max(seq, m.Seq)
				case *wire.Log:
					seq = max(seq, m.From+len(m.Moves))
				}
				// Hidden now, or at any later point of the game: a card must not reach the
				// watcher before it is shown.
				got := map[string]bool{}
				stringsIn(f, got) // every string value, the view's included (it is inline JSON)
				for _, h := range hidden[seq:] {
					for s := range h {
						if got[s] {
							t.Fatalf("frame %s at seq %d carries %q, which only a seat's view holds", m.Type(), seq, s)
						}
					}
				}
				scanned++
			}
			n := 0
			for _, h := range hidden {
				n += len(h)
			}
			if n == 0 && rules.Name() != "shadows" { // co-op: no seat holds a secret, only the deck
				t.Fatal("no hidden strings found: the scan checks nothing")
			}
			t.Logf("%d frames scanned, %d moves, %d (seq, hidden string) pairs", scanned, len(record.Moves), n)
		})
	}
}

// TestWatcherSeatedAtRematch: the host sees who is watching, agrees to seat one, who is told
// and gets a seat of its own at the next game, plays it and verifies every deal; another is
// refused and told so. Admitted watchers take seats only while seats are free (the cap).
func TestWatcherSeatedAtRematch(t *testing.T) {
	defer checkNoLeak(t)()
	tt := newTable(t, tableOpts{guests: 3, seed: 8, opts: map[string]string{"rounds": "2"}})
	tt.host.do(func() { tt.host.maxSeats = 4 }) // room for one more player
	tt.play()
	tt.waitFor("a few moves", func() bool { return tt.host.State().Seq >= 2 })
	carl, _ := joinWatcher(tt, "Carl", 41)
	dora, _ := joinWatcher(tt, "Dora", 42)
	eve, _ := joinWatcher(tt, "Eve", 43)
	carl.SetReady(true) // as the app does on joining: refused while watching, said again once seated
	tt.waitFor("three watchers", func() bool { return len(tt.host.State().Watchers) == 3 })
	for _, k := range []int{41, 43} {
		if err := tt.host.Admit(identity(k).Public()); err != nil {
			t.Fatal(err)
		}
	}
	if err := tt.host.Refuse(identity(42).Public()); err != nil {
		t.Fatal(err)
	}
	tt.waitFor("Carl told he plays next", func() bool { return carl.State().Seating == wire.SeatNext })
	tt.waitFor("Dora told no", func() bool { d := dora.State().Dropped; return d != nil && d.Code == wire.ByeRefused })
	if err := tt.host.Admit(identity(99).Public()); err == nil {
		t.Fatal("admitted a key nobody holds")
	}
	if err := carl.Send(engine.Move{Seat: 3, Kind: "hold"}); err == nil {
		t.Fatal("a watcher sent a move")
	}
	tt.finish()
	if err := tt.host.Rematch(); err != nil {
		t.Fatal(err)
	}
	tt.waitFor("Carl seated", func() bool { st := carl.State(); return st.Seat == 3 && st.Connected })
	hs := tt.host.State()
	if len(hs.Seats) != 4 || hs.Seats[3].Name != "Carl" {
		t.Fatalf("seats after the rematch: %+v", hs.Seats)
	}
	if len(hs.Watchers) != 1 || hs.Watchers[0].Name != "Eve" || !hs.Watchers[0].Next {
		t.Fatalf("Eve should still watch, admitted for a later game (no seat free): %+v", hs.Watchers)
	}
	if eve.State().Seat != engine.Observer {
		t.Fatal("Eve took a seat beyond the table's size")
	}
	for _, g := range tt.guests {
		g.SetReady(true)
	}
	tt.waitFor("the new game starts with Carl", func() bool { return tt.host.Start() == nil })
	tt.guests = append(tt.guests, carl)
	tt.wg.Add(1)
	go driver(carl, tt.rand, tt.stop, &tt.wg)
	tt.finish()
	tt.checkViews()
	tt.guests = append(tt.guests, dora, eve)
	tt.close()
}

// rawLink is an attacker's own client: it speaks the wire protocol directly.
type rawLink struct {
	t   *testing.T
	c   Conn
	seq uint64
	in  chan wire.Message
	id  fair.Identity
}

func newRawLink(t *testing.T, h *Host, id fair.Identity) *rawLink {
	a, b := Pipe()
	if err := h.AddGuest(a); err != nil {
		t.Fatal(err)
	}
	r := &rawLink{t: t, c: b, in: make(chan wire.Message, 256), id: id}
	go func() {
		defer close(r.in)
		for {
			f, err := b.Recv()
			if err != nil {
				return
			}
			if _, m, err := wire.Decode(f); err == nil {
				r.in <- m
			}
		}
	}()
	return r
}

func (r *rawLink) send(m wire.Message) {
	r.seq++
	f, err := wire.Encode(r.seq, m)
	if err != nil {
		r.t.Fatal(err)
	}
	_ = r.c.Send(f)
}

// next waits for the first message of type typ.
func (r *rawLink) next(typ wire.Type) wire.Message {
	r.t.Helper()
	deadline := time.After(30 * time.Second)
	for {
		select {
		case m, ok := <-r.in:
			if !ok {
				r.t.Fatalf("link closed waiting for %s", typ)
			}
			if m.Type() == typ {
				return m
			}
		case <-deadline:
			r.t.Fatalf("no %s", typ)
		}
	}
}

// hello answers the challenge with the link's identity (and token, if any).
func (r *rawLink) hello(token string) *wire.Welcome {
	ch := r.next(wire.TChallenge).(*wire.Challenge)
	r.send(&wire.Hello{Rules: ch.Rules, Name: "Mallory", Key: r.id.Public(), Sig: r.id.SignHelloBound(ch.Nonce, ch.Table, nil), Token: token})
	return r.next(wire.TWelcome).(*wire.Welcome)
}

// TestAskToJoin (issue 10, finding 10): with "ask me before someone joins", a new player waits
// unseated until the host admits (seated at once) or refuses (told so); the host's own player
// and seated players coming back are not held. A waiting guest cannot get round the queue: not
// by saying it is ready, moving, saying hello again with another key or a guessed seat token,
// nor by coming back on a new link; each only waits again.
func TestAskToJoin(t *testing.T) {
	defer checkNoLeak(t)()
	tt := &testTable{t: t, rand: newRand(5), stop: make(chan struct{})}
	h, err := NewHost(toy.Rules{}, HostConfig{Rand: newRand(6), HostKey: identity(0).Public(), AskToJoin: true, RatePerSecond: 5000, Burst: 5000, MaxObservers: 3})
	if err != nil {
		t.Fatal(err)
	}
	tt.host = h
	join := func(i int, name string) *Guest {
		a, b := Pipe()
		if err := h.AddGuest(a); err != nil {
			t.Fatal(err)
		}
		g, _ := NewGuest(b, GuestConfig{Name: name, Identity: identity(i), Rand: newRand(uint64(i)), Rules: lookup, Tick: 10 * time.Millisecond})
		tt.guests = append(tt.guests, g)
		tt.waitFor(name+" welcomed", func() bool { return g.State().Connected })
		g.SetReady(true)
		return g
	}
	ann := join(0, "Ann")
	if ann.State().Seat != 0 {
		t.Fatalf("the host's own player waits: seat %d", ann.State().Seat)
	}
	bob := join(1, "Bob")
	tt.waitFor("Bob told to wait", func() bool { return bob.State().Seating == wire.SeatWaiting })
	if st := bob.State(); st.Seat != engine.Observer || st.Preview == nil || !st.Preview.Ask || st.Preview.Host != "Ann" || st.Preview.Seated != 1 {
		t.Fatalf("Bob: seat %d preview %+v", st.Seat, st.Preview)
	}

	// Mallory tries every way round the queue.
	mal := newRawLink(t, h, identity(7))
	if w := mal.hello("00112233445566778899aabbccddeeff"); w.Seat != engine.Observer {
		t.Fatalf("a guessed token seated Mallory at %d", w.Seat)
	}
	mal.send(&wire.Ready{Ready: true})
	mal.next(wire.TReject)
	mal.send(&wire.Move{Move: engine.Move{Seat: 1, Kind: "hold"}})
	mal.next(wire.TReject)
	other := identity(8)
	mal.send(&wire.Hello{Name: "Mallory", Key: other.Public(), Sig: other.SignHelloBound(make([]byte, 32), make([]byte, 16), nil)})
	mal.next(wire.TReject)
	mal2 := newRawLink(t, h, identity(9))
	if w := mal2.hello(""); w.Seat != engine.Observer {
		t.Fatalf("a second link seated Mallory at %d", w.Seat)
	}
	if st := h.State(); len(st.Seats) != 1 || len(st.Watchers) != 3 {
		t.Fatalf("after the attempts: %d seats, watchers %+v", len(st.Seats), st.Watchers)
	}
	// The cap holds for waiting joiners too.
	mal3 := newRawLink(t, h, identity(10))
	ch := mal3.next(wire.TChallenge).(*wire.Challenge)
	if pv := mal3.next(wire.TPreview).(*wire.Preview); pv.Seated != 1 || !pv.Ask {
		t.Fatalf("preview %+v", pv)
	}
	mal3.send(&wire.Hello{Rules: ch.Rules, Name: "M3", Key: mal3.id.Public(), Sig: mal3.id.SignHelloBound(ch.Nonce, ch.Table, nil)})
	if bye := mal3.next(wire.TBye).(*wire.Bye); bye.Code != wire.ByeFull {
		t.Fatalf("a fourth waiting joiner: %+v", bye)
	}

	if err := h.Admit(identity(1).Public()); err != nil {
		t.Fatal(err)
	}
	tt.waitFor("Bob seated", func() bool { st := bob.State(); return st.Seat == 1 && st.Token != "" })
	if err := h.Refuse(identity(7).Public()); err != nil {
		t.Fatal(err)
	}
	bye := mal.next(wire.TBye).(*wire.Bye)
	if bye.Code != wire.ByeRefused {
		t.Fatalf("Mallory refused with %+v", bye)
	}
	if err := h.Admit(identity(7).Public()); err == nil {
		t.Fatal("admitted a refused joiner who left")
	}
	// Seated players who come back are not held by the queue.
	bob.Reconnect(func() Conn { a, b := Pipe(); h.AddGuest(a); return b }())
	tt.waitFor("Bob back in his seat", func() bool { st := bob.State(); return st.Seat == 1 && st.Connected })
	tt.waitFor("start with Ann and Bob", func() bool { return h.Start() == nil })
	if st := h.State(); len(st.Seats) != 2 {
		t.Fatalf("seats: %+v", st.Seats)
	}
	for _, c := range []*rawLink{mal, mal2, mal3} {
		c.c.Close()
	}
	tt.close()
}

// TestWatchersCapped: watchers beyond HostConfig.MaxObservers are turned away with a reason,
// and none of them makes the host broadcast anything to the seated guests.
func TestWatchersCapped(t *testing.T) {
	defer checkNoLeak(t)()
	tt := newTable(t, tableOpts{guests: 2, seed: 12})
	tt.host.do(func() { tt.host.cfg.MaxObservers = 2 })
	var ws []*Guest
	for i := 0; i < 4; i++ {
		w, _ := joinWatcher(tt, fmt.Sprint("w", i), 60+i)
		ws = append(ws, w)
		tt.waitFor("answered", func() bool { st := w.State(); return st.Connected || st.Dropped != nil })
	}
	var names []string
	for _, w := range tt.host.State().Watchers {
		names = append(names, w.Name)
	}
	sort.Strings(names)
	if strings.Join(names, ",") != "w0,w1" {
		t.Fatalf("watchers %v", names)
	}
	for _, w := range ws[2:] {
		if d := w.State().Dropped; d == nil || d.Code != wire.ByeFull {
			t.Fatalf("watcher beyond the cap: %+v", d)
		}
	}
	tt.guests = append(tt.guests, ws...)
	tt.close()
}
