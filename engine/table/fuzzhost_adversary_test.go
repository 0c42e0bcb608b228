package table

// The fuzzing host's adversary (issue 23, "An adversarial host that fuzzes"): a Conn wrapper on
// each honest guest's end of its link to the real Host. It decodes every engine/wire frame,
// and at points drawn from the game's seed drops, duplicates or reorders frames (both ways),
// rewrites fields of any frame the host sends, changes rosters and keys, marks stand-ins and
// re-signs with keys of its own. Everything it delivers and everything the guest sends is
// traced for the oracle (fuzzhost_oracle_test.go). Nothing in the production code changes.

import (
	"bytes"
	"encoding/base64"
	"encoding/json"
	"reflect"
	"sort"
	"sync"

	"miskatonic/engine"
	"miskatonic/engine/fair"
	"miskatonic/engine/rng"
	"miskatonic/engine/wire"
)

// Deviation kinds. net.* are network faults, which must never be reported as cheating; the
// rest are a dishonest host's.
const (
	devDrop    = "net.drop"    // a frame lost (either way); the guest asks again
	devDup     = "net.dup"     // a frame delivered twice (either way)
	devReorder = "net.reorder" // a frame held back behind the next one (either way)

	devRewrite     = "rewrite"        // one field of one frame changed (rewrite.<type>)
	devWithhold    = "withhold"       // a frame replaced by a chat line, so no gap shows (withhold.<type>)
	devLobbyKey    = "lobby.key"      // a seat's key in every lobby and roster is the host's own
	devLobbyStand  = "lobby.standin"  // a connected player's seat marked as a stand-in's
	devRosterDrop  = "roster.keyless" // a player's seat keyless in a deal's roster (a "bot")
	devRosterEmpty = "roster.empty"   // every seat keyless in a deal's roster (item 1)
	devViewStand   = "view.standin"   // a move shown as a stand-in's, its signature dropped
	devLogStand    = "log.standin"    // a player's move withheld, then sent in a log marked a stand-in's, unsigned (item 3)
	devResignMove  = "resign.move"    // a player's move re-signed with a host-owned key
	devResignSeal  = "resign.seal"    // a seal replaced by one the host made and signed
	devResignHead  = "resign.head"    // the log head signed by another host key
	devPledgeStand = "pledge.standin" // a sealed pledge marked a stand-in's, unsigned (item 4)
	devWelcomeSeat = "welcome.seat"   // the welcome names another seat
	devActiveDrop  = "status.active"  // a seat left out of a sealed round's active seats (item 6)
	devViewAgain   = "view.again"     // a filler frame replaced by the latest view, changed
	devViewFinal   = "view.final"     // the same once the game is over: the last screen stays
	devRecordNames = "record.names"   // the finished game's record with two names swapped
	devRecordField = "record.field"   // one field of the finished game's record changed
)

// cheatKinds are the dishonest host's deviations a game draws from.
var cheatKinds = []string{
	devRewrite, devRewrite, devRewrite, devWithhold,
	devLobbyKey, devLobbyStand, devRosterDrop, devRosterEmpty, devViewStand, devLogStand,
	devResignMove, devResignSeal, devResignHead, devPledgeStand, devWelcomeSeat, devActiveDrop,
	devViewAgain, devViewAgain, devViewFinal, devRecordNames, devRecordField,
}

// rewriteTypes are the frame types the generic rewrite and withhold pick among.
var rewriteTypes = []wire.Type{wire.TView, wire.TView, wire.TLog, wire.TCommit, wire.TSeals, wire.TContribs,
	wire.TReveal, wire.TLobby, wire.TWelcome, wire.THead, wire.TPledges, wire.TLocked, wire.TAway}

// deviation is one planned cheat: kind, on which guest's link (-1: all), from the n-th frame it
// applies to, and whether it goes on applying after that (a steady lie, such as a changed key).
type deviation struct {
	kind   string
	typ    wire.Type // for rewrite and withhold
	guest  int
	after  int
	steady bool
	seat   int // a seat the deviation is about (a roster or stand-in victim), mod the seat count
	fired  int
	seen   map[int]int // eligible frames seen, per guest
}

// adversary is one game's dishonest host page: its plan, its random source, its own keys.
type adversary struct {
	mu      sync.Mutex
	r       *rng.Rand
	net     float64 // chance of each network fault per frame
	devs    []*deviation
	keys    []fair.Identity // host-owned keys, one per seat
	hostKey fair.Identity   // the other host key heads are re-signed with
	table   []byte          // the table id, from the first welcome
	game    string
	commits map[int]*wire.Commit // the latest commitment of each deal, as the host sent it
	netN    map[string]int       // network faults done, by kind
}

// advConn is the adversary on one guest's link.
type advConn struct {
	Conn
	a     *adversary
	guest int
	tr    *trace

	mu      sync.Mutex
	pending [][]byte          // delivered next, before anything new is read
	sticky  map[uint64][]byte // what each host frame seq was delivered as: a resend repeats it
	seen    linkSeen
	held    []byte // host→guest frame held back behind the next
	heldOut []byte // guest→host frame held back behind the next
}

func (c *advConn) Recv() ([]byte, error) {
	c.mu.Lock()
	defer c.mu.Unlock()
	for {
		if len(c.pending) > 0 {
			f := c.pending[0]
			c.pending = c.pending[1:]
			return f, nil
		}
		c.mu.Unlock()
		f, err := c.Conn.Recv()
		c.mu.Lock()
		if err != nil {
			if c.held != nil { // the link ended: what was held is lost, as a dropped frame
				c.held = nil
			}
			return nil, err
		}
		seq, m, derr := wire.Decode(f)
		if derr != nil {
			return f, nil
		}
		if old, ok := c.sticky[seq]; ok {
			c.deliver(old)
			continue
		}
		switch c.a.netFault() {
		case devDrop:
			continue
		case devDup:
			out := c.rewrite(seq, m, f)
			c.deliver(out)
			c.pending = append(c.pending, out)
			continue
		case devReorder:
			if c.held == nil {
				c.held = c.rewrite(seq, m, f)
				continue
			}
		}
		c.deliver(c.rewrite(seq, m, f))
	}
}

// deliver queues f for the guest, with a frame held back behind it.
func (c *advConn) deliver(f []byte) {
	c.pending = append(c.pending, f)
	if c.held != nil {
		c.pending = append(c.pending, c.held)
		c.held = nil
	}
}

// rewrite applies the plan to one new host frame, records what is delivered, and makes it
// sticky: a resend of that frame seq is delivered the same.
func (c *advConn) rewrite(seq uint64, m wire.Message, f []byte) []byte {
	out, m2 := f, m
	if w, ok := m.(*wire.Welcome); ok {
		c.a.mu.Lock()
		if c.a.table == nil {
			c.a.table, c.a.game = bytes.Clone(w.Table), w.Game
		}
		c.a.mu.Unlock()
	}
	if x, ok := m.(*wire.Commit); ok {
		c.a.mu.Lock()
		c.a.commits[x.Epoch] = x
		c.a.mu.Unlock()
	}
	if x := c.a.cheat(c.guest, m, c.seen); x != nil {
		if f2, err := wire.Encode(seq, x); err == nil {
			out, m2 = f2, x
		}
	}
	switch x := m2.(type) {
	case *wire.Welcome:
		c.seen.seat = x.Seat
	case *wire.View:
		c.seen.last = x
	case *wire.Reveal:
		c.seen.revealedOver = c.seen.last != nil && c.seen.last.Status.Over
	}
	c.sticky[seq] = out
	c.tr.delivered(seq, m2)
	return out
}

func (c *advConn) Send(f []byte) error {
	if _, m, err := wire.Decode(f); err == nil {
		c.tr.sent(m)
	}
	c.mu.Lock()
	defer c.mu.Unlock()
	switch c.a.netFault() {
	case devDrop:
		return nil
	case devDup:
		if err := c.Conn.Send(f); err != nil {
			return err
		}
	case devReorder:
		if c.heldOut == nil {
			c.heldOut = append([]byte(nil), f...)
			return nil
		}
	}
	err := c.Conn.Send(f)
	if c.heldOut != nil {
		c.Conn.Send(c.heldOut)
		c.heldOut = nil
	}
	return err
}

// netFault draws this frame's network fault, if any.
func (a *adversary) netFault() string {
	if a.net == 0 {
		return ""
	}
	a.mu.Lock()
	defer a.mu.Unlock()
	if a.r.Intn(1000) >= int(a.net*1000) {
		return ""
	}
	k := []string{devDrop, devDup, devReorder}[a.r.Intn(3)]
	a.netN[k]++
	return k
}

// cheat returns the message to deliver instead of m on guest's link, or nil to deliver m.
// linkSeen is what the adversary has delivered on a link so far, for deviations that wait
// for a moment of the game.
type linkSeen struct {
	last         *wire.View // the latest view
	revealedOver bool       // a deal was revealed after the game was over (its last)
	seat         engine.Seat
}

func (a *adversary) cheat(guest int, m wire.Message, seen linkSeen) wire.Message {
	last := seen.last
	a.mu.Lock()
	defer a.mu.Unlock()
	out := wire.Message(nil)
	for _, d := range a.devs {
		if d.guest >= 0 && d.guest != guest {
			continue
		}
		cur := m
		if out != nil {
			cur = out
		}
		if !d.applies(cur, seen) {
			continue
		}
		if _, ok := cur.(*wire.Log); ok && d.kind == devLogStand {
			// Every log chunk after the withheld view carries the stand-in marks (item 3).
			if d.seen[guest] > d.after {
				if x := a.apply(d, clone(cur), last); x != nil {
					out = x
					d.fired++
				}
			}
			continue
		}
		n := d.seen[guest]
		d.seen[guest]++
		if n < d.after || (!d.steady && n > d.after) {
			continue
		}
		if x := a.apply(d, clone(cur), last); x != nil {
			out = x
			d.fired++
		}
	}
	return out
}

// applies says whether a deviation looks at messages of m's type.
func (d *deviation) applies(m wire.Message, seen linkSeen) bool {
	t, last := m.Type(), seen.last
	switch d.kind {
	case devRewrite, devWithhold:
		return t == d.typ
	case devLobbyKey:
		return t == wire.TLobby || t == wire.TCommit
	case devLobbyStand:
		return t == wire.TLobby
	case devRosterDrop, devRosterEmpty:
		return t == wire.TCommit
	case devViewStand:
		// Another seat's move: the guest knows it made none as a stand-in's itself.
		v, ok := m.(*wire.View)
		return ok && v.Move != nil && v.Move.Seat >= 0 && v.Move.Seat != seen.seat
	case devResignMove:
		v, ok := m.(*wire.View)
		return ok && v.Move != nil && v.Move.Seat >= 0
	case devLogStand:
		l, ok := m.(*wire.Log)
		v, isView := m.(*wire.View)
		return ok && len(l.Moves) > 0 || isView && v.Move != nil && v.Move.Seat >= 0
	case devResignSeal:
		s, ok := m.(*wire.Seals)
		return ok && len(s.Seals) > 0
	case devResignHead:
		return t == wire.THead
	case devPledgeStand:
		p, ok := m.(*wire.Pledges)
		return ok && len(p.Pledges) > 0
	case devWelcomeSeat:
		return t == wire.TWelcome
	case devActiveDrop:
		v, ok := m.(*wire.View)
		return ok && v.Status.Sealed && len(v.Status.Active) > 1
	case devViewAgain:
		return last != nil && (t == wire.THead || t == wire.TChat || t == wire.TAway || t == wire.TLocked)
	case devViewFinal:
		return last != nil && seen.revealedOver && t != wire.TView
	case devRecordNames, devRecordField:
		r, ok := m.(*wire.Record)
		return ok && r.Parts == 1
	}
	return false
}

// apply makes deviation d on m (a copy), or returns nil when it cannot.
func (a *adversary) apply(d *deviation, m wire.Message, last *wire.View) wire.Message {
	switch d.kind {
	case devRewrite:
		return a.mutate(m)
	case devWithhold:
		return &wire.Chat{From: engine.Observer, Name: "host", Text: "nothing to see"}
	case devLobbyKey:
		switch x := m.(type) {
		case *wire.Lobby:
			if s := d.seat % max(len(x.Seats), 1); s < len(x.Seats) && !x.Seats[s].Bot {
				x.Seats[s].Key = a.keys[s].Public()
				return x
			}
		case *wire.Commit:
			if s := d.seat % max(len(x.Roster), 1); s < len(x.Roster) && len(x.Roster[s]) > 0 {
				x.Roster[s] = a.keys[s].Public()
				return x
			}
		}
	case devLobbyStand:
		x := m.(*wire.Lobby)
		if s := d.seat % max(len(x.Seats), 1); s < len(x.Seats) && !x.Seats[s].Bot {
			x.Seats[s].StandIn, x.Seats[s].Connected = true, false
			return x
		}
	case devRosterDrop:
		x := m.(*wire.Commit)
		if s := d.seat % max(len(x.Roster), 1); s < len(x.Roster) && len(x.Roster[s]) > 0 {
			x.Roster[s] = nil
			return x
		}
	case devRosterEmpty:
		x := m.(*wire.Commit)
		for i := range x.Roster {
			x.Roster[i] = nil
		}
		return x
	case devViewStand:
		x := m.(*wire.View)
		x.StandIn, x.Sig = true, nil
		return x
	case devLogStand:
		if _, ok := m.(*wire.View); ok {
			// The view of a player's move withheld: the guest asks for it, and gets a log.
			return &wire.Chat{From: engine.Observer, Name: "host", Text: "nothing to see"}
		}
		x := m.(*wire.Log)
		x.StandIns, x.Sigs = nil, nil
		for i := range x.Moves {
			x.StandIns = append(x.StandIns, i)
		}
		return x
	case devResignMove:
		x := m.(*wire.View)
		if int(x.Move.Seat) < len(a.keys) && a.table != nil {
			x.Sig = a.keys[x.Move.Seat].SignMove(a.table, x.Seq, *x.Move)
			return x
		}
	case devResignSeal:
		x := m.(*wire.Seals)
		i := d.seat % len(x.Seals)
		s := x.Seals[i].Seat
		cm := a.commits[x.Epoch]
		if int(s) < len(a.keys) && cm != nil && a.table != nil {
			// A seal of a share the host chose, signed for the deal's context by its own key.
			var sec, c [32]byte
			a.fill(sec[:])
			copy(c[:], cm.C)
			cx := fair.Context{Game: a.game, Table: a.table, Epoch: cm.Epoch, Deal: cm.Context, Roster: cm.Roster}
			sl := a.keys[s].SealShare(cx.Bytes(), c, s, sec)
			x.Seals[i].S, x.Seals[i].Sig = sl.SC[:], sl.Sig
			return x
		}
	case devResignHead:
		x := m.(*wire.Head)
		var h [32]byte
		copy(h[:], x.H)
		sh := a.hostKey.SignHead(a.table, x.Seq, h)
		x.Key, x.Sig = sh.Key, sh.Sig
		return x
	case devPledgeStand:
		x := m.(*wire.Pledges)
		i := d.seat % len(x.Pledges)
		x.Pledges[i].StandIn, x.Pledges[i].Sig = true, nil
		return x
	case devWelcomeSeat:
		x := m.(*wire.Welcome)
		x.Seat = engine.Seat((int(x.Seat) + 1 + d.seat%3) % max(x.Config.Seats, 1))
		return x
	case devViewAgain, devViewFinal:
		// An old view sent again where a filler frame was, changed: a guest shows it if it
		// is for the seq on screen.
		return a.mutate(clone(last))
	case devRecordNames, devRecordField:
		x := m.(*wire.Record)
		rec, err := engine.DecodeRecord(x.Data)
		if err != nil {
			return nil
		}
		if d.kind == devRecordNames {
			if len(rec.Names) < 2 {
				return nil
			}
			i := d.seat % len(rec.Names)
			j := (i + 1) % len(rec.Names)
			rec.Names[i], rec.Names[j] = rec.Names[j], rec.Names[i]
			b, err := json.Marshal(rec)
			if err != nil {
				return nil
			}
			x.Data = b
			return x
		}
		b := a.mutateJSON(x.Data, func(nb []byte) bool {
			_, err := engine.DecodeRecord(nb)
			return err == nil && len(nb) <= wire.MaxRecordPart
		})
		if b == nil {
			return nil
		}
		x.Data = b
		return x
	case devActiveDrop:
		x := m.(*wire.View)
		i := d.seat % len(x.Status.Active)
		x.Status.Active = append(append([]engine.Seat(nil), x.Status.Active[:i]...), x.Status.Active[i+1:]...)
		return x
	}
	return nil
}

func (a *adversary) fill(b []byte) {
	for i := range b {
		b[i] = byte(a.r.Uint64())
	}
}

// clone deep-copies a message through JSON (its own encoding).
func clone(m wire.Message) wire.Message {
	b, err := json.Marshal(m)
	if err != nil {
		return m
	}
	x := reflect.New(reflect.TypeOf(m).Elem()).Interface().(wire.Message)
	if json.Unmarshal(b, x) != nil {
		return m
	}
	return x
}

// mutate changes one field anywhere in m (a view's JSON included): a number moved by one, a
// string or byte field changed, a flag flipped, a list element dropped or doubled. It returns
// nil when no change decodes and passes Check (a guest would refuse the frame).
func (a *adversary) mutate(m wire.Message) wire.Message {
	b, err := json.Marshal(m)
	if err != nil {
		return nil
	}
	var x wire.Message
	nb := a.mutateJSON(b, func(nb []byte) bool {
		x = reflect.New(reflect.TypeOf(m).Elem()).Interface().(wire.Message)
		dec := json.NewDecoder(bytes.NewReader(nb))
		dec.DisallowUnknownFields()
		return dec.Decode(x) == nil && x.Check() == nil && !reflect.DeepEqual(x, m)
	})
	if nb == nil {
		return nil
	}
	return x
}

// mutateJSON changes one value anywhere in the JSON document b, trying a few times until ok
// accepts the result.
func (a *adversary) mutateJSON(b []byte, ok func([]byte) bool) []byte {
	var root any
	if json.Unmarshal(b, &root) != nil {
		return nil
	}
	for try := 0; try < 8; try++ {
		var refs []ref
		collect(root, func(n any) { root = n }, &refs)
		if len(refs) == 0 {
			return nil
		}
		p := refs[a.r.Intn(len(refs))]
		old := p.get()
		p.set(a.changed(old))
		nb, err := json.Marshal(root)
		if err == nil && !bytes.Equal(nb, b) && ok(nb) {
			return nb
		}
		p.set(old)
	}
	return nil
}

// ref is one value inside a decoded JSON tree, with how to replace it.
type ref struct {
	get func() any
	set func(any)
}

// collect lists every value under v (leaves and lists), depth first, in a stable order.
func collect(v any, set func(any), out *[]ref) {
	*out = append(*out, ref{func() any { return v }, set})
	switch x := v.(type) {
	case map[string]any:
		keys := make([]string, 0, len(x))
		for k := range x {
			keys = append(keys, k)
		}
		sort.Strings(keys)
		*out = (*out)[:len(*out)-1] // an object itself is not changed, only its fields
		for _, k := range keys {
			collect(x[k], func(n any) { x[k] = n }, out)
		}
	case []any:
		for i := range x {
			collect(x[i], func(n any) { x[i] = n }, out)
		}
	}
}

// changed returns v changed a little.
func (a *adversary) changed(v any) any {
	switch x := v.(type) {
	case float64:
		switch a.r.Intn(3) {
		case 0:
			return x + 1
		case 1:
			return x - 1
		default:
			return float64(0)
		}
	case bool:
		return !x
	case string:
		if raw, err := base64.StdEncoding.DecodeString(x); err == nil && len(raw) >= 16 {
			raw[a.r.Intn(len(raw))] ^= 1 << a.r.Intn(8)
			return base64.StdEncoding.EncodeToString(raw)
		}
		if x == "" || a.r.Intn(2) == 0 {
			return x + "x"
		}
		return x[:len(x)-1]
	case []any:
		if len(x) == 0 {
			return x
		}
		i := a.r.Intn(len(x))
		if a.r.Intn(2) == 0 {
			return append(append([]any(nil), x[:i]...), x[i+1:]...)
		}
		return append(append(append([]any(nil), x[:i+1]...), x[i]), x[i+1:]...)
	case nil:
		return float64(1)
	}
	return v
}
