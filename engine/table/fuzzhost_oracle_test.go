package table

// The fuzzing host's oracle: for an honest guest that reports no failure, what it verified
// must be exactly a game an honest host could have produced from the players' own signed
// moves and a deal fixed by their committed shares. It re-derives that game on its own, from
// the guest's record (the moves and commitments it accepted, the deal keys it computed) and
// from the adversary's trace of what reached the guest and what each honest guest really sent.

import (
	"bytes"
	"encoding/json"
	"fmt"
	"reflect"
	"sort"
	"strings"
	"sync"

	"miskatonic/engine"
	"miskatonic/engine/fair"
	"miskatonic/engine/wire"
)

// traced is one message on a guest's link, numbered in the order the adversary saw them.
type traced struct {
	n   int
	out bool // sent by the guest
	seq uint64
	m   wire.Message
}

// trace is what crossed one guest's link: each host frame seq as delivered (the adversary
// delivers a frame seq the same way every time), and everything the guest sent.
type trace struct {
	mu  sync.Mutex
	n   int
	in  []traced
	out []traced
}

func (t *trace) delivered(seq uint64, m wire.Message) {
	t.mu.Lock()
	t.n++
	t.in = append(t.in, traced{n: t.n, seq: seq, m: m})
	t.mu.Unlock()
}

func (t *trace) sent(m wire.Message) {
	t.mu.Lock()
	t.n++
	t.out = append(t.out, traced{n: t.n, out: true, m: m})
	t.mu.Unlock()
}

// honestSeat is what the oracle knows for sure about an honest player: its seat, its key and
// what it sent.
type honestSeat struct {
	seat engine.Seat
	key  []byte
	tr   *trace
	// caught: this player's own guest reported a failure. Another seat's key in a roster is
	// something only that seat's guest can check (the host may show each guest a world of its
	// own): when it caught the swap, the others' "verified" is no hole of theirs.
	caught bool
}

// verdict is what one honest guest ended with.
type verdict struct {
	caught   bool   // it reported a failure: a failed deal, evidence
	why      string // the failure, for the figures
	verified int    // deals it verified
	checked  int    // game seqs the oracle replayed for it
	views    int    // views the oracle compared
	hole     string // what it accepted that no honest host could have produced
	complete bool   // the game over, every deal verified, the proven record taken
}

// reported says whether a guest's state tells a failure beside its deals' verdicts: evidence of
// two stories, the table's own verdict, or a failed record.
func reported(st GuestState) (bool, string) {
	switch {
	case st.RecordState == RecordFailed:
		return true, st.RecordCode
	case st.Fault != nil:
		return true, st.Fault.Code
	case len(st.Evidence) > 0:
		return true, "evidence"
	}
	return false, ""
}

// caughtAny says whether guest g reported any failure (a failed deal included).
func caughtAny(g *Guest) bool {
	g.mu.Lock()
	st := g.st
	deals := g.sortedDeals()
	g.mu.Unlock()
	for _, d := range append(append([]DealStatus(nil), st.PrevDeals...), deals...) {
		if d.State == DealFailed {
			return true
		}
	}
	ok, _ := reported(st)
	return ok
}

// judge gives guest g's verdict. truth is the game as the real host set it up; seats the honest
// players, by seat; me is g's own.
func judge(g *Guest, rules engine.Rules, truth engine.Record, seats map[engine.Seat]*honestSeat, me *honestSeat) verdict {
	g.mu.Lock()
	st, a, table := g.st, g.audit, g.tableID
	deals := g.sortedDeals()
	next := uint64(0) // frames from this seq on the guest never took (in flight when it closed)
	if g.link != nil {
		next = g.link.next
	}
	g.mu.Unlock()
	var v verdict
	for _, d := range append(append([]DealStatus(nil), st.PrevDeals...), deals...) {
		switch d.State {
		case DealFailed:
			v.caught, v.why = true, d.Code
		case DealVerified:
			v.verified++
		default:
			v.complete = false
		}
	}
	if ok, why := reported(st); ok {
		v.caught, v.why = true, why
	}
	if v.caught {
		return v
	}
	if p := ownSeat(me); p != "" {
		v.hole = p
		return v
	}
	if p := pledgesSigned(me, seats); p != "" {
		v.hole = p
		return v
	}
	if a == nil || v.verified == 0 {
		return v
	}
	v.complete = st.Status.Over && st.RecordState == RecordReady
	verified := map[int]bool{}
	for _, d := range deals {
		if d.State == DealVerified {
			verified[d.Epoch] = true
		}
	}
	o := oracle{rules: rules, st: st, a: a, table: table, seats: seats, me: me, verified: verified}
	o.views = map[int][]*wire.View{}
	me.tr.mu.Lock()
	for _, t := range me.tr.in {
		if t.seq < next {
			o.in = append(o.in, t)
		}
	}
	me.tr.mu.Unlock()
	// The guest takes host frames in frame seq order and shows a view unless it is older than
	// the one on screen (an older one only goes to its audit, which refuses a second, different
	// view of a seq it has not verified yet): those shown are the ones to check.
	bySeq := append([]traced(nil), o.in...)
	sort.SliceStable(bySeq, func(i, j int) bool { return bySeq[i].seq < bySeq[j].seq })
	screen := -1
	for i, t := range bySeq {
		if i > 0 && t.seq == bySeq[i-1].seq {
			continue // the same frame again (a resend, delivered the same)
		}
		if x, ok := t.m.(*wire.View); ok && x.Seq >= screen {
			screen = x.Seq
			o.views[x.Seq] = append(o.views[x.Seq], x)
		}
	}
	if !sameConfig(st.Config, truth.Config) {
		v.hole = fmt.Sprintf("verified a game of config %+v; the host set up %+v", st.Config, truth.Config)
		return v
	}
	if st.Seat != me.seat {
		v.hole = fmt.Sprintf("verified a game from seat %d; its seat is %d", st.Seat, me.seat)
		return v
	}
	v.checked, v.views, v.hole = o.replay(truth.Config)
	if v.hole == "" && st.RecordState == RecordReady {
		v.hole = sameRecord(st.Record, truth)
	}
	return v
}

// sameRecord says how a record the guest took as proven differs from the one the honest host
// made, or "".
func sameRecord(got *engine.Record, want engine.Record) string {
	if got == nil {
		return "the record is ready but missing"
	}
	a, _ := json.Marshal(got)
	b, _ := json.Marshal(want)
	if bytes.Equal(a, b) {
		return ""
	}
	var diffs []string
	if !reflect.DeepEqual(got.Names, want.Names) {
		diffs = append(diffs, fmt.Sprintf("names %q, not %q", got.Names, want.Names))
	}
	if !reflect.DeepEqual(got.Moves, want.Moves) {
		diffs = append(diffs, "moves")
	}
	if g, w := got.Proof, want.Proof; g == nil || w == nil {
		diffs = append(diffs, "proof")
	} else {
		for _, f := range []struct {
			name string
			a, b any
		}{{"proof keys", g.Keys, w.Keys}, {"proof signatures", g.Sigs, w.Sigs}, {"proof deals", g.Deals, w.Deals}, {"proof table", g.Table, w.Table}} {
			if !reflect.DeepEqual(f.a, f.b) {
				diffs = append(diffs, f.name)
			}
		}
	}
	if len(diffs) == 0 {
		diffs = append(diffs, fmt.Sprintf("%s, not %s", clipped(a), clipped(b)))
	}
	return "took as proven a record that differs from the host's: " + strings.Join(diffs, "; ")
}

// ownSeat checks that every lobby and deal roster this guest took in showed its own key at its
// seat and never a stand-in there: it was at the table all along and asked for no change.
func ownSeat(me *honestSeat) string {
	me.tr.mu.Lock()
	in := append([]traced(nil), me.tr.in...)
	me.tr.mu.Unlock()
	for _, t := range in {
		switch x := t.m.(type) {
		case *wire.Lobby:
			if s := me.seat; s.Valid(len(x.Seats)) && !x.Seats[s].Bot {
				if !bytes.Equal(x.Seats[s].Key, me.key) {
					return fmt.Sprintf("took in, and said nothing of, a lobby showing another key at its own seat %d", s)
				}
				if x.Seats[s].StandIn {
					return fmt.Sprintf("took in, and said nothing of, a lobby showing a stand-in at its own seat %d while it was at the table", s)
				}
			}
		case *wire.Commit:
			if s := me.seat; !s.Valid(len(x.Roster)) || !bytes.Equal(x.Roster[s], me.key) {
				return fmt.Sprintf("took in, and said nothing of, deal %d's roster without its own key at its seat %d", x.Epoch, s)
			}
		}
	}
	return ""
}

// pledgesSigned checks that every set of sealed pledges this guest took in holds, for every
// honest player, that player's own signed pledge: none was ever away, so none was stood in.
func pledgesSigned(me *honestSeat, seats map[engine.Seat]*honestSeat) string {
	me.tr.mu.Lock()
	in := append([]traced(nil), me.tr.in...)
	me.tr.mu.Unlock()
	for _, t := range in {
		x, ok := t.m.(*wire.Pledges)
		if !ok {
			continue
		}
		for _, p := range x.Pledges {
			if h, ok := seats[p.Seat]; ok && p.StandIn {
				return fmt.Sprintf("took in, and said nothing of, a stand-in's pledge at seq %d for seat %d, whose player was at the table (its own: %v)", x.Base, p.Seat, h == me)
			}
		}
	}
	return ""
}

func sameConfig(a, b engine.Config) bool {
	x, _ := json.Marshal(normalConfig(a))
	y, _ := json.Marshal(normalConfig(b))
	return bytes.Equal(x, y)
}

type oracle struct {
	rules    engine.Rules
	st       GuestState
	a        *fair.Auditor
	table    []byte
	seats    map[engine.Seat]*honestSeat
	me       *honestSeat
	verified map[int]bool
	in       []traced
	views    map[int][]*wire.View
	opens    map[string]bool // sealed moves used up, by seat, base and move
}

// replay rebuilds the game from the guest's record up to its first deal not verified (or the
// end), checking every move in an honest player's name, every deal and every view shown.
func (o *oracle) replay(cfg engine.Config) (checked, views int, hole string) {
	game, err := o.rules.New(cfg)
	if err != nil {
		return 0, 0, "the rules refuse the host's config: " + err.Error()
	}
	o.opens = map[string]bool{}
	epoch := 0
	for q := 0; ; q++ {
		for _, v := range o.views[q] {
			if p := sameView(game, o.me.seat, v); p != "" {
				return q, views, fmt.Sprintf("the view shown at seq %d differs from the game: %s", q, p)
			}
			views++
		}
		m, ok := o.a.MoveAt(q + 1)
		if !ok {
			return q, views, ""
		}
		if m.Kind == engine.KindDeal {
			epoch++
			if !o.verified[epoch] {
				return q, views, ""
			}
			key, p := o.deal(epoch)
			if p != "" {
				return q, views, p
			}
			m = engine.DealMove(key)
		} else if p := o.honestMove(q+1, m); p != "" {
			return q, views, p
		}
		if err := game.Apply(m); err != nil {
			return q, views, fmt.Sprintf("move %d (%s) is refused by the rules: %v", q+1, m, err)
		}
	}
}

// honestMove checks that a move in an honest player's name is one that player sent for that
// seq (a move on the view before it, or a sealed move it opened in the round).
func (o *oracle) honestMove(seq int, m engine.Move) string {
	h, ok := o.seats[m.Seat]
	if !ok {
		return "" // a bot's (or the host's own) seat: the host moves for it
	}
	if !o.signed(seq, m, h.key) {
		return fmt.Sprintf("move %d (%s) of seat %d, whose player was at the table all along, was verified without that player's signature", seq, m, m.Seat)
	}
	h.tr.mu.Lock()
	defer h.tr.mu.Unlock()
	for _, t := range h.tr.out {
		switch x := t.m.(type) {
		case *wire.Move:
			if x.Move == m && x.BasedOn == seq-1 {
				return ""
			}
		case *wire.Open:
			k := fmt.Sprint(m.Seat, x.Base, m)
			if x.Move == m && x.Base < seq && !o.opens[k] {
				o.opens[k] = true
				return ""
			}
		}
	}
	return fmt.Sprintf("move %d (%s) is in the name of seat %d, whose player never sent it", seq, m, m.Seat)
}

// signed says whether the move of seq reached this guest with key's signature, in a view or a
// log chunk: an honest player never leaves in these games, so no stand-in ever plays for it.
func (o *oracle) signed(seq int, m engine.Move, key []byte) bool {
	for _, t := range o.in {
		switch x := t.m.(type) {
		case *wire.View:
			if x.Seq == seq && x.Move != nil && *x.Move == m && fair.VerifyMove(key, o.table, seq, m, x.Sig) {
				return true
			}
		case *wire.Log:
			if i := seq - x.From - 1; i >= 0 && i < len(x.Moves) && i < len(x.Sigs) && x.Moves[i] == m &&
				fair.VerifyMove(key, o.table, seq, m, x.Sigs[i]) {
				return true
			}
		}
	}
	return false
}

// deal checks deal epoch as the guest verified it and returns its key: committed before any
// share, bound to the honest players' keys, the commitment opened by the secret, and the key
// made from every honest player's own share, each revealed only after every other share it
// is combined with was sealed.
func (o *oracle) deal(epoch int) ([32]byte, string) {
	ctx, c, ok := o.a.Committed(epoch)
	if !ok {
		return [32]byte{}, fmt.Sprintf("deal %d verified without a commitment", epoch)
	}
	var cx *fair.Context
	var h *[32]byte
	var sets [][]wire.Share
	for _, t := range o.in {
		switch x := t.m.(type) {
		case *wire.Commit:
			if x.Epoch != epoch || !bytes.Equal(x.C, c[:]) {
				continue
			}
			k := fair.Context{Game: o.st.Game, Table: o.table, Epoch: epoch, Deal: x.Context, Roster: x.Roster}
			if bytes.Equal(k.Bytes(), ctx) {
				cx = &k
			}
		case *wire.Reveal:
			var s [32]byte
			copy(s[:], x.H)
			if x.Epoch == epoch && fair.CheckCommit(ctx, c, s) {
				h = &s
			}
		case *wire.Contribs:
			if x.Epoch == epoch {
				sets = append(sets, x.Shares)
			}
		}
	}
	if cx == nil || h == nil {
		return [32]byte{}, fmt.Sprintf("deal %d verified, but its commitment (%v) or secret (%v) never reached the guest", epoch, cx != nil, h != nil)
	}
	for s, hs := range o.seats {
		if hs != o.me && hs.caught {
			continue
		}
		if !s.Valid(len(cx.Roster)) || !bytes.Equal(cx.Roster[s], hs.key) {
			return [32]byte{}, fmt.Sprintf("deal %d verified with a roster whose key at seat %d is not its player's", epoch, s)
		}
	}
	key, ok := o.a.DealKey(epoch)
	if !ok {
		return [32]byte{}, fmt.Sprintf("deal %d verified without a key", epoch)
	}
	var shares []fair.Share
	for _, set := range sets {
		fs := make([]fair.Share, len(set))
		for i, s := range set {
			fs[i] = fair.Share{Seat: s.Seat, Sig: s.Sig}
			copy(fs[i].S[:], s.S)
		}
		if fair.Key(ctx, *h, fs) == key {
			shares = fs
			break
		}
	}
	if shares == nil {
		return [32]byte{}, fmt.Sprintf("deal %d's key is not made from any set of shares the guest was sent", epoch)
	}
	for s, hs := range o.seats {
		if hs != o.me && hs.caught {
			// That player's page caught the host and stopped sharing: benched for it, its
			// seat's share is rightly missing from a deal the others see it stood in for.
			continue
		}
		if p := hs.ownShare(epoch, ctx, c, shares); p != "" {
			return [32]byte{}, fmt.Sprintf("deal %d: seat %d: %s", epoch, s, p)
		}
	}
	if p := o.sealedFirst(epoch, ctx, c, shares); p != "" {
		return [32]byte{}, fmt.Sprintf("deal %d: %s", epoch, p)
	}
	return key, ""
}

// ownShare checks that shares hold this player's share as it sent it, signed for this deal.
func (hs *honestSeat) ownShare(epoch int, ctx []byte, c [32]byte, shares []fair.Share) string {
	var mine *fair.Share
	for i := range shares {
		if shares[i].Seat == hs.seat {
			mine = &shares[i]
		}
	}
	if mine == nil {
		return "its player's share is not in the deal"
	}
	if !fair.VerifyContribution(hs.key, ctx, c, *mine) {
		return "the share in its name is not signed by its player for this deal"
	}
	hs.tr.mu.Lock()
	defer hs.tr.mu.Unlock()
	for _, t := range hs.tr.out {
		if x, ok := t.m.(*wire.Contrib); ok && x.Epoch == epoch && bytes.Equal(x.S, mine.S[:]) {
			return ""
		}
	}
	return "the share in its name is not one its player sent"
}

// sealedFirst checks that when this guest revealed its share, the set of seals it had been
// sent covered every share the key is made of: no share was chosen after ours was seen.
func (o *oracle) sealedFirst(epoch int, ctx []byte, c [32]byte, shares []fair.Share) string {
	var mine *fair.Share
	for i := range shares {
		if shares[i].Seat == o.me.seat {
			mine = &shares[i]
		}
	}
	if mine == nil {
		return "this guest's share is not in the deal"
	}
	o.me.tr.mu.Lock()
	first := 0
	for _, t := range o.me.tr.out {
		if x, ok := t.m.(*wire.Contrib); ok && x.Epoch == epoch && bytes.Equal(x.S, mine.S[:]) {
			first = t.n
			break
		}
	}
	o.me.tr.mu.Unlock()
	var seals []wire.Share
	for _, t := range o.in {
		if x, ok := t.m.(*wire.Seals); ok && x.Epoch == epoch && t.n < first {
			seals = x.Seals
		}
	}
	if first == 0 || seals == nil {
		return "this guest's share went out before any set of seals"
	}
	fs := make([]fair.Seal, len(seals))
	for i, s := range seals {
		fs[i] = fair.Seal{Seat: s.Seat, Sig: s.Sig}
		copy(fs[i].SC[:], s.S)
	}
	sorted := append([]fair.Share(nil), shares...)
	sort.Slice(sorted, func(i, j int) bool { return sorted[i].Seat < sorted[j].Seat })
	sort.Slice(fs, func(i, j int) bool { return fs[i].Seat < fs[j].Seat })
	if err := fair.CheckOpens(ctx, c, fs, sorted); err != nil {
		return "a share was not sealed before this guest revealed its own: " + err.Error()
	}
	return ""
}
