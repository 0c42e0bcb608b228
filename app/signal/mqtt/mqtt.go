// Package mqtt carries signaling through a public MQTT broker over WebSocket. It speaks the
// small part of MQTT 3.1.1 signaling needs (CONNECT, SUBSCRIBE, PUBLISH at QoS 0, PINGREQ,
// DISCONNECT): every broker speaks it, and it costs a few KiB of wasm where a full client
// library costs far more for features we would not use (QoS 1/2, sessions, will messages).
// Importing the package registers the "mqtt" transport with package signal.
package mqtt

import (
	"bufio"
	"context"
	"crypto/rand"
	"encoding/binary"
	"encoding/hex"
	"errors"
	"fmt"
	"io"
	"sync"
	"time"

	"miskatonic/app/signal"
)

func init() { signal.RegisterBus("mqtt", Dial) }

// Subprotocol is the WebSocket subprotocol of MQTT (brokers refuse a connection without it).
const Subprotocol = "mqtt"

// keepAlive is what we promise the broker; we ping at half of it.
const keepAlive = 30 * time.Second

// maxPacket bounds a packet we accept (a sealed signaling frame is far smaller).
const maxPacket = signal.MaxFrame + 1024

// Packet types (high nibble of the first byte).
const (
	typeConnect    = 1
	typeConnack    = 2
	typePublish    = 3
	typeSubscribe  = 8
	typeSuback     = 9
	typePingreq    = 12
	typePingresp   = 13
	typeDisconnect = 14
)

type delivery struct {
	topic   string
	payload []byte
}

// Bus is one connection to a broker.
type Bus struct {
	ws  *signal.WebSocket
	rd  *stream // the packets' byte stream, read by connect and then by read alone
	wmu sync.Mutex

	in     chan delivery
	subs   chan byte // SUBACK return codes
	done   chan struct{}
	err    error
	nextID uint16
	once   sync.Once
}

// Dial connects to the broker at url (ws:// or wss://, with its path: often /mqtt).
func Dial(ctx context.Context, url string) (signal.Bus, error) {
	ws, err := signal.DialWebSocket(ctx, url, 4*maxPacket, Subprotocol)
	if err != nil {
		return nil, fmt.Errorf("mqtt: cannot reach %s: %w", url, err)
	}
	b := &Bus{
		ws: ws, rd: &stream{ws: ws, ctx: context.Background()},
		in: make(chan delivery, 64), subs: make(chan byte, 1), done: make(chan struct{}),
	}
	if err := b.connect(ctx); err != nil {
		ws.CloseNow()
		return nil, fmt.Errorf("mqtt: %s: %w", url, err)
	}
	go b.read()
	go b.ping()
	return b, nil
}

// connect sends CONNECT with a random client id and a clean session, and reads CONNACK.
func (b *Bus) connect(ctx context.Context) error {
	id := make([]byte, 8)
	if _, err := rand.Read(id); err != nil {
		return err
	}
	var p []byte
	p = appendString(p, "MQTT")
	p = append(p, 4, 0x02) // protocol level 3.1.1; clean session
	p = binary.BigEndian.AppendUint16(p, uint16(keepAlive/time.Second))
	p = appendString(p, "mk"+hex.EncodeToString(id)) // 18 bytes: within 3.1.1's 23
	if err := b.write(ctx, typeConnect<<4, p); err != nil {
		return err
	}
	b.rd.ctx = ctx
	defer func() { b.rd.ctx = context.Background() }()
	var ack [4]byte
	if _, err := io.ReadFull(b.rd, ack[:]); err != nil {
		return err
	}
	if ack[0]>>4 != typeConnack || ack[1] != 2 {
		return errors.New("the broker did not acknowledge the connection")
	}
	if ack[3] != 0 {
		// 4 and 5: a broker for its members only; 2, 3: it will not take us now. Either way it
		// was reached, and the guest is told it refused (signal.ErrRefused), not that it is down.
		return fmt.Errorf("%w: the broker refused the connection (code %d)", signal.ErrRefused, ack[3])
	}
	return nil
}

// Subscribe subscribes at QoS 0 and waits for the broker's SUBACK.
func (b *Bus) Subscribe(ctx context.Context, topic string) error {
	b.wmu.Lock()
	b.nextID++
	id := b.nextID
	b.wmu.Unlock()
	p := binary.BigEndian.AppendUint16(nil, id)
	p = appendString(p, topic)
	p = append(p, 0) // QoS 0
	if err := b.write(ctx, typeSubscribe<<4|0x2, p); err != nil {
		return err
	}
	select {
	case rc := <-b.subs:
		if rc == 0x80 {
			return fmt.Errorf("mqtt: %w: the broker refused the subscription", signal.ErrRefused)
		}
		return nil
	case <-b.done:
		return b.err
	case <-ctx.Done():
		return ctx.Err()
	}
}

// Publish sends payload on topic at QoS 0.
func (b *Bus) Publish(ctx context.Context, topic string, payload []byte) error {
	p := appendString(make([]byte, 0, 2+len(topic)+len(payload)), topic)
	return b.write(ctx, typePublish<<4, append(p, payload...))
}

// Next returns the next message on a subscribed topic.
func (b *Bus) Next(ctx context.Context) (string, []byte, error) {
	select {
	case d := <-b.in:
		return d.topic, d.payload, nil
	case <-b.done:
		return "", nil, b.err
	case <-ctx.Done():
		return "", nil, ctx.Err()
	}
}

// Close says DISCONNECT and closes the connection.
func (b *Bus) Close() error {
	ctx, cancel := context.WithTimeout(context.Background(), time.Second)
	defer cancel()
	_ = b.write(ctx, typeDisconnect<<4, nil)
	b.stop(errors.New("mqtt: closed"))
	return nil
}

func (b *Bus) stop(err error) {
	b.once.Do(func() {
		b.err = err
		close(b.done)
		b.ws.Close()
	})
}

// write sends one packet: first byte, remaining length, body.
func (b *Bus) write(ctx context.Context, first byte, body []byte) error {
	pkt := append([]byte{first}, remainingLength(len(body))...)
	pkt = append(pkt, body...)
	b.wmu.Lock()
	defer b.wmu.Unlock()
	return b.ws.Write(ctx, false, pkt)
}

// read parses packets until the connection ends.
func (b *Bus) read() {
	r := bufio.NewReader(b.rd)
	for {
		first, body, err := readPacket(r)
		if err != nil {
			b.stop(fmt.Errorf("mqtt: connection lost: %w", err))
			return
		}
		switch first >> 4 {
		case typePublish:
			d, ok := parsePublish(first, body)
			if !ok {
				continue
			}
			select {
			case b.in <- d:
			case <-b.done:
				return
			default: // a reader that fell behind loses messages, as QoS 0 allows
			}
		case typeSuback:
			if len(body) >= 3 {
				select {
				case b.subs <- body[2]:
				default:
				}
			}
		}
	}
}

// ping keeps the connection alive; the broker drops a silent client after 1.5 keep-alives.
func (b *Bus) ping() {
	t := time.NewTicker(keepAlive / 2)
	defer t.Stop()
	for {
		select {
		case <-b.done:
			return
		case <-t.C:
			ctx, cancel := context.WithTimeout(context.Background(), 5*time.Second)
			err := b.write(ctx, typePingreq<<4, nil)
			cancel()
			if err != nil {
				b.stop(err)
				return
			}
		}
	}
}

func readPacket(r *bufio.Reader) (byte, []byte, error) {
	first, err := r.ReadByte()
	if err != nil {
		return 0, nil, err
	}
	n, mul := 0, 1
	for i := 0; ; i++ {
		c, err := r.ReadByte()
		if err != nil {
			return 0, nil, err
		}
		n += int(c&0x7f) * mul
		if c&0x80 == 0 {
			break
		}
		if i == 3 {
			return 0, nil, errors.New("bad remaining length")
		}
		mul *= 128
	}
	if n > maxPacket {
		// Skip what we will not keep rather than buffer it.
		if _, err := r.Discard(n); err != nil {
			return 0, nil, err
		}
		return 0, nil, nil
	}
	body := make([]byte, n)
	_, err = io.ReadFull(r, body)
	return first, body, err
}

// parsePublish reads a PUBLISH body (any QoS: a packet id follows the topic above QoS 0).
func parsePublish(first byte, body []byte) (delivery, bool) {
	if len(body) < 2 {
		return delivery{}, false
	}
	n := int(binary.BigEndian.Uint16(body))
	if len(body) < 2+n {
		return delivery{}, false
	}
	d := delivery{topic: string(body[2 : 2+n])}
	rest := body[2+n:]
	if (first>>1)&3 != 0 {
		if len(rest) < 2 {
			return delivery{}, false
		}
		rest = rest[2:]
	}
	d.payload = rest
	return d, true
}

func appendString(p []byte, s string) []byte {
	p = binary.BigEndian.AppendUint16(p, uint16(len(s)))
	return append(p, s...)
}

func remainingLength(n int) []byte {
	var out []byte
	for {
		c := byte(n % 128)
		n /= 128
		if n > 0 {
			c |= 0x80
		}
		out = append(out, c)
		if n == 0 {
			return out
		}
	}
}
