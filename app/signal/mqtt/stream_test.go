package mqtt

import (
	"context"
	"net/http"
	"net/http/httptest"
	"strings"
	"testing"
	"time"

	"github.com/coder/websocket"
)

// brokerSending is a broker that answers CONNECT and SUBSCRIBE with what script writes, message
// by message, exactly as split there: MQTT over WebSocket lets a broker cut packets anywhere.
func brokerSending(t *testing.T, script func(ctx context.Context, ws *websocket.Conn)) string {
	t.Helper()
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		ws, err := websocket.Accept(w, r, &websocket.AcceptOptions{Subprotocols: []string{Subprotocol}})
		if err != nil {
			return
		}
		defer ws.CloseNow()
		script(r.Context(), ws)
	}))
	t.Cleanup(srv.Close)
	return "ws" + strings.TrimPrefix(srv.URL, "http")
}

// dialBroker connects to url for the test's length (ten seconds at most).
func dialBroker(t *testing.T, url string) (context.Context, *Bus) {
	t.Helper()
	ctx, cancel := context.WithTimeout(context.Background(), 10*time.Second)
	t.Cleanup(cancel)
	b, err := Dial(ctx, url)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { b.Close() })
	return ctx, b.(*Bus)
}

// TestPacketsAcrossMessages: a CONNACK cut in two, a SUBACK and a PUBLISH in one message, and a
// PUBLISH cut in three all read as the packets they are.
func TestPacketsAcrossMessages(t *testing.T) {
	url := brokerSending(t, func(ctx context.Context, ws *websocket.Conn) {
		ws.Read(ctx) // CONNECT
		ws.Write(ctx, websocket.MessageBinary, []byte{typeConnack << 4, 2})
		ws.Write(ctx, websocket.MessageBinary, []byte{0, 0})
		_, sub, _ := ws.Read(ctx) // SUBSCRIBE: packet id at 2..3
		both := append([]byte{typeSuback << 4, 3, sub[2], sub[3], 0}, publishPacket("t", "one")...)
		ws.Write(ctx, websocket.MessageBinary, both)
		p := publishPacket("t", "two, cut in three")
		for _, part := range [][]byte{p[:1], p[1:5], p[5:]} {
			ws.Write(ctx, websocket.MessageBinary, part)
		}
		ws.Read(ctx) // until the client goes
	})
	ctx, b := dialBroker(t, url)
	if err := b.Subscribe(ctx, "t"); err != nil {
		t.Fatal(err)
	}
	for _, want := range []string{"one", "two, cut in three"} {
		topic, payload, err := b.Next(ctx)
		if err != nil || topic != "t" || string(payload) != want {
			t.Fatalf("got %q %q %v, want t %q", topic, payload, err, want)
		}
	}
}

// TestTextFromBrokerEndsConnection: a broker sending text where MQTT is binary ends the
// connection with an error rather than having its bytes read as packets.
func TestTextFromBrokerEndsConnection(t *testing.T) {
	url := brokerSending(t, func(ctx context.Context, ws *websocket.Conn) {
		ws.Read(ctx)
		ws.Write(ctx, websocket.MessageBinary, []byte{typeConnack << 4, 2, 0, 0})
		ws.Write(ctx, websocket.MessageText, publishPacket("t", "x"))
		ws.Read(ctx)
	})
	ctx, b := dialBroker(t, url)
	if _, _, err := b.Next(ctx); err == nil || !strings.Contains(err.Error(), "text") {
		t.Fatalf("Next after a text message: %v, want the connection lost over text", err)
	}
}

// publishPacket frames a QoS 0 PUBLISH.
func publishPacket(topic, payload string) []byte {
	body := append(appendString(nil, topic), payload...)
	return append(append([]byte{typePublish << 4}, remainingLength(len(body))...), body...)
}
