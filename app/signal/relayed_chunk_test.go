package signal

import (
	"bytes"
	"errors"
	"testing"
)

func chunkBox(t testing.TB) (*Box, Session) {
	a, _ := NewLinkKey()
	b, _ := NewLinkKey()
	sid, _ := NewSession()
	box, err := a.LinkBox("room", sid, b.Public())
	if err != nil {
		t.Fatal(err)
	}
	return box, sid
}

// TestChunkAcks: pieces with and without a carried acknowledgement, and acknowledgements
// alone, come back as sent; malformed ones are refused.
func TestChunkAcks(t *testing.T) {
	box, sid := chunkBox(t)
	for _, c := range []Chunk{
		{Seq: 3, Part: 0, Parts: 1, Data: []byte("move")},
		{Seq: 4, Part: 2, Parts: 3, Data: bytes.Repeat([]byte{7}, ChunkData), Carried: true, Cum: 9, Sack: 1<<63 | 5},
		AckChunk(41, 0b1011),
	} {
		_, got, err := OpenChunk(box, ToHost, sid, SealChunk(box, ToHost, sid, 1, c))
		if err != nil {
			t.Fatalf("%+v: %v", c.Seq, err)
		}
		cum, sack, ok := got.Ack()
		wantCum, wantSack, wantOK := c.Ack()
		if got.Seq != c.Seq || got.Part != c.Part || got.Parts != c.Parts || !bytes.Equal(got.Data, c.Data) ||
			cum != wantCum || sack != wantSack || ok != wantOK {
			t.Fatalf("sent %+v, got %+v", c, got)
		}
	}
	for name, body := range map[string][]byte{
		"carried ack cut short":        append(make([]byte, 8), 0, 1|withAck, 1, 2, 3),
		"ack carried by an ack":        append(make([]byte, 8), 0, withAck, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0),
		"ack with a short bitmap":      append(make([]byte, 8), 0, 0, 1, 2),
		"too many parts behind an ack": append(make([]byte, 8+2+16), 'x'),
		"part past parts":              append(make([]byte, 8), 2, 2, 'x'),
		"more data than a piece holds": append(append(make([]byte, 8), 0, 1), make([]byte, ChunkData+1)...),
		"carried, more data than fits": append(append(make([]byte, 8), 0, 1|withAck), make([]byte, 16+ChunkData+1)...),
	} {
		if name == "too many parts behind an ack" {
			body[9] = (MaxParts + 1) | withAck
		}
		_, _, err := OpenChunk(box, ToHost, sid, append([]byte{chunkTag}, box.Seal(ToHost, sid, 1, body)...))
		if !errors.Is(err, ErrFraming) {
			t.Errorf("%s: %v", name, err)
		}
	}
}

// FuzzOpenChunk: any body sealed under a link's key either opens to a chunk that seals and
// opens again the same, or is refused; never a panic.
func FuzzOpenChunk(f *testing.F) {
	box, sid := chunkBox(f)
	f.Add(append(make([]byte, 8), 0, 1, 'x'))
	f.Add(append(make([]byte, 8), 0, 1|withAck, 0, 0, 0, 0, 0, 0, 0, 1, 0, 0, 0, 0, 0, 0, 0, 2, 'y'))
	f.Add(append(make([]byte, 8), 0, 0, 0, 0, 0, 0, 0, 0, 0, 3))
	f.Fuzz(func(t *testing.T, body []byte) {
		_, c, err := OpenChunk(box, ToHost, sid, append([]byte{chunkTag}, box.Seal(ToHost, sid, 1, body)...))
		if err != nil {
			return
		}
		_, again, err := OpenChunk(box, ToHost, sid, SealChunk(box, ToHost, sid, 2, c))
		if err != nil || again.Seq != c.Seq || again.Part != c.Part || again.Parts != c.Parts || !bytes.Equal(again.Data, c.Data) ||
			again.Carried != c.Carried || again.Cum != c.Cum || again.Sack != c.Sack {
			t.Fatalf("%x opened to %+v, which comes back as %+v (%v)", body, c, again, err)
		}
	})
}
