// Package wire is the table protocol's message format: a versioned JSON envelope
// {v, type, seq, body} around one typed body per message kind, with size caps and strict decoding.
//
// Decoding is the guard at the door of both host and guest: a frame that is oversized, of another
// protocol version, of an unknown type, with unknown or out-of-range fields, or with trailing
// data is refused with an *engine.Error (KindMalformed or KindOversized) and nothing else
// happens. Encoding and decoding are pure; the package does no I/O.
package wire

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"strconv"

	"miskatonic/engine"
)

// Version is the protocol version carried in every envelope. A peer refuses other versions.
// 2: sealed shares, signed moves and chat, move requests; 3: the host's signed log head (both
// issue 10); 4: records sealed by the host, restarts charged to a seat (Commit.Cause), signed
// heads of a round (Head.Round), the guest's new verdict codes (issue 23); 5: guests keep the
// link alive every two ticks and the host drops one silent for 6 s (issue 24); 6: an extra seat's
// hello carries its person's signed claim and Away groups seats by person (issue 24); 7: the
// preview says a game on is dealt host-blind (Preview.Blind, issue 25) and Away carries each
// absent person's own time left (Away.Left, issue 24); 8: a player back in the middle of a deal
// shuffled without their share or any other person's watches its stand-in finish it (a lobby
// shows their seat stood in while they are at the table; a v7 guest would call that a lie,
// and a v8 guest fails a v7 host's hand-back: DealHandedBack). A frame of another
// version decodes to a KindVersion error naming both versions, and a Bye in the sender's own
// version tells it (see EncodeVersion, FrameVersion).
const Version = 8

// Size caps. A frame must stay well below 64 KiB: pion's SCTP stack silently drops a message of
// exactly 64 KiB, so nothing near that size is ever produced or accepted.
const (
	MaxFrame     = 60 * 1024 // whole encoded envelope
	MaxView      = 16 * 1024 // one seat's view JSON
	MaxName      = 40        // bytes in a player name
	MaxChat      = 500       // bytes in a chat line
	MaxLegal     = 512       // legal moves listed in one view message
	MaxLogMoves  = 400       // moves in one log chunk
	MaxSeats     = 16        // seats in a lobby
	MaxContext   = 256       // bytes in a deal context string
	MaxToken     = 64        // bytes in a seat token
	MaxReason    = 200       // bytes in an old host's reject or bye text (read, never sent)
	MaxOptionLen = 64        // bytes in an option key or value
)

// Extra refusal kinds of the table protocol, next to the game kinds of package engine. They are
// wire-stable: a guest receives them in reject messages.
const (
	KindOversized engine.Kind = "oversized" // a frame above MaxFrame or a field above its cap
	KindStale     engine.Kind = "stale"     // a move based on a view that is no longer current
	KindDuplicate engine.Kind = "duplicate" // a message seq already seen (a replay)
	KindFlood     engine.Kind = "flood"     // too many messages too fast
	KindAuth      engine.Kind = "auth"      // identity proof or seat token refused
	KindState     engine.Kind = "state"     // the message does not fit the table's state now
	KindVersion   engine.Kind = "version"   // the peers play different versions of the rules
)

// Sentinels for errors.Is, matching any *engine.Error of the same kind.
var (
	ErrOversized = &engine.Error{Kind: KindOversized}
	ErrStale     = &engine.Error{Kind: KindStale}
	ErrDuplicate = &engine.Error{Kind: KindDuplicate}
	ErrFlood     = &engine.Error{Kind: KindFlood}
	ErrAuth      = &engine.Error{Kind: KindAuth}
	ErrState     = &engine.Error{Kind: KindState}
	ErrVersion   = &engine.Error{Kind: KindVersion}
)

// Type names a message kind.
type Type string

// Message is one typed body. Check refuses out-of-range fields; it is run by Decode and Encode.
type Message interface {
	Type() Type
	Check() error
}

// Envelope is the outer frame. Body stays raw until its type is known.
type Envelope struct {
	V    int             `json:"v"`
	Type Type            `json:"type"`
	Seq  uint64          `json:"seq"`
	Body json.RawMessage `json:"body"`
}

// registry maps each type to a constructor of its zero body.
var registry = map[Type]func() Message{}

func register(f func() Message) { registry[f().Type()] = f }

// Encode builds one frame, padded to its size bucket (see Bucket). It refuses a message that
// fails its own Check or a frame above MaxFrame, so a host can never emit what a guest would
// refuse.
func Encode(seq uint64, m Message) ([]byte, error) { return EncodePadded(seq, m, 0) }

// EncodePadded builds one frame padded to size bytes when it fits in them (a size worked out
// from public facts alone, such as the public view's frame), else to its bucket.
func EncodePadded(seq uint64, m Message, size int) ([]byte, error) {
	frame, err := encode(seq, m, size)
	if err != nil {
		return nil, err
	}
	if size = min(size, MaxFrame); len(frame) > size {
		size = Bucket(len(frame))
	}
	return Pad(frame, size), nil
}

// Size is the length of m's frame before padding.
func Size(seq uint64, m Message) (int, error) {
	f, err := encode(seq, m, 0)
	return len(f), err
}

// encode builds the unpadded frame, with room for padding to size.
func encode(seq uint64, m Message, size int) ([]byte, error) {
	if m == nil {
		return nil, engine.Errorf(engine.KindMalformed, "wire: encode", "nil message")
	}
	if _, ok := registry[m.Type()]; !ok {
		return nil, engine.Errorf(engine.KindMalformed, "wire: encode", "unknown type %q", m.Type())
	}
	if l, ok := m.(legacyText); ok {
		m = l.withoutText()
	}
	if err := m.Check(); err != nil {
		return nil, err
	}
	var body []byte
	var err error
	if v, ok := m.(*View); ok {
		body, err = v.marshal()
	} else {
		body, err = json.Marshal(m)
	}
	if err != nil {
		return nil, engine.Errorf(engine.KindMalformed, "wire: encode", "%v", err)
	}
	// The envelope is written by hand: body is already compact JSON from Marshal, and
	// re-marshalling it as a RawMessage would only scan it again.
	frame := make([]byte, 0, max(min(size, MaxFrame), Bucket(len(body)+64)))
	frame = append(frame, `{"v":`...)
	frame = strconv.AppendInt(frame, Version, 10)
	frame = append(frame, `,"type":"`...)
	frame = append(frame, m.Type()...)
	frame = append(frame, `","seq":`...)
	frame = strconv.AppendUint(frame, seq, 10)
	frame = append(frame, `,"body":`...)
	frame = append(frame, body...)
	frame = append(frame, '}')
	if len(frame) > MaxFrame {
		return nil, engine.Errorf(KindOversized, "wire: encode", "%s frame of %d bytes exceeds %d", m.Type(), len(frame), MaxFrame)
	}
	return frame, nil
}

// legacyText is a message with an English field that older hosts filled in (Reject.Msg,
// Bye.Reason). Decode reads it so their frames still decode; Encode drops it, so no sentence
// crosses the wire whatever the sender put there: each reader words the message's code in its
// own language, and the sender keeps its detail in its own log.
type legacyText interface {
	withoutText() Message
}

// FrameVersion is the protocol version a frame claims, or 0 if it names none.
func FrameVersion(frame []byte) int {
	var env struct {
		V int `json:"v"`
	}
	if json.Unmarshal(frame, &env) != nil {
		return 0
	}
	return env.V
}

// EncodeVersion builds a Bye in the envelope of protocol version v, which every version down
// to 2 reads alike: how a peer that speaks another version is told so. Its code (ByeVersion)
// is what such a peer reads: every build since version 2 words that code itself, in its
// player's language, and none ever showed a Bye's English Reason, so none is sent.
func EncodeVersion(v int, seq uint64, m *Bye) ([]byte, error) {
	f, err := Encode(seq, m)
	if err != nil {
		return nil, err
	}
	return bytes.Replace(f, canonicalPrefix, []byte(`{"v":`+strconv.Itoa(v)+`,"type":"`), 1), nil
}

// Decode reads one frame strictly and returns its seq and typed body.
func Decode(frame []byte) (uint64, Message, error) {
	if len(frame) > MaxFrame {
		return 0, nil, engine.Errorf(KindOversized, "wire: decode", "frame of %d bytes exceeds %d", len(frame), MaxFrame)
	}
	env, ok := canonical(frame)
	if !ok {
		if err := strict(frame, &env); err != nil {
			return 0, nil, engine.Errorf(engine.KindMalformed, "wire: decode", "envelope: %v", err)
		}
	}
	if env.V != Version {
		return 0, nil, engine.Errorf(KindVersion, "wire: decode", "protocol version %d, this app speaks %d", env.V, Version)
	}
	mk, ok := registry[env.Type]
	if !ok {
		return 0, nil, engine.Errorf(engine.KindMalformed, "wire: decode", "unknown message type %q", env.Type)
	}
	if len(env.Body) == 0 {
		return 0, nil, engine.Errorf(engine.KindMalformed, "wire: decode", "%s: missing body", env.Type)
	}
	m := mk()
	if err := strict(env.Body, m); err != nil {
		return 0, nil, engine.Errorf(engine.KindMalformed, "wire: decode", "%s: %v", env.Type, err)
	}
	if n, ok := m.(interface{ normalize() }); ok {
		n.normalize()
	}
	if err := m.Check(); err != nil {
		return 0, nil, err
	}
	return env.Seq, m, nil
}

// Frames are padded so that their sizes, which anyone on the path sees even through DTLS, say
// nothing hidden: a view's length would otherwise carry the length of every card key in it.
// Padding is JSON whitespace after the envelope, which every decoder of this version skips.
const minBucket = 256

// Bucket is the size a frame of n bytes is padded to: the next power of two from 256 bytes,
// and MaxFrame above the largest power of two below it.
func Bucket(n int) int {
	b := minBucket
	for b < n {
		b *= 2
	}
	return min(b, MaxFrame)
}

// Pad appends spaces to frame up to size bytes (a longer frame is returned as it is).
func Pad(frame []byte, size int) []byte {
	if len(frame) >= size {
		return frame
	}
	if cap(frame) < size {
		frame = append(make([]byte, 0, size), frame...)
	}
	n := len(frame)
	frame = frame[:size]
	for i := n; i < size; i++ {
		frame[i] = ' '
	}
	return frame
}

var canonicalPrefix = []byte(`{"v":` + strconv.Itoa(Version) + `,"type":"`)

// Peek is the type a frame names if it starts as Encode writes it, without decoding it, else
// "". It decides nothing about the frame (Decode still may refuse it): a reader may look at
// what waits in its queue to choose what to do first.
func Peek(frame []byte) Type {
	rest, ok := bytes.CutPrefix(frame, canonicalPrefix)
	if !ok {
		return ""
	}
	q := bytes.IndexByte(rest, '"')
	if q <= 0 || q > 32 {
		return ""
	}
	return Type(rest[:q])
}

// canonical reads the envelope as Encode writes it without a JSON pass over the whole frame,
// which would scan the body (most of the bytes) once more. Any other layout takes the general
// path; the body is decoded strictly either way, so both accept the same frames.
func canonical(frame []byte) (Envelope, bool) {
	var env Envelope
	rest, ok := bytes.CutPrefix(bytes.TrimRight(frame, " "), canonicalPrefix)
	if !ok || len(rest) == 0 || rest[len(rest)-1] != '}' {
		return env, false
	}
	q := bytes.IndexByte(rest, '"')
	if q <= 0 {
		return env, false
	}
	typ := rest[:q]
	for _, c := range typ {
		if c < 'a' || c > 'z' {
			return env, false
		}
	}
	rest, ok = bytes.CutPrefix(rest[q:], []byte(`","seq":`))
	if !ok {
		return env, false
	}
	n := 0
	for n < len(rest) && rest[n] >= '0' && rest[n] <= '9' {
		n++
	}
	if n == 0 || n > 20 || (n > 1 && rest[0] == '0') {
		return env, false
	}
	seq, err := strconv.ParseUint(string(rest[:n]), 10, 64)
	if err != nil {
		return env, false
	}
	body, ok := bytes.CutPrefix(rest[n:], []byte(`,"body":`))
	if !ok {
		return env, false
	}
	env.V, env.Type, env.Seq, env.Body = Version, Type(typ), seq, body[:len(body)-1]
	return env, true
}

// strict decodes exactly one JSON value into v, refusing unknown fields, null at top level and
// trailing data.
func strict(data []byte, v any) error {
	if bytes.Equal(bytes.TrimSpace(data), []byte("null")) {
		return errors.New("null")
	}
	dec := json.NewDecoder(bytes.NewReader(data))
	dec.DisallowUnknownFields()
	if err := dec.Decode(v); err != nil {
		return err
	}
	if _, err := dec.Token(); err != io.EOF {
		return errors.New("trailing data")
	}
	return nil
}

// bad builds a field refusal for Check methods.
func bad(t Type, format string, args ...any) error {
	return engine.Errorf(engine.KindMalformed, "wire: "+string(t), format, args...)
}

func tooBig(t Type, field string, n, max int) error {
	return engine.Errorf(KindOversized, "wire: "+string(t), "%s has %d, at most %d allowed", field, n, max)
}

func checkLen(t Type, field string, b []byte, want int) error {
	if len(b) != want {
		return bad(t, "%s must be %d bytes, not %d", field, want, len(b))
	}
	return nil
}

func checkMax(t Type, field string, n, max int) error {
	if n > max {
		return tooBig(t, field, n, max)
	}
	return nil
}

func checkMove(t Type, m engine.Move) error {
	if len(m.Kind) == 0 || len(m.Kind) > 32 {
		return bad(t, "move kind must have 1..32 bytes")
	}
	if len(m.Option) > MaxOptionLen {
		return tooBig(t, "move option", len(m.Option), MaxOptionLen)
	}
	if len(m.Seed) != 0 && len(m.Seed) != 64 {
		return bad(t, "move seed must be empty or 64 hex digits")
	}
	return nil
}

func checkSeat(t Type, s engine.Seat) error {
	if s < engine.Dealer || s >= MaxSeats {
		return bad(t, "seat %d out of range", s)
	}
	return nil
}

// String is for logs.
func (e Envelope) String() string { return fmt.Sprintf("%s#%d", e.Type, e.Seq) }
