package mqtt

import (
	"context"
	"errors"

	"miskatonic/app/signal"
)

// stream reads MQTT's byte stream out of WebSocket messages: brokers may split a packet across
// messages or put several in one (MQTT over WebSocket promises neither), so bytes are taken as
// they come, across message boundaries. It is one reader's; writes go to the WebSocket whole.
type stream struct {
	ws  *signal.WebSocket
	ctx context.Context // bounds a Read (connect sets the dial's; otherwise none)
	buf []byte
}

var errText = errors.New("a text message where MQTT sends binary")

func (s *stream) Read(p []byte) (int, error) {
	for len(s.buf) == 0 {
		b, text, err := s.ws.Read(s.ctx)
		if err != nil {
			return 0, err
		}
		if text {
			return 0, errText
		}
		s.buf = b
	}
	n := copy(p, s.buf)
	s.buf = s.buf[n:]
	return n, nil
}
