package signal

import (
	"crypto/ecdh"
	"crypto/rand"
	"crypto/sha256"
	"encoding/binary"
	"fmt"
)

// The relayed path: when no direct or TURN path opens, a link's frames travel over the
// signaling transport itself (issue 22). Two messages set it up: the guest's KindRelayAsk carries
// a fresh X25519 public key; the host's KindRelayed, signed like an answer, carries its own
// key followed by the guest's it received, so a guest whose request was altered on the way
// (the room secret is shared by every guest) sees so and a fellow guest cannot sit in the
// middle. Frames then go as chunks (see Chunk) sealed a second time under the key both derive,
// each with its own per-direction sequence number.
const (
	KindRelayAsk = "relay"   // guest → host: no network path opened; carry our frames. DH: our key
	KindRelayed  = "relayed" // host → guest (signed): agreed. DH: host's key | guest's key
)

// LinkKey is one side's half of a relayed link's key agreement.
type LinkKey struct{ priv *ecdh.PrivateKey }

// NewLinkKey draws an X25519 key pair.
func NewLinkKey() (LinkKey, error) {
	p, err := ecdh.X25519().GenerateKey(rand.Reader)
	return LinkKey{p}, err
}

// Public is the key to send the other side.
func (k LinkKey) Public() []byte { return k.priv.PublicKey().Bytes() }

// LinkBox derives the box a relayed link's frames are sealed in from our key and the other
// side's, bound to the room and the guest's session.
func (k LinkKey) LinkBox(room string, sid Session, peer []byte) (*Box, error) {
	pub, err := ecdh.X25519().NewPublicKey(peer)
	if err != nil {
		return nil, fmt.Errorf("%w: bad link key", ErrFraming)
	}
	shared, err := k.priv.ECDH(pub)
	if err != nil {
		return nil, fmt.Errorf("%w: bad link key", ErrFraming)
	}
	return newBox(shared, room+"\x00"+sid.String(), "miskatonic/v1/relayed")
}

// RelayedBinding names a relayed link the same way at both ends (table.Bound): the room, the
// session and both keys of the agreement. A hello signed on one relayed link does not verify
// on another (another room, session or key).
func RelayedBinding(room string, sid Session, hostKey, guestKey []byte) []byte {
	h := sha256.New()
	h.Write([]byte("miskatonic/v1/relayed-binding\x00" + room + "\x00"))
	h.Write(sid[:])
	h.Write(hostKey)
	h.Write(guestKey)
	return h.Sum(nil)
}

// A chunk is the clear payload (inside the room seal) of a relayed frame's piece: a zero byte
// (no JSON message starts with one), then a link-sealed body. Inside the link seal:
//
//	frame seq (8) | part (1) | parts (1) | data
//
// An acknowledgement (the relayed path's own retransmission, app/rtc) is a chunk with no parts:
// frame seq is the last frame received with none missing before it, part is 0, and data is 8
// bytes: bit i set when frame seq+2+i has come too (received beyond a gap). Peers from before
// acknowledgements drop it as malformed. Once a peer has sent one, the other side also carries
// its acknowledgement on every piece it sends (so a side that answers soon sends no
// acknowledgement of its own): parts then has its high bit (withAck) set, and the 16 bytes of
// an acknowledgement (frame seq, bitmap) come before data.
//
// ChunkData bounds data so a sealed chunk stays well within what public brokers carry (a Nostr
// event's content is its base64; MQTT brokers commonly take far more).
const (
	ChunkData   = 8 << 10
	chunkHeader = 8 + 1 + 1
	chunkTag    = 0
	// MaxParts bounds the pieces of one frame (60 KiB frames need 8).
	MaxParts = 16
	withAck  = 0x80
)

// Chunk is one piece of a relayed frame.
type Chunk struct {
	Seq         uint64 // the link's frame number
	Part, Parts int
	Data        []byte
	// Carried, with Cum and Sack, acknowledges the other direction's frames (see AckChunk).
	Carried   bool
	Cum, Sack uint64
}

// AckChunk is the acknowledgement of every frame up to cum, and of those sack marks beyond it.
func AckChunk(cum, sack uint64) Chunk {
	c := Chunk{Seq: cum, Data: make([]byte, ackLen)}
	binary.BigEndian.PutUint64(c.Data, sack)
	return c
}

// ackLen is the size of an acknowledgement's data: the bitmap of frames received past a gap.
const ackLen = 8

// Ack reports whether c is an acknowledgement or carries one, and what it acknowledges.
func (c Chunk) Ack() (cum, sack uint64, ok bool) {
	if c.Carried {
		return c.Cum, c.Sack, true
	}
	if c.Parts != 0 {
		return 0, 0, false
	}
	return c.Seq, binary.BigEndian.Uint64(c.Data), true
}

// IsChunk reports whether a clear payload is a relayed chunk rather than a set-up message.
func IsChunk(plain []byte) bool { return len(plain) > 0 && plain[0] == chunkTag }

// SealChunk seals c under the link box as message number seq of direction dir.
func SealChunk(link *Box, dir Dir, sid Session, seq uint64, c Chunk) []byte {
	ack := 0
	if c.Carried {
		ack = 16
	}
	b := make([]byte, chunkHeader+ack+len(c.Data))
	binary.BigEndian.PutUint64(b, c.Seq)
	b[8], b[9] = byte(c.Part), byte(c.Parts)
	if c.Carried {
		b[9] |= withAck
		binary.BigEndian.PutUint64(b[chunkHeader:], c.Cum)
		binary.BigEndian.PutUint64(b[chunkHeader+8:], c.Sack)
	}
	copy(b[chunkHeader+ack:], c.Data)
	return append([]byte{chunkTag}, link.Seal(dir, sid, seq, b)...)
}

// OpenChunk authenticates a chunk that must travel in direction dir within session sid; it
// returns the link-level sequence number for a Replay check.
func OpenChunk(link *Box, dir Dir, sid Session, plain []byte) (uint64, Chunk, error) {
	if !IsChunk(plain) {
		return 0, Chunk{}, ErrFraming
	}
	s, seq, b, err := link.Open(dir, plain[1:])
	if err != nil {
		return 0, Chunk{}, err
	}
	if s != sid {
		return 0, Chunk{}, fmt.Errorf("%w: another session", ErrUnsealed)
	}
	if len(b) < chunkHeader {
		return 0, Chunk{}, ErrFraming
	}
	c := Chunk{Seq: binary.BigEndian.Uint64(b), Part: int(b[8]), Parts: int(b[9]), Data: b[chunkHeader:]}
	if c.Parts&withAck != 0 {
		if len(c.Data) < 16 {
			return 0, Chunk{}, ErrFraming
		}
		c.Parts &^= withAck
		c.Carried, c.Cum, c.Sack = true, binary.BigEndian.Uint64(c.Data), binary.BigEndian.Uint64(c.Data[8:])
		c.Data = c.Data[16:]
		if c.Parts == 0 {
			return 0, Chunk{}, ErrFraming // an acknowledgement never carries another
		}
	}
	if len(c.Data) > ChunkData {
		return 0, Chunk{}, ErrFraming
	}
	if c.Parts == 0 && c.Part == 0 && len(c.Data) == ackLen {
		return seq, c, nil // an acknowledgement
	}
	if c.Parts < 1 || c.Parts > MaxParts || c.Part >= c.Parts {
		return 0, Chunk{}, ErrFraming
	}
	return seq, c, nil
}
