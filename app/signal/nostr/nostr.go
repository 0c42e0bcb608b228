// Package nostr carries signaling through public Nostr relays (NIP-01) as ephemeral events,
// which relays pass to live subscribers and never store. Each message is an event of kind
// Kind tagged ["t", topic], its content the base64 of a sealed relay frame, signed (BIP-340
// Schnorr over secp256k1, as relays require) with a key drawn for this connection alone, so
// nothing ties one game to another. Importing the package registers the "nostr" transport.
package nostr

import (
	"bytes"
	"context"
	"crypto/rand"
	"crypto/sha256"
	"encoding/base64"
	"encoding/hex"
	"encoding/json"
	"errors"
	"fmt"
	"strings"
	"sync"
	"time"

	"miskatonic/app/signal"
)

func init() { signal.RegisterBus("nostr", Dial) }

// Kind is the event kind: in NIP-01's ephemeral range (20000–29999), so relays do not keep it.
const Kind = 25050

// maxMessage bounds one relay message we accept (an event wraps a sealed frame in base64).
const maxMessage = 4*signal.MaxFrame/3 + 4096

// Event is a NIP-01 event.
type Event struct {
	ID        string     `json:"id"`
	PubKey    string     `json:"pubkey"`
	CreatedAt int64      `json:"created_at"`
	Kind      int        `json:"kind"`
	Tags      [][]string `json:"tags"`
	Content   string     `json:"content"`
	Sig       string     `json:"sig"`
}

type delivery struct {
	topic   string
	payload []byte
}

// Bus is one connection to a Nostr relay.
type Bus struct {
	ws   *signal.WebSocket
	key  *key
	pub  string
	wmu  sync.Mutex
	in   chan delivery
	eose chan string
	subs map[string]string // subscription id → topic

	signed map[[32]byte]Event // recent events by hash of topic and payload (guarded by mu)

	mu   sync.Mutex
	done chan struct{}
	err  error
	once sync.Once
}

// Dial connects to the relay at url (ws:// or wss://) with a fresh signing key.
func Dial(ctx context.Context, url string) (signal.Bus, error) {
	// Build the signing tables while the connection is set up (network waits leave the page's
	// thread idle); the first signature needs them.
	go combOnce.Do(buildComb)
	ws, err := signal.DialWebSocket(ctx, url, maxMessage)
	if err != nil {
		return nil, fmt.Errorf("nostr: cannot reach %s: %w", url, err)
	}
	key, err := newKey()
	if err != nil {
		ws.CloseNow()
		return nil, err
	}
	b := &Bus{
		ws: ws, key: key, pub: hex.EncodeToString(key.px),
		in: make(chan delivery, 64), eose: make(chan string, 4), subs: map[string]string{}, signed: map[[32]byte]Event{},
		done: make(chan struct{}),
	}
	go b.read()
	return b, nil
}

// Subscribe asks for this topic's events from now on and waits for the relay's end of stored
// events, after which it is delivering live ones.
func (b *Bus) Subscribe(ctx context.Context, topic string) error {
	var id [8]byte
	if _, err := rand.Read(id[:]); err != nil {
		return err
	}
	sub := hex.EncodeToString(id[:])
	b.mu.Lock()
	b.subs[sub] = topic
	b.mu.Unlock()
	filter := map[string]any{"kinds": []int{Kind}, "#t": []string{topic}, "since": time.Now().Unix() - 60}
	if err := b.send(ctx, []any{"REQ", sub, filter}); err != nil {
		return err
	}
	for {
		select {
		case s := <-b.eose:
			if s == sub {
				return nil
			}
		case <-b.done:
			return b.err
		case <-ctx.Done():
			return ctx.Err()
		}
	}
}

// Publish signs and sends one event. Publishing the same payload again (signal's resends)
// sends the same signed event: a relay that lost it takes it, one that has it drops the copy,
// and the page's one thread is spared a signature per copy.
func (b *Bus) Publish(ctx context.Context, topic string, payload []byte) error {
	h := sha256.Sum256(append([]byte(topic+"\x00"), payload...))
	b.mu.Lock()
	ev, ok := b.signed[h]
	b.mu.Unlock()
	if !ok {
		var err error
		if ev, err = b.sign(topic, payload, time.Now().Unix()); err != nil {
			return err
		}
		b.mu.Lock()
		if len(b.signed) >= 64 {
			clear(b.signed)
		}
		b.signed[h] = ev
		b.mu.Unlock()
	}
	return b.send(ctx, []any{"EVENT", ev})
}

func (b *Bus) sign(topic string, payload []byte, at int64) (Event, error) {
	ev := Event{
		PubKey: b.pub, CreatedAt: at, Kind: Kind,
		Tags: [][]string{{"t", topic}}, Content: base64.RawURLEncoding.EncodeToString(payload),
	}
	id := ID(ev)
	aux := make([]byte, 32)
	if _, err := rand.Read(aux); err != nil {
		return Event{}, err
	}
	sig, err := b.key.sign(id[:], aux)
	if err != nil {
		return Event{}, err
	}
	ev.ID, ev.Sig = hex.EncodeToString(id[:]), hex.EncodeToString(sig)
	return ev, nil
}

// ID is the event id NIP-01 defines: SHA-256 of [0, pubkey, created_at, kind, tags, content]
// serialized without HTML escaping (relays recompute it and refuse a mismatch).
func ID(ev Event) [32]byte {
	var buf bytes.Buffer
	enc := json.NewEncoder(&buf)
	enc.SetEscapeHTML(false)
	_ = enc.Encode([]any{0, ev.PubKey, ev.CreatedAt, ev.Kind, ev.Tags, ev.Content})
	return sha256.Sum256(bytes.TrimSuffix(buf.Bytes(), []byte("\n")))
}

// Next returns the content of the next event on a subscribed topic.
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

// Close ends the connection.
func (b *Bus) Close() error {
	b.stop(errors.New("nostr: closed"))
	return nil
}

func (b *Bus) stop(err error) {
	b.once.Do(func() {
		b.err = err
		close(b.done)
		b.ws.Close()
	})
}

func (b *Bus) send(ctx context.Context, msg []any) error {
	var buf bytes.Buffer
	enc := json.NewEncoder(&buf)
	enc.SetEscapeHTML(false)
	if err := enc.Encode(msg); err != nil {
		return err
	}
	b.wmu.Lock()
	defer b.wmu.Unlock()
	return b.ws.Write(ctx, true, bytes.TrimSuffix(buf.Bytes(), []byte("\n")))
}

// read handles relay messages until the connection ends: EVENT deliveries and EOSE; an event
// refused (OK false: rate-limited, proof of work, paid relay…) or a subscription closed by the
// relay ends the connection with signal.ErrRefused, so a guest is told the service refused
// rather than that the host is silent, and a host connects again; NOTICE needs no action.
func (b *Bus) read() {
	for {
		data, _, err := b.ws.Read(context.Background())
		if err != nil {
			b.stop(fmt.Errorf("nostr: connection lost: %w", err))
			return
		}
		var msg []json.RawMessage
		if json.Unmarshal(data, &msg) != nil || len(msg) < 2 {
			continue
		}
		var typ, sub string
		if json.Unmarshal(msg[0], &typ) != nil || json.Unmarshal(msg[1], &sub) != nil {
			continue
		}
		switch typ {
		case "OK", "CLOSED":
			if why, refused := refusal(typ, msg); refused {
				b.stop(fmt.Errorf("%w: the nostr relay said %q", signal.ErrRefused, why))
				return
			}
		case "EOSE":
			select {
			case b.eose <- sub:
			default:
			}
		case "EVENT":
			if len(msg) < 3 {
				continue
			}
			b.mu.Lock()
			topic, ok := b.subs[sub]
			b.mu.Unlock()
			var ev Event
			if !ok || json.Unmarshal(msg[2], &ev) != nil || ev.Kind != Kind || !tagged(ev, topic) {
				continue
			}
			// No signature check: a relay checks them, and the sealed payload inside is what we
			// trust (an event from anyone but the other side fails to open).
			payload, err := base64.RawURLEncoding.DecodeString(ev.Content)
			if err != nil {
				continue
			}
			select {
			case b.in <- delivery{topic: topic, payload: payload}:
			case <-b.done:
				return
			default: // a reader that fell behind loses events, as a relay may
			}
		}
	}
}

// refusal reads an OK (["OK", id, accepted, message]) or CLOSED (["CLOSED", sub, message])
// from the relay: whether it refuses us, and its words (for the console).
func refusal(typ string, msg []json.RawMessage) (string, bool) {
	var why string
	switch typ {
	case "OK":
		var ok bool
		if len(msg) < 3 || json.Unmarshal(msg[2], &ok) != nil || ok {
			return "", false
		}
		if len(msg) > 3 {
			_ = json.Unmarshal(msg[3], &why)
		}
		if strings.HasPrefix(why, "duplicate:") {
			return "", false // it has the event already (some relays say so with false)
		}
	case "CLOSED":
		if len(msg) > 2 {
			_ = json.Unmarshal(msg[2], &why)
		}
	}
	return why, true
}

func tagged(ev Event, topic string) bool {
	for _, t := range ev.Tags {
		if len(t) >= 2 && t[0] == "t" && t[1] == topic {
			return true
		}
	}
	return false
}
