//go:build !wasm

package relay

import (
	"bufio"
	"bytes"
	"fmt"
	"net"
	"net/http"
	"strings"
	"testing"

	"miskatonic/app/signal"
)

// A client may send its first frames in the same packet as its handshake, so they are already
// in net/http's reader when the connection is taken over: the small buffers must carry them.
// The guest's frame lands in the mailbox of its absent host, byte for byte.
func TestFramesSentWithTheHandshakeArrive(t *testing.T) {
	rl, url := newServer(t, Config{})
	in := testInvite(t, 7)
	payload := bytes.Repeat([]byte("sealed"), 300) // larger than the relay's read buffer
	frame := signal.Frame{Type: signal.FrameData, Payload: payload}.Marshal()
	addr := strings.TrimPrefix(url, "ws://")
	nc, err := net.Dial("tcp", addr)
	if err != nil {
		t.Fatal(err)
	}
	defer nc.Close()
	var req bytes.Buffer
	fmt.Fprintf(&req, "GET /?room=%s&role=guest HTTP/1.1\r\nHost: %s\r\nUpgrade: websocket\r\nConnection: Upgrade\r\n"+
		"Sec-WebSocket-Key: dGhlIHNhbXBsZSBub25jZQ==\r\nSec-WebSocket-Version: 13\r\nSec-WebSocket-Protocol: %s\r\n\r\n", in.Room, addr, Subprotocol)
	// One masked binary frame (RFC 6455 §5.2), 16-bit length.
	mask := [4]byte{1, 2, 3, 4}
	req.Write([]byte{0x82, 0x80 | 126, byte(len(frame) >> 8), byte(len(frame))})
	req.Write(mask[:])
	for i, c := range frame {
		req.WriteByte(c ^ mask[i%4])
	}
	if _, err := nc.Write(req.Bytes()); err != nil { // handshake and frame in one write
		t.Fatal(err)
	}
	resp, err := http.ReadResponse(bufio.NewReader(nc), nil)
	if err != nil {
		t.Fatal(err)
	}
	if resp.StatusCode != http.StatusSwitchingProtocols {
		t.Fatalf("handshake: %s", resp.Status)
	}
	eventually(t, "the frame sent with the handshake is in the mailbox", func() bool { return rl.Stats().MailBytes >= len(payload) })
	if st := rl.Stats(); st.Conns != 1 || st.MailBytes > len(frame) {
		t.Fatalf("stats %+v", st)
	}
}
