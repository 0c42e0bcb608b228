package blindtable

import (
	"testing"
)

// FuzzFrame: any bytes as a frame, and any input it carries applied to a host's state in the
// middle of a round, never panic; a refused input changes nothing.
func FuzzFrame(f *testing.F) {
	fx, log := recordedGame(f)
	k := quietPrefix(f, fx, log, 3)
	for _, e := range log[k-6 : k+12] {
		b, _ := EncodeFrame(Frame{Input: &e.In})
		f.Add(b)
		b, _ = EncodeFrame(Frame{Entry: &e})
		f.Add(b)
	}
	f.Add([]byte(`{"v":1,"hello":{"seat":1,"from":3}}`))
	var st *State
	f.Fuzz(func(t *testing.T, data []byte) {
		fr, err := DecodeFrame(data)
		if err != nil {
			return
		}
		if _, err := EncodeFrame(fr); err != nil && len(data) <= MaxFrame/2 {
			t.Fatalf("a decoded frame does not encode: %v", err)
		}
		var in Input
		switch {
		case fr.Input != nil:
			in = *fr.Input
		case fr.Entry != nil:
			in = fr.Entry.In
		default:
			return
		}
		if st == nil {
			st, _ = NewState(fx.cfg)
			for _, e := range log[:k] {
				if err := st.Apply(e); err != nil {
					t.Fatal(err)
				}
			}
		}
		before := snapshot(st)
		if err := st.Apply(Entry{Seq: st.seq, In: in}); err != nil {
			if snapshot(st) != before {
				t.Fatalf("a refused input changed the state: %v", err)
			}
			return
		}
		st = nil // accepted (a replayed valid input): start again from the prefix
	})
}
