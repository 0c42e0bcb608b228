package wire

import "testing"

// Peek names the type of a frame as Encode writes it (padding included) and nothing else.
func TestPeek(t *testing.T) {
	view, err := Encode(7, &View{Seq: 0, View: []byte(`{"a":1}`)})
	if err != nil {
		t.Fatal(err)
	}
	chat, err := EncodePadded(8, &Chat{Name: "p", Text: "hi"}, 1024)
	if err != nil {
		t.Fatal(err)
	}
	for _, c := range []struct {
		frame string
		want  Type
	}{
		{string(view), TView},
		{string(chat), TChat},
		{`{"type":"view","v":4,"seq":1,"body":{}}`, ""}, // another layout: not peeked
		{`{"v":2,"type":"view","seq":1,"body":{}}`, ""}, // another version
		{`{"v":4,"type":"`, ""},
		{``, ""},
	} {
		if got := Peek([]byte(c.frame)); got != c.want {
			t.Errorf("Peek(%.40q) = %q, want %q", c.frame, got, c.want)
		}
	}
}
