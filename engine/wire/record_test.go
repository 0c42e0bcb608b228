package wire

import (
	"errors"
	"reflect"
	"testing"

	"miskatonic/engine"
)

// TestRecordMessages round-trips the record kinds and refuses parts out of their bounds: no
// part above MaxRecordPart, no record of more than MaxRecordParts parts, so a guest never
// collects more than MaxRecord bytes.
func TestRecordMessages(t *testing.T) {
	ok := []Message{
		&RecordAsk{Table: key(6, TableIDLen)},
		&Record{Table: key(6, TableIDLen), Part: 0, Parts: 1, Data: []byte(`{"game":"arkham"}`)},
		&Record{Table: key(6, TableIDLen), Part: MaxRecordParts - 1, Parts: MaxRecordParts, Data: key('x', MaxRecordPart)},
	}
	for _, m := range ok {
		f, err := Encode(3, m)
		if err != nil {
			t.Fatalf("%s: %v", m.Type(), err)
		}
		if len(f) > MaxFrame {
			t.Fatalf("%s frame of %d bytes", m.Type(), len(f))
		}
		_, got, err := Decode(f)
		if err != nil || !reflect.DeepEqual(got, m) {
			t.Fatalf("%s: round trip %v: %#v", m.Type(), err, got)
		}
	}
	bad := []struct {
		name string
		m    Message
		kind engine.Kind
	}{
		{"ask without table", &RecordAsk{}, engine.KindMalformed},
		{"too many parts", &Record{Table: key(6, TableIDLen), Parts: MaxRecordParts + 1, Data: []byte("x")}, engine.KindMalformed},
		{"part past the end", &Record{Table: key(6, TableIDLen), Part: 2, Parts: 2, Data: []byte("x")}, engine.KindMalformed},
		{"negative part", &Record{Table: key(6, TableIDLen), Part: -1, Parts: 2, Data: []byte("x")}, engine.KindMalformed},
		{"empty part", &Record{Table: key(6, TableIDLen), Parts: 1}, engine.KindMalformed},
		{"oversized part", &Record{Table: key(6, TableIDLen), Parts: 1, Data: key('x', MaxRecordPart+1)}, KindOversized},
	}
	for _, c := range bad {
		_, err := Encode(1, c.m)
		if !errors.Is(err, &engine.Error{Kind: c.kind}) {
			t.Errorf("%s: Encode = %v, want kind %s", c.name, err, c.kind)
		}
	}
}
