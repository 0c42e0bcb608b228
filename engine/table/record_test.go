package table

import (
	"encoding/json"
	"sync"
	"testing"

	"miskatonic/engine"
	"miskatonic/engine/arkham"
	"miskatonic/engine/replay"
	"miskatonic/engine/wire"
)

// TestGuestRecord: a guest asks for the finished game's proven record, the host sends it in
// parts and the guest checks it before offering it. Before the game is over the guest does not
// ask, and a modified guest page that asks anyway is refused and gets nothing.
func TestGuestRecord(t *testing.T) {
	defer checkNoLeak(t)()
	var mu sync.Mutex
	parts := 0
	count := func(_ engine.Seat, m wire.Message) wire.Message {
		if _, ok := m.(*wire.Record); ok {
			mu.Lock()
			parts++
			mu.Unlock()
		}
		return m
	}
	tt := newTable(t, tableOpts{rules: arkham.Rules{}, guests: 2, bots: 1, seed: 18, hostSeat: true,
		wrap: func(i int, c Conn) Conn { return &tamper{Conn: c, seat: engine.Seat(i), out: count} }})
	defer tt.close()
	g := tt.guests[0]
	tt.waitFor("a view", func() bool { return g.State().HasView })
	if err := g.AskRecord(); err == nil {
		t.Fatal("the guest asked for the record of a game still on")
	}
	// A modified guest page asks mid-game: the host refuses, and sends no part of the record.
	g.mu.Lock()
	ask := g.send(&wire.RecordAsk{Table: g.tableID})
	g.mu.Unlock()
	tt.waitFor("the refusal", func() bool { r := g.State().Reject; return r != nil && r.Ref == ask })
	if r := g.State().Reject; r.Kind != wire.KindState {
		t.Fatalf("refused with %+v, want kind %s", r, wire.KindState)
	}

	tt.play()
	tt.finish()
	mu.Lock()
	if parts != 0 {
		t.Fatalf("%d record parts reached the guests before they asked at game over", parts)
	}
	mu.Unlock()
	for i, g := range tt.guests {
		if err := g.AskRecord(); err != nil {
			t.Fatalf("guest %d: %v", i, err)
		}
	}
	want, _ := json.Marshal(tt.host.ProvenRecord())
	for i, g := range tt.guests {
		tt.waitFor("the record", func() bool { return g.State().RecordState != RecordAsking })
		st := g.State()
		if st.RecordState != RecordReady || st.Record == nil {
			t.Fatalf("guest %d: %s %s: %s", i, st.RecordState, st.RecordCode, st.RecordProblem)
		}
		v := replay.Verify(arkham.Rules{}, *st.Record)
		if !v.Verified {
			t.Fatalf("guest %d exports a record that does not verify: %+v", i, v)
		}
		// The replay shows the table code the players were shown at the end.
		if v.Code == "" || v.Code != st.Code {
			t.Fatalf("guest %d: the record's table code %q, the table's %q", i, v.Code, st.Code)
		}
		if got, _ := json.Marshal(st.Record); string(got) != string(want) {
			t.Fatalf("guest %d's record differs from the host's", i)
		}
	}
}

// TestGuestRecordDoctored is the dishonest host: it alters the record it sends one guest (a
// card's deal secret, a player's move, a sealed share, the key at that guest's own seat, the
// record cut short, another table's id). Each guest refuses to export and says why; the one
// guest sent the honest record exports it.
func TestGuestRecordDoctored(t *testing.T) {
	defer checkNoLeak(t)()
	firstMove := func(rec *engine.Record) int {
		for i, m := range rec.Moves {
			if m.Seat >= 0 && m.Kind != engine.KindDeal {
				return i
			}
		}
		t.Fatal("no player's move in the record")
		return 0
	}
	cases := []struct {
		name   string
		doctor func(*engine.Record)
		code   string
	}{
		{"honest", nil, ""},
		{"card", func(r *engine.Record) { r.Proof.Deals[0].H[0] ^= 1 }, RecordUnproven},
		{"move", func(r *engine.Record) { i := firstMove(r); r.Moves[i].N++ }, RecordUnproven},
		{"secret", func(r *engine.Record) { r.Proof.Deals[0].Shares[0].S[0] ^= 1 }, RecordUnproven},
		{"own key", func(r *engine.Record) { r.Proof.Keys[4] = nil }, RecordSeat},
		{"cut short", func(r *engine.Record) {
			r.Moves, r.Proof.Sigs = r.Moves[:len(r.Moves)-1], r.Proof.Sigs[:len(r.Moves)-1]
		}, RecordUnproven},
		{"other table", func(r *engine.Record) { r.Proof.Table[0] ^= 1 }, RecordOther},
	}
	doctoredRecords(t, 31, cases)
}

// TestGuestRecordResealed: the dishonest host holds the key that seals the record, so it can
// seal a doctored one again. What a guest saw at the table still decides: the names, the host's
// key and the table code it was shown.
func TestGuestRecordResealed(t *testing.T) {
	defer checkNoLeak(t)()
	firstMove := func(rec *engine.Record) int {
		for i, m := range rec.Moves {
			if m.Seat >= 0 && m.Kind != engine.KindDeal {
				return i
			}
		}
		t.Fatal("no player's move in the record")
		return 0
	}
	cases := []struct {
		name   string
		doctor func(*engine.Record)
		code   string
	}{
		{"honest", nil, ""},
		// The host holds the sealing key: what it seals again is still checked against the
		// table this guest saw.
		{"names swapped, sealed again", func(r *engine.Record) {
			r.Names[1], r.Names[2] = r.Names[2], r.Names[1]
			replay.Seal(identity(0), r)
		}, RecordSeat},
		{"sealed by another key", func(r *engine.Record) { replay.Seal(identity(901), r) }, RecordUnproven},
		{"a stand-in claimed, sealed again", func(r *engine.Record) {
			i := firstMove(r)
			r.Proof.Sigs[i], r.Proof.StandIns = nil, []int{i + 1}
			replay.Seal(identity(0), r)
		}, RecordMoves},
	}
	doctoredRecords(t, 32, cases)
}

// doctoredRecords plays a game with one guest per case, the host's player at seat 0, and
// checks what each guest makes of the record cases[i].doctor changed for it.
func doctoredRecords(t *testing.T, seed uint64, cases []struct {
	name   string
	doctor func(*engine.Record)
	code   string
}) {
	// Every record part for guest i goes through cases[i].doctor: the parts are held back
	// (replaced by chat lines) until the last, which carries the whole doctored record.
	var mu sync.Mutex
	held := map[engine.Seat][][]byte{}
	out := func(seat engine.Seat, m wire.Message) wire.Message {
		r, ok := m.(*wire.Record)
		if !ok || cases[seat].doctor == nil {
			return m
		}
		mu.Lock()
		defer mu.Unlock()
		if held[seat] == nil {
			held[seat] = make([][]byte, r.Parts)
		}
		held[seat][r.Part] = r.Data
		for _, p := range held[seat] {
			if p == nil {
				return nil
			}
		}
		var whole []byte
		for _, p := range held[seat] {
			whole = append(whole, p...)
		}
		rec, err := engine.DecodeRecord(whole)
		if err != nil {
			t.Errorf("the tamper cannot read the record: %v", err)
			return m
		}
		cases[seat].doctor(&rec)
		b, _ := json.Marshal(rec)
		return &wire.Record{Table: r.Table, Part: 0, Parts: 1, Data: b}
	}
	tt := newTable(t, tableOpts{rules: arkham.Rules{}, guests: len(cases), seed: seed, hostSeat: true,
		wrap: func(i int, c Conn) Conn { return &tamper{Conn: c, seat: engine.Seat(i), out: out} }})
	defer tt.close()
	tt.play()
	tt.finish()
	for i, g := range tt.guests {
		if err := g.AskRecord(); err != nil {
			t.Fatalf("guest %d: %v", i, err)
		}
	}
	for i, c := range cases {
		g := tt.guests[i]
		tt.waitFor(c.name, func() bool { return g.State().RecordState != RecordAsking })
		st := g.State()
		t.Logf("%s: %s %s %s", c.name, st.RecordState, st.RecordCode, st.RecordProblem)
		if c.code == "" {
			if st.RecordState != RecordReady || st.Record == nil {
				t.Errorf("%s: the honest record was refused: %s %s", c.name, st.RecordCode, st.RecordProblem)
			}
			continue
		}
		if st.RecordState != RecordFailed || st.Record != nil || st.RecordCode != c.code || st.RecordProblem == "" {
			t.Errorf("%s: state %s code %q (%s), want refused with %s", c.name, st.RecordState, st.RecordCode, st.RecordProblem, c.code)
		}
	}
}
