package wire

import (
	"bytes"
	"strings"
	"testing"
)

// Every frame leaves Encode padded to its bucket, and the padding changes nothing decoded: a
// frame without it (as an earlier build of this version sent) decodes the same.
func TestFramesPadded(t *testing.T) {
	for _, m := range samples() {
		f, err := Encode(9, m)
		if err != nil {
			t.Fatal(err)
		}
		raw := bytes.TrimRight(f, " ")
		if len(f) != Bucket(len(raw)) {
			t.Fatalf("%s: %d bytes, its bucket is %d", m.Type(), len(f), Bucket(len(raw)))
		}
		for _, g := range [][]byte{f, raw} {
			if _, got, err := Decode(g); err != nil || got.Type() != m.Type() {
				t.Fatalf("%s: %v", m.Type(), err)
			}
		}
		n, _ := Size(9, m)
		if n != len(raw) {
			t.Fatalf("%s: Size %d, unpadded frame %d", m.Type(), n, len(raw))
		}
	}
}

func TestBucket(t *testing.T) {
	for _, c := range []struct{ n, want int }{
		{0, 256}, {1, 256}, {256, 256}, {257, 512}, {1000, 1024}, {1025, 2048},
		{32768, 32768}, {32769, MaxFrame}, {MaxFrame, MaxFrame},
	} {
		if got := Bucket(c.n); got != c.want {
			t.Errorf("Bucket(%d) = %d, want %d", c.n, got, c.want)
		}
	}
}

// A size worked out from public facts wins when the frame fits it; a frame that does not fit
// goes to its bucket; no size makes a frame exceed MaxFrame.
func TestEncodePadded(t *testing.T) {
	m := &Say{Text: "hello"}
	for _, c := range []struct{ size, want int }{{0, 256}, {3000, 3000}, {10, 256}, {MaxFrame + 5, MaxFrame}} {
		f, err := EncodePadded(1, m, c.size)
		if err != nil || len(f) != c.want {
			t.Fatalf("size %d: %d bytes (%v), want %d", c.size, len(f), err, c.want)
		}
	}
	big := &Say{Text: strings.Repeat("x", MaxChat)}
	f, _ := EncodePadded(1, big, 300)
	if len(f) != 1024 {
		t.Fatalf("a frame over its size went to %d bytes, want its bucket 1024", len(f))
	}
}
