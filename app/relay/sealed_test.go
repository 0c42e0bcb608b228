//go:build !wasm

package relay

import (
	"errors"
	"testing"

	"miskatonic/app/signal"
)

// TestSealedPayloadsThroughRelay passes sealed payloads through the real relay and checks the
// host refuses the ones that were altered, replayed or sealed under another room's key, and
// accepts the honest ones. The relay only ever handles the sealed bytes.
func TestSealedPayloadsThroughRelay(t *testing.T) {
	_, url := newServer(t, Config{})
	in := testInvite(t, 10)
	h := connect(t, url, in, signal.RoleHost)
	g := connect(t, url, in, signal.RoleGuest)
	recv(t, h) // join
	recv(t, g) // host present

	box, err := signal.NewBox(in)
	if err != nil {
		t.Fatal(err)
	}
	other, err := signal.NewBox(testInvite(t, 11))
	if err != nil {
		t.Fatal(err)
	}
	sess, _ := signal.NewSession()
	honest1 := box.Seal(signal.ToHost, sess, 1, []byte(`{"kind":"bye"}`))
	honest2 := box.Seal(signal.ToHost, sess, 2, []byte(`{"kind":"bye"}`))
	tampered := append([]byte(nil), honest2...)
	tampered[len(tampered)-20] ^= 1
	wrongSeq := append([]byte(nil), honest2...)
	wrongSeq[25] = 9 // the sequence number is authenticated too

	var replay signal.Replay
	cases := []struct {
		name    string
		payload []byte
		want    error
	}{
		{"honest first", honest1, nil},
		{"wrong key", other.Seal(signal.ToHost, sess, 2, []byte(`{"kind":"bye"}`)), signal.ErrUnsealed},
		{"tampered ciphertext", tampered, signal.ErrUnsealed},
		{"tampered sequence number", wrongSeq, signal.ErrUnsealed},
		{"reflected direction", box.Seal(signal.ToGuest, sess, 3, []byte(`{"kind":"bye"}`)), signal.ErrUnsealed},
		{"replayed first", honest1, signal.ErrReplay},
		{"honest second", honest2, nil},
		{"replayed second", honest2, signal.ErrReplay},
		{"truncated", honest2[:10], signal.ErrFraming},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			send(t, g, signal.Frame{Type: signal.FrameData, Payload: tc.payload})
			f := recv(t, h)
			s, seq, _, err := box.Open(signal.ToHost, f.Payload)
			if err == nil {
				err = replay.Check(s, seq)
			}
			if !errors.Is(err, tc.want) && !(tc.want == nil && err == nil) {
				t.Fatalf("err = %v, want %v", err, tc.want)
			}
		})
	}
}
