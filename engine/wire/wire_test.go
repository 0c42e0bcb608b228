package wire

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"reflect"
	"strings"
	"testing"

	"miskatonic/engine"
)

func key(b byte, n int) []byte { return bytes.Repeat([]byte{b}, n) }

// samples holds one valid message of every type; the fuzz seeds are made from them too.
func samples() []Message {
	mv := engine.Move{Seat: 2, Kind: "pass", To: 3}
	return []Message{
		&Hello{Name: "Ann", Key: key(1, KeySize), Sig: key(2, SigSize), Token: "tok"},
		&Ready{Ready: true},
		&Move{BasedOn: 7, Move: mv},
		&Say{Text: "hello <there> & all"},
		&Contrib{Epoch: 1, Seat: 2, S: key(3, SecretSize), Sig: key(4, SigSize)},
		&Resync{Next: 12},
		&Need{From: 3},
		&Seal{Epoch: 1, Seat: 2, SC: key(3, SecretSize), Sig: key(4, SigSize)},
		&Seals{Epoch: 1, Seals: []Share{{Seat: 0, S: key(3, SecretSize), Sig: key(4, SigSize)}}},
		&Pledge{Base: 4, Seat: 1, C: key(3, SecretSize), Sig: key(4, SigSize)},
		&Pledges{Base: 4, Pledges: []Pledge{{Base: 4, Seat: 0, C: key(3, SecretSize), Sig: key(4, SigSize)}, {Base: 4, Seat: 1, C: key(5, SecretSize)}}},
		&Open{Base: 4, Move: mv, Nonce: key(6, SecretSize), Sig: key(4, SigSize)},
		&View{Seq: 5, Move: &mv, Sig: key(4, SigSize), Nonce: key(6, SecretSize), View: json.RawMessage(`{}`), Legal: []engine.Move{}},
		&Log{From: 4, Moves: []engine.Move{mv}, Sigs: [][]byte{key(4, SigSize)}, Nonces: [][]byte{key(6, SecretSize)}},
		&Challenge{Nonce: key(5, SecretSize), Game: "arkham", Table: key(6, TableIDLen)},
		&Welcome{Seat: 2, Token: "t", Game: "arkham", Table: key(6, TableIDLen), Config: engine.Config{Seats: 5, Options: map[string]string{"doom": "on"}}, Started: true},
		&Welcome{Seat: 1, Game: "arkham", Table: key(6, TableIDLen), Match: 2},
		&Lobby{Seats: []SeatInfo{{Seat: 0, Name: "Ann", Key: key(1, KeySize), Connected: true, Ready: true}, {Seat: 1, Name: "Bot", Bot: true, Level: "random"}}, Options: map[string]string{"a": "b"}},
		&Log{From: 3, Moves: []engine.Move{mv, {Seat: engine.Dealer, Kind: engine.KindDeal}}},
		&View{Seq: 4, Move: &mv, View: json.RawMessage(`{"hand":[1,2]}`), Legal: []engine.Move{mv}, Status: engine.Status{Phase: "play", Active: []engine.Seat{2}, Deal: &engine.DealRequest{Epoch: 2, Context: "round 2"}}},
		&View{Seq: 0, View: json.RawMessage(`{}`), Legal: []engine.Move{}},
		&Reject{Kind: engine.KindIllegal, Ref: 4, BasedOn: 3},
		&Commit{Epoch: 1, Context: "round 1", Roster: [][]byte{key(1, KeySize), nil}, C: key(7, SecretSize)},
		&Contribs{Epoch: 1, Shares: []Share{{Seat: 0, S: key(3, SecretSize), Sig: key(4, SigSize)}}},
		&Reveal{Epoch: 1, H: key(8, SecretSize)},
		&Chat{From: 1, Name: "Bo", Text: "hi"},
		&Away{Seats: []engine.Seat{1, 3}, Millis: 42_000},
		&Away{Seats: []engine.Seat{1}, Expired: true},
		&Away{},
		&Locked{Base: 4, Seats: []engine.Seat{0, 2}},
		&Pledge{Base: 4, Seat: 2, C: key(3, SecretSize), StandIn: true},
		&View{Seq: 6, Move: &mv, StandIn: true, View: json.RawMessage(`{}`), Legal: []engine.Move{}},
		&Log{From: 4, Moves: []engine.Move{mv, mv}, StandIns: []int{1}},
		&Lobby{Seats: []SeatInfo{{Seat: 0, Name: "Ann", Key: key(1, KeySize), StandIn: true, Level: "heuristic"}}},
		&Head{Seq: 12, H: key(8, SecretSize), Key: key(1, KeySize), Sig: key(4, SigSize)},
		&Bye{Kind: KindFlood},
		&Bye{Kind: KindState, Code: ByeFull},
	}
}

func TestRoundTrip(t *testing.T) {
	for _, m := range samples() {
		t.Run(string(m.Type()), func(t *testing.T) {
			f, err := Encode(9, m)
			if err != nil {
				t.Fatal(err)
			}
			seq, got, err := Decode(f)
			if err != nil {
				t.Fatal(err)
			}
			if seq != 9 || !reflect.DeepEqual(got, m) {
				t.Fatalf("round trip: got %d %#v, want %#v", seq, got, m)
			}
		})
	}
}

func TestDecodeRefuses(t *testing.T) {
	big := `{"v":8,"type":"say","seq":1,"body":{"text":"` + strings.Repeat("x", MaxFrame) + `"}}`
	cases := []struct {
		name  string
		frame string
		kind  engine.Kind
	}{
		{"empty", ``, engine.KindMalformed},
		{"not json", `hello`, engine.KindMalformed},
		{"null", `null`, engine.KindMalformed},
		{"array", `[]`, engine.KindMalformed},
		{"oversized frame", big, KindOversized},
		{"other version", `{"v":9,"type":"ready","seq":1,"body":{"ready":true}}`, KindVersion},
		{"missing version", `{"type":"ready","seq":1,"body":{"ready":true}}`, KindVersion},
		{"unknown type", `{"v":8,"type":"shuffle","seq":1,"body":{}}`, engine.KindMalformed},
		{"unknown envelope field", `{"v":8,"type":"ready","seq":1,"body":{},"x":1}`, engine.KindMalformed},
		{"unknown body field", `{"v":8,"type":"ready","seq":1,"body":{"ready":true,"seat":3}}`, engine.KindMalformed},
		{"missing body", `{"v":8,"type":"ready","seq":1}`, engine.KindMalformed},
		{"null body", `{"v":8,"type":"ready","seq":1,"body":null}`, engine.KindMalformed},
		{"trailing data", `{"v":8,"type":"ready","seq":1,"body":{}} {}`, engine.KindMalformed},
		{"negative seq", `{"v":8,"type":"ready","seq":-1,"body":{}}`, engine.KindMalformed},
		{"wrong field type", `{"v":8,"type":"move","seq":1,"body":{"basedOn":"x","move":{"seat":0,"kind":"a"}}}`, engine.KindMalformed},
		{"unknown move field", `{"v":8,"type":"move","seq":1,"body":{"basedOn":1,"move":{"seat":0,"kind":"a","x":1}}}`, engine.KindMalformed},
		{"move without kind", `{"v":8,"type":"move","seq":1,"body":{"basedOn":1,"move":{"seat":0}}}`, engine.KindMalformed},
		{"move seat out of range", `{"v":8,"type":"move","seq":1,"body":{"basedOn":1,"move":{"seat":99,"kind":"a"}}}`, engine.KindMalformed},
		{"negative basedOn", `{"v":8,"type":"move","seq":1,"body":{"basedOn":-1,"move":{"seat":0,"kind":"a"}}}`, engine.KindMalformed},
		{"short key", `{"v":8,"type":"hello","seq":1,"body":{"name":"a","key":"AQID","sig":""}}`, engine.KindMalformed},
		{"person claim without its signature", `{"v":8,"type":"hello","seq":1,"body":{"name":"a","key":"AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA=","sig":"AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA==","person":"AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA="}}`, engine.KindMalformed},
		{"short person key", `{"v":8,"type":"hello","seq":1,"body":{"name":"a","key":"AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA=","sig":"AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA==","person":"AQID","personSig":"AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA=="}}`, engine.KindMalformed},
		{"away people not matching seats", `{"v":8,"type":"away","seq":1,"body":{"seats":[1,2],"people":[0]}}`, engine.KindMalformed},
		{"away people out of order", `{"v":8,"type":"away","seq":1,"body":{"seats":[1,2],"people":[1,0]}}`, engine.KindMalformed},
		{"away people skipping a number", `{"v":8,"type":"away","seq":1,"body":{"seats":[1,2],"people":[0,2]}}`, engine.KindMalformed},
		{"away times left not matching seats", `{"v":8,"type":"away","seq":1,"body":{"seats":[1,2],"left":[0]}}`, engine.KindMalformed},
		{"away negative time left", `{"v":8,"type":"away","seq":1,"body":{"seats":[1,2],"left":[0,-1]}}`, engine.KindMalformed},
		{"blind preview of no game", `{"v":8,"type":"preview","seq":1,"body":{"seated":1,"min":2,"max":7,"blind":true}}`, engine.KindMalformed},
		{"long name", `{"v":8,"type":"hello","seq":1,"body":{"name":"` + strings.Repeat("n", MaxName+1) + `"}}`, KindOversized},
		{"empty chat", `{"v":8,"type":"say","seq":1,"body":{"text":""}}`, engine.KindMalformed},
		{"long chat", `{"v":8,"type":"say","seq":1,"body":{"text":"` + strings.Repeat("c", MaxChat+1) + `"}}`, KindOversized},
		{"contrib epoch 0", `{"v":8,"type":"contrib","seq":1,"body":{"epoch":0,"seat":0,"s":"","sig":""}}`, engine.KindMalformed},
		{"view without move", `{"v":8,"type":"view","seq":1,"body":{"seq":3,"view":{},"legal":[],"status":{"phase":"","round":0,"turn":0,"active":null,"over":false}}}`, engine.KindMalformed},
		{"oversized view", `{"v":8,"type":"view","seq":1,"body":{"seq":0,"view":"` + strings.Repeat("v", MaxView) + `","legal":[],"status":{"phase":"","round":0,"turn":0,"active":null,"over":false}}}`, KindOversized},
		{"long bye code", `{"v":8,"type":"bye","seq":1,"body":{"kind":"state","code":"` + strings.Repeat("f", 33) + `"}}`, KindOversized},
		{"negative match", `{"v":8,"type":"welcome","seq":1,"body":{"seat":0,"game":"arkham","table":"AAAAAAAAAAAAAAAAAAAAAA==","config":{"seats":0,"options":null},"started":false,"match":-1}}`, engine.KindMalformed},
		{"bad base64", `{"v":8,"type":"reveal","seq":1,"body":{"epoch":1,"h":"!!"}}`, engine.KindMalformed},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			_, m, err := Decode([]byte(c.frame))
			if err == nil {
				t.Fatalf("accepted %#v", m)
			}
			if k := engine.KindOf(err); k != c.kind {
				t.Fatalf("kind %q (%v), want %q", k, err, c.kind)
			}
		})
	}
}

func TestEncodeRefusesWhatDecodeWould(t *testing.T) {
	if _, err := Encode(1, &Say{Text: strings.Repeat("x", MaxChat+1)}); !errors.Is(err, ErrOversized) {
		t.Fatalf("oversized chat encoded: %v", err)
	}
	if _, err := Encode(1, &Reveal{Epoch: 1, H: []byte{1}}); !errors.Is(err, engine.ErrMalformed) {
		t.Fatalf("short secret encoded: %v", err)
	}
	// A log of maximum size must still fit a frame: the host chunks logs by MaxLogMoves.
	moves := make([]engine.Move, MaxLogMoves)
	for i := range moves {
		moves[i] = engine.Move{Seat: engine.Dealer, Kind: engine.KindDeal, Seed: strings.Repeat("a", 64), Option: strings.Repeat("o", 30)}
	}
	if f, err := Encode(1, &Log{Moves: moves}); err != nil || len(f) > MaxFrame {
		t.Fatalf("full log chunk does not fit: %v", err)
	}
}

// Hosts before codes-only put an English sentence beside the code of a reject or bye. Their
// frames still decode (with the sentence, for logs), but no frame this package builds carries
// one, whatever the sender put in the field: the wire holds codes and data only.
func TestLegacyTextReadNeverSent(t *testing.T) {
	cases := []struct {
		old  string
		text func(Message) string
		want Message
	}{
		{`{"v":8,"type":"reject","seq":4,"body":{"kind":"illegal","msg":"table: move: not legal now","ref":3,"basedOn":2}}`,
			func(m Message) string { return m.(*Reject).Msg },
			&Reject{Kind: engine.KindIllegal, Ref: 3, BasedOn: 2}},
		{`{"v":8,"type":"bye","seq":5,"body":{"kind":"state","code":"full","reason":"the table is full"}}`,
			func(m Message) string { return m.(*Bye).Reason },
			&Bye{Kind: KindState, Code: ByeFull}},
	}
	for _, c := range cases {
		seq, m, err := Decode([]byte(c.old))
		if err != nil {
			t.Fatalf("an old host's frame is refused: %v", err)
		}
		if c.text(m) == "" {
			t.Errorf("%s: the old text was not read", m.Type())
		}
		f, err := Encode(seq, m)
		if err != nil {
			t.Fatal(err)
		}
		if bytes.Contains(f, []byte(`"msg"`)) || bytes.Contains(f, []byte(`"reason"`)) || bytes.Contains(f, []byte("table")) {
			t.Errorf("re-encoded with its sentence: %s", f)
		}
		_, again, err := Decode(f)
		if err != nil || !reflect.DeepEqual(again, c.want) {
			t.Errorf("re-encoded %s decodes to %#v (%v), want %#v", m.Type(), again, err, c.want)
		}
		if c.text(m) == "" {
			t.Error("encoding changed the message it was given")
		}
	}
	if f, err := EncodeVersion(2, 1, &Bye{Kind: KindVersion, Code: ByeVersion, Reason: "this table speaks version 3"}); err != nil ||
		!bytes.HasPrefix(f, []byte(`{"v":2,"type":"bye"`)) || bytes.Contains(f, []byte("speaks")) {
		t.Errorf("version bye %s (%v)", f, err)
	}
}

func TestViewIsCompacted(t *testing.T) {
	f := []byte(`{"v":8,"type":"view","seq":1,"body":{"seq":0,"view":{ "a" : [1, 2] },"legal":[],"status":{"phase":"","round":0,"turn":0,"active":null,"over":false}}}`)
	_, m, err := Decode(f)
	if err != nil {
		t.Fatal(err)
	}
	if got := string(m.(*View).View); got != `{"a":[1,2]}` {
		t.Fatalf("view = %s", got)
	}
}

// FuzzDecode: Decode never panics, and whatever it accepts encodes and decodes to the same value.
func FuzzDecode(f *testing.F) {
	for _, m := range samples() {
		b, err := Encode(3, m)
		if err != nil {
			f.Fatal(err)
		}
		f.Add(b)
	}
	f.Add([]byte(`{"v":8,"type":"ready","seq":1,"body":{}}`))
	f.Fuzz(func(t *testing.T, frame []byte) {
		seq, m, err := Decode(frame)
		if err != nil {
			if engine.KindOf(err) == "" {
				t.Fatalf("untyped error %v", err)
			}
			return
		}
		again, err := Encode(seq, m)
		if err != nil {
			t.Fatalf("accepted %q but cannot encode it: %v", frame, err)
		}
		seq2, m2, err := Decode(again)
		if err != nil {
			t.Fatalf("re-encoded frame refused: %v\n%s", err, again)
		}
		// The canonical encoding is a fixed point (nil and empty byte fields encode alike, so
		// values are compared through it).
		third, err := Encode(seq2, m2)
		if err != nil || seq2 != seq || m2.Type() != m.Type() || !bytes.Equal(again, third) {
			t.Fatalf("round trip changed the message:\n%s\n%s", again, third)
		}
	})
}

// A view set with SetView (the host's, straight from json.Marshal) is spliced into its frame
// unscanned: the frame is byte for byte the one the View would be marshalled into, for views
// with and without their optional fields.
func TestSetViewEncodesAsMarshal(t *testing.T) {
	raw := []byte(`{"round":2,"seats":[{"pos":0,"name":"A \u003c\u0026"}],"log":["x"]}`)
	mv := &engine.Move{Seat: 1, Kind: "play", Card: 7}
	cases := []struct {
		name string
		v    View
	}{
		{"the first view", View{Seq: 0, Legal: []engine.Move{}, Status: engine.Status{Active: []engine.Seat{0}}}},
		{"a signed move", View{Seq: 3, Move: mv, Sig: make([]byte, 64), Legal: []engine.Move{*mv}, Status: engine.Status{Active: []engine.Seat{1}}}},
		{"a sealed move by a stand-in", View{Seq: 4, Move: mv, Nonce: make([]byte, SecretSize), StandIn: true, Legal: []engine.Move{}}},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			plain := c.v
			plain.View = raw
			want, err := EncodePadded(9, &plain, 2048)
			if err != nil {
				t.Fatal(err)
			}
			fast := c.v
			fast.SetView(raw)
			got, err := EncodePadded(9, &fast, 2048)
			if err != nil {
				t.Fatal(err)
			}
			if string(got) != string(want) {
				t.Fatalf("spliced frame differs:\n got %s\nwant %s", got, want)
			}
			_, m, err := Decode(got)
			if err != nil {
				t.Fatal(err)
			}
			if string(m.(*View).View) != string(raw) {
				t.Fatalf("decoded view %s", m.(*View).View)
			}
		})
	}
}

// BenchmarkEncodeView: a view frame of a few KiB, its view set directly (scanned again by
// Marshal) and through SetView (spliced).
func BenchmarkEncodeView(b *testing.B) {
	raw := []byte(`{"log":[` + strings.Repeat(`"Bea gives the Orb to Cy, who looks at it",`, 60) + `"end"]}`)
	mv := &engine.Move{Seat: 1, Kind: "give", To: 2}
	for _, c := range []struct {
		name string
		set  func(v *View)
	}{{"marshal", func(v *View) { v.View = raw }}, {"spliced", func(v *View) { v.SetView(raw) }}} {
		b.Run(c.name, func(b *testing.B) {
			v := &View{Seq: 5, Move: mv, Sig: make([]byte, 64), Legal: []engine.Move{*mv}}
			c.set(v)
			b.SetBytes(int64(len(raw)))
			for b.Loop() {
				if _, err := EncodePadded(9, v, 4096); err != nil {
					b.Fatal(err)
				}
			}
		})
	}
}

// Away.Persons groups seats by person; with no People, each seat is its own.
func TestAwayPersons(t *testing.T) {
	for _, c := range []struct {
		m    Away
		want string
	}{
		{Away{Seats: []engine.Seat{1, 2, 4}, People: []int{0, 1, 0}}, "[[1 4] [2]]"},
		{Away{Seats: []engine.Seat{1, 2}}, "[[1] [2]]"},
		{Away{}, "[]"},
	} {
		if err := c.m.Check(); err != nil {
			t.Fatalf("%+v: %v", c.m, err)
		}
		if got := fmt.Sprint(c.m.Persons()); got != c.want {
			t.Errorf("%+v: persons %s, want %s", c.m, got, c.want)
		}
	}
}
