//go:build !wasm

package rtc

import (
	"bytes"
	"context"
	"testing"
)

// Both ends of a link compute the same channel binding, and two links never share one: a hello
// signed for one link does not verify on another (engine/table).
func TestChannelBinding(t *testing.T) {
	url := startRelay(t)
	in := seededInvite(t, 3)
	h, err := Listen(context.Background(), url, in, LoopbackConfig())
	if err != nil {
		t.Fatal(err)
	}
	defer h.Close()
	conns := acceptAll(t, h)
	g1 := dialT(t, url, in, "Ada")
	h1 := <-conns
	defer h1.Close()
	g2 := dialT(t, url, in, "Bo")
	h2 := <-conns
	defer h2.Close()
	b1, b2 := g1.Binding(), g2.Binding()
	if len(b1) != 32 || !bytes.Equal(b1, h1.Binding()) || !bytes.Equal(b2, h2.Binding()) {
		t.Fatalf("ends disagree: %x %x / %x %x", b1, h1.Binding(), b2, h2.Binding())
	}
	if bytes.Equal(b1, b2) {
		t.Fatal("two links share a binding")
	}
}
