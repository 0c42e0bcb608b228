package mqtt

import (
	"bufio"
	"bytes"
	"testing"
)

// FuzzPackets: whatever a broker (or something posing as one) sends, reading and parsing
// packets never panics, and a PUBLISH we frame reads back as itself.
func FuzzPackets(f *testing.F) {
	f.Add([]byte{0x30, 0x07, 0x00, 0x01, 't', 'x', 'y', 'z', 'w'})
	f.Add([]byte{0x32, 0x08, 0x00, 0x01, 't', 0x00, 0x05, 'a', 'b', 'c'})
	f.Add([]byte{0x90, 0x03, 0x00, 0x01, 0x00})
	f.Add([]byte{0x30, 0xff, 0xff, 0xff, 0xff})
	f.Add([]byte{0x30, 0xff, 0xff, 0xff, 0x7f})
	f.Fuzz(func(t *testing.T, b []byte) {
		r := bufio.NewReader(bytes.NewReader(b))
		for range 8 {
			first, body, err := readPacket(r)
			if err != nil {
				return
			}
			if first>>4 == typePublish {
				parsePublish(first, body)
			}
		}
	})
}

func TestPublishRoundTrip(t *testing.T) {
	for _, n := range []int{0, 1, 127, 128, 16383, 16384, 70000} {
		payload := bytes.Repeat([]byte{7}, n)
		body := append(appendString(nil, "room/h"), payload...)
		pkt := append(append([]byte{typePublish << 4}, remainingLength(len(body))...), body...)
		first, got, err := readPacket(bufio.NewReader(bytes.NewReader(pkt)))
		if err != nil {
			t.Fatalf("%d bytes: %v", n, err)
		}
		if n+8 > maxPacket {
			if got != nil {
				t.Fatalf("%d bytes: an oversized packet was kept", n)
			}
			continue
		}
		d, ok := parsePublish(first, got)
		if !ok || d.topic != "room/h" || !bytes.Equal(d.payload, payload) {
			t.Fatalf("%d bytes: got %q %d bytes", n, d.topic, len(d.payload))
		}
	}
}
