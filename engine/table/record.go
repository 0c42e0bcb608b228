package table

// The finished game's proven record for guests (issue 18). A guest asks for it once the game is
// over and every deal it took part in is verified; the host sends engine.Record with its
// Proof in parts (wire.Record). The guest trusts none of it: it checks every seat's key and
// name against the lobby it was shown (its own key at its seat), runs engine/replay's Verify
// (the host's seal included), and then checks that the record is the game it saw itself: sealed
// by the host key it holds the table to, under the table code it was shown, move by move (the
// stand-in marks too), deal by deal. A dishonest host can seal anything with its own key, so
// the seal alone is never what convinces a guest. Only a record that passes both is offered for export, so a
// guest's export is as good as the host's, and a host that doctors it is caught and named.

import (
	"bytes"
	"encoding/hex"
	"encoding/json"
	"fmt"
	"reflect"
	"time"

	"miskatonic/engine"
	"miskatonic/engine/fair"
	"miskatonic/engine/replay"
	"miskatonic/engine/wire"
)

// recordGap is how often one guest is served the record: each answer is up to wire.MaxRecord
// bytes, so an ask must not become a way to make the host send megabytes.
const recordGap = 2 * time.Second

// recordAsk answers a guest's ask with the record of the game it names, once that game is over.
func (h *Host) recordAsk(p *peer, seq uint64, m *wire.RecordAsk) {
	switch {
	case !bytes.Equal(m.Table, h.table):
		h.refuse(p, seq, 0, engine.Errorf(wire.KindState, "table: record", "that game is not this table's current game"), false)
		return
	case !h.started || !h.game.Status().Over:
		// Before the end the record would show cards some seats have not seen.
		h.refuse(p, seq, 0, engine.Errorf(wire.KindState, "table: record", "the game is not over"), false)
		return
	}
	now := time.Now()
	if now.Sub(p.lastRecord) < recordGap {
		return // the answer to the last ask is on its way
	}
	p.lastRecord = now
	raw, err := json.Marshal(h.provenRecord())
	if err == nil && len(raw) > wire.MaxRecord {
		err = fmt.Errorf("%d bytes, at most %d", len(raw), wire.MaxRecord)
	}
	if err != nil {
		h.logf("table: the record for guest %d: %v", p.id, err)
		h.refuse(p, seq, 0, engine.Errorf(wire.KindOversized, "table: record", "the record is too large to send"), false)
		return
	}
	parts := (len(raw) + wire.MaxRecordPart - 1) / wire.MaxRecordPart
	for i := 0; i < parts; i++ {
		part := raw[i*wire.MaxRecordPart : min(len(raw), (i+1)*wire.MaxRecordPart)]
		h.send(p, &wire.Record{Table: bytes.Clone(h.table), Part: i, Parts: parts, Data: part})
	}
}

// Guest record states (GuestState.RecordState).
const (
	RecordAsking = "asking" // asked, parts arriving
	RecordReady  = "ready"  // received and checked: GuestState.Record may be exported
	RecordFailed = "failed" // refused by the host, or failed our check: RecordCode says why
)

// Why a guest has no record to export (GuestState.RecordCode; app/i18n words "why."+code).
const (
	RecordRefused  = "record.refused"   // the host refused to send it
	RecordNoAnswer = "record.no_answer" // the host never sent it (an older host, or gone)
	RecordTooBig   = "record.too_big"   // larger than wire.MaxRecord
	RecordBroken   = "record.broken"    // not a record at all
	RecordUnproven = "record.unproven"  // engine/replay does not verify it
	RecordOther    = "record.other"     // a record of another game, table or setup
	RecordSeat     = "record.seat"      // our seat carries a key that is not ours
	RecordMoves    = "record.moves"     // its moves are not the ones we were told
	RecordDeals    = "record.deals"     // its deals are not the ones we audited
)

// RecordCodes lists the codes above, for the catalogs' completeness test.
func RecordCodes() []string {
	return []string{RecordRefused, RecordNoAnswer, RecordTooBig, RecordBroken, RecordUnproven, RecordOther,
		RecordSeat, RecordMoves, RecordDeals}
}

// recordTries bounds how often a guest asks before it gives up on the host.
const recordTries = 3

// guestRecord is a guest's ask for the record and what came of it.
type guestRecord struct {
	table  []byte
	ask    uint64 // seq of our latest ask
	tries  int
	asked  time.Time
	parts  [][]byte
	got    int
	bytes  int
	record *engine.Record
}

// AskRecord asks the host for the proven record of the game just finished. It refuses while
// the game is on or any of its deals is not yet verified by this guest; asking again after a
// failure starts afresh.
func (g *Guest) AskRecord() error {
	g.mu.Lock()
	defer g.mu.Unlock()
	if !g.st.Started || !g.st.Status.Over || g.audit == nil {
		return engine.Errorf(wire.KindState, "table: record", "the game is not over")
	}
	for _, d := range g.deals {
		if d.status.State != DealVerified {
			return engine.Errorf(wire.KindState, "table: record", "deal %d is not verified", d.status.Epoch)
		}
	}
	if g.rec != nil && bytes.Equal(g.rec.table, g.tableID) && g.st.RecordState != RecordFailed {
		return nil // asked already
	}
	g.rec = &guestRecord{table: bytes.Clone(g.tableID)}
	g.st.Record, g.st.RecordState, g.st.RecordCode, g.st.RecordProblem = nil, RecordAsking, "", ""
	g.askRecord(time.Now())
	g.notify()
	return nil
}

func (g *Guest) askRecord(now time.Time) {
	r := g.rec
	r.tries++
	r.asked = now
	if g.link != nil && g.link.welcomed {
		r.ask = g.send(&wire.RecordAsk{Table: r.table})
	}
}

// recordTick asks again when nothing came for a while (the ask or the answer was lost), and
// gives up after recordTries.
func (g *Guest) recordTick(now time.Time) bool {
	r := g.rec
	if r == nil || g.st.RecordState != RecordAsking || now.Sub(r.asked) < 5*g.cfg.Tick+recordGap {
		return false
	}
	if r.tries >= recordTries {
		g.recordFail(RecordNoAnswer, "the host never sent the game record")
		return true
	}
	g.askRecord(now)
	return false
}

// recordReject takes a refusal of our ask; it reports whether the refusal was about it.
func (g *Guest) recordReject(m *wire.Reject) bool {
	r := g.rec
	if r == nil || g.st.RecordState != RecordAsking {
		return false
	}
	switch {
	case m.Ref != 0 && m.Ref == r.ask:
		g.recordFail(RecordRefused, "the host refused: "+m.Msg)
	case m.Ref == 0 && m.Kind == engine.KindMalformed:
		// A host of an older build cannot read the ask (it has no seq to refer to).
		g.recordFail(RecordNoAnswer, "the host's app does not send game records")
	default:
		return false
	}
	return true
}

func (g *Guest) recordFail(code, problem string) {
	g.st.Record, g.st.RecordState, g.st.RecordCode, g.st.RecordProblem = nil, RecordFailed, code, problem
	g.logf("table: guest refuses the game record: %s", problem)
	if g.rec != nil {
		g.rec.parts = nil
	}
}

// recordPart collects one part; the last one completes the record, which is then checked.
func (g *Guest) recordPart(m *wire.Record) {
	r := g.rec
	if r == nil || g.st.RecordState != RecordAsking || !bytes.Equal(m.Table, r.table) {
		return // not asked for, or for another game
	}
	if r.parts == nil {
		r.parts = make([][]byte, m.Parts)
	}
	if len(r.parts) != m.Parts {
		g.recordFail(RecordBroken, "the parts of the record do not add up")
		return
	}
	if r.parts[m.Part] != nil {
		return // a second answer to a repeated ask
	}
	if r.bytes += len(m.Data); r.bytes > wire.MaxRecord {
		g.recordFail(RecordTooBig, "the record is larger than any game's")
		return
	}
	r.parts[m.Part] = bytes.Clone(m.Data)
	if r.got++; r.got < len(r.parts) {
		return
	}
	rec, err := engine.DecodeRecord(bytes.Join(r.parts, nil))
	r.parts = nil
	if err != nil {
		g.recordFail(RecordBroken, err.Error())
		return
	}
	if code, problem := g.checkRecord(rec); code != "" {
		g.recordFail(code, problem)
		return
	}
	g.rec.record = &rec
	g.st.Record, g.st.RecordState = &rec, RecordReady
}

// checkRecord says why rec is not the proven record of the game this guest played and
// audited, or returns "" when it is.
func (g *Guest) checkRecord(rec engine.Record) (code, problem string) {
	if g.rules == nil || g.audit == nil {
		return RecordOther, "this guest did not follow the game"
	}
	if rec.Game != g.st.Game || !reflect.DeepEqual(normalConfig(rec.Config), normalConfig(g.st.Config)) {
		return RecordOther, "the record is of another game or setup"
	}
	if rec.Proof == nil || !bytes.Equal(rec.Proof.Table, g.tableID) {
		return RecordOther, "the record is of another table"
	}
	p := rec.Proof
	// Every seat's key and name as the lobby showed them; ours must be our own. Checked before
	// the proof: the host may seal whatever it likes, so its seal says nothing about these.
	me := g.st.Seat
	if me >= 0 && (!me.Valid(len(p.Keys)) || !bytes.Equal(p.Keys[me], g.cfg.Identity.Public())) {
		return RecordSeat, fmt.Sprintf("seat %d is not under this player's key in the record", me)
	}
	for _, s := range g.st.Lobby.Seats {
		if !s.Bot && s.Seat.Valid(len(p.Keys)) && len(p.Keys[s.Seat]) > 0 && !bytes.Equal(p.Keys[s.Seat], s.Key) {
			return RecordSeat, fmt.Sprintf("seat %d carries another key than the table showed", s.Seat)
		}
		if !s.Seat.Valid(len(rec.Names)) || rec.Names[s.Seat] != s.Name {
			return RecordSeat, fmt.Sprintf("seat %d carries another name than the table showed", s.Seat)
		}
	}
	v := replay.Verify(g.rules, rec)
	if !v.Verified {
		return RecordUnproven, v.Problem
	}
	// Sealed by the host this guest holds to, over the head whose code it was shown.
	if host := g.hostKey(nil); len(host) > 0 && !bytes.Equal(p.Host, host) {
		return RecordOther, "the record is sealed by another key than this table's host"
	}
	if g.head != nil && (g.head.Seq != p.Seq || !bytes.Equal(g.head.Head[:], p.Head)) {
		return RecordMoves, fmt.Sprintf("the record's table code is %s; this guest was shown %s", v.Code, g.head.Code())
	}
	// The moves: exactly the ones we were told, each deal with the key we computed.
	if len(rec.Moves) != g.audit.Len() {
		return RecordMoves, fmt.Sprintf("the record has %d moves; this guest saw %d", len(rec.Moves), g.audit.Len())
	}
	marked := map[int]bool{}
	for _, q := range p.StandIns {
		marked[q] = true
	}
	epoch := 0
	for i, m := range rec.Moves {
		seq := i + 1
		if marked[seq] != g.audit.StandInAt(seq) {
			return RecordMoves, fmt.Sprintf("move %d is a stand-in's in only one of the record and what this guest was shown", seq)
		}
		saw, ok := g.audit.MoveAt(seq)
		if !ok {
			return RecordMoves, fmt.Sprintf("move %d was never shown to this guest", seq)
		}
		if m.Kind == engine.KindDeal {
			epoch++
			key, ok := g.audit.DealKey(epoch)
			if !ok || m.Seed != hex.EncodeToString(key[:]) {
				return RecordDeals, fmt.Sprintf("deal %d (move %d) is not the deal this guest verified", epoch, seq)
			}
			m.Seed = ""
		}
		if m != saw {
			return RecordMoves, fmt.Sprintf("move %d is %s in the record; this guest was shown %s", seq, m, saw)
		}
		// Rule 2 (guestrules.go) on the record too: our seat's moves carry our signature.
		var sig []byte
		if i < len(p.Sigs) {
			sig = p.Sigs[i]
		}
		if why := g.checkMove(seq, m, sig, false); why != nil {
			return RecordSeat, why.text
		}
	}
	// The deals: the commitments and contexts we audited (Verify has opened them).
	for _, d := range p.Deals {
		ctx, c, ok := g.audit.Committed(d.Epoch)
		want := fair.Context{Game: rec.Game, Table: p.Table, Epoch: d.Epoch, Deal: d.Context, Roster: d.Roster}.Bytes()
		if !ok || !bytes.Equal(c[:], d.C) || !bytes.Equal(ctx, want) {
			return RecordDeals, fmt.Sprintf("deal %d's commitment is not the one this guest was shown", d.Epoch)
		}
	}
	return "", ""
}

// normalConfig makes an empty options map equal to none.
func normalConfig(c engine.Config) engine.Config {
	if len(c.Options) == 0 {
		c.Options = nil
	}
	return c
}
