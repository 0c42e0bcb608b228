package signal

import (
	"crypto/aes"
	"crypto/cipher"
	"crypto/hkdf"
	"crypto/rand"
	"crypto/sha256"
	"encoding/base64"
	"encoding/binary"
	"errors"
	"fmt"
	"sync"
)

// Dir is which way a sealed payload travels; it is bound into the seal so the relay cannot
// reflect a host's message back at the host.
type Dir byte

const (
	ToHost  Dir = 1
	ToGuest Dir = 2
)

// Session names one guest's attempt to connect. The guest draws it; the host's replies carry
// it too, so a payload from one attempt cannot be replayed into another.
type Session [16]byte

// NewSession draws a random session id.
func NewSession() (Session, error) {
	var s Session
	_, err := rand.Read(s[:])
	return s, err
}

func (s Session) String() string { return base64.RawURLEncoding.EncodeToString(s[:]) }

// Errors from Open. Each says why a payload was refused; the caller drops it and goes on.
var (
	ErrUnsealed = errors.New("signal: payload failed authentication (altered, or sealed under another key)")
	ErrReplay   = errors.New("signal: payload replayed or out of order")
	ErrFraming  = errors.New("signal: payload malformed")
)

// sealed payload: version | dir | session(16) | seq(8) | nonce(12) | ciphertext+tag
const (
	sealVersion = 1
	headerLen   = 1 + 1 + 16 + 8
	nonceLen    = 12
	// Overhead is how many bytes sealing adds.
	Overhead = headerLen + nonceLen + 16
)

// Box seals and opens set-up payloads under the key of one room.
type Box struct {
	aead cipher.AEAD
	room string
}

// NewBox derives the room key from the invite's secret with HKDF-SHA-256 (salt: the room id,
// info: a version tag) and returns an AES-256-GCM box.
func NewBox(in Invite) (*Box, error) {
	secret, err := base64.RawURLEncoding.DecodeString(in.Secret)
	if err != nil || len(secret) != secretBytes {
		return nil, fmt.Errorf("%w: bad secret", ErrBadInvite)
	}
	return newBox(secret, in.Room, "miskatonic/v1/signal")
}

func newBox(secret []byte, salt, info string) (*Box, error) {
	key, err := hkdf.Key(sha256.New, secret, []byte(salt), info, 32)
	if err != nil {
		return nil, fmt.Errorf("signal: derive key: %w", err)
	}
	blk, err := aes.NewCipher(key)
	if err != nil {
		return nil, err
	}
	aead, err := cipher.NewGCM(blk)
	if err != nil {
		return nil, err
	}
	return &Box{aead: aead, room: salt}, nil
}

// Seal encrypts msg for direction dir within session s as message number seq (from 1, rising).
func (b *Box) Seal(dir Dir, s Session, seq uint64, msg []byte) []byte {
	out := make([]byte, headerLen+nonceLen, headerLen+nonceLen+len(msg)+b.aead.Overhead())
	out[0] = sealVersion
	out[1] = byte(dir)
	copy(out[2:18], s[:])
	binary.BigEndian.PutUint64(out[18:26], seq)
	nonce := out[headerLen : headerLen+nonceLen]
	if _, err := rand.Read(nonce); err != nil {
		// crypto/rand does not fail on supported platforms (Go 1.24+ panics instead); keep the
		// nonce unique anyway by refusing to seal.
		return nil
	}
	return b.aead.Seal(out, nonce, msg, b.aad(out[:headerLen]))
}

// aad binds the clear header and the room id.
func (b *Box) aad(header []byte) []byte {
	a := make([]byte, 0, len(header)+len(b.room))
	a = append(a, header...)
	return append(a, b.room...)
}

// Open authenticates and decrypts a payload that must travel in direction dir. It does not
// check for replay: pass the result through a Replay guard.
func (b *Box) Open(dir Dir, sealed []byte) (Session, uint64, []byte, error) {
	var s Session
	if len(sealed) < Overhead || sealed[0] != sealVersion {
		return s, 0, nil, ErrFraming
	}
	if Dir(sealed[1]) != dir {
		return s, 0, nil, fmt.Errorf("%w: wrong direction", ErrUnsealed)
	}
	header := sealed[:headerLen]
	nonce := sealed[headerLen : headerLen+nonceLen]
	msg, err := b.aead.Open(nil, nonce, sealed[headerLen+nonceLen:], b.aad(header))
	if err != nil {
		return s, 0, nil, ErrUnsealed
	}
	copy(s[:], sealed[2:18])
	return s, binary.BigEndian.Uint64(sealed[18:26]), msg, nil
}

// Replay accepts each (session, seq) at most once. Public buses may reorder, so a seq below
// the highest seen is still accepted once if it is within ReplayWindow of it (a bitmap
// remembers which were seen, as IPsec and DTLS do); older ones are refused. It remembers up to
// Max sessions (oldest forgotten first) so memory stays bounded; a session it has forgotten is
// refused outright, so an old attempt cannot be replayed after eviction.
type Replay struct {
	Max int // 0 means 4096

	mu    sync.Mutex
	last  map[Session]window
	order []Session
	gone  map[Session]struct{} // evicted sessions (bounded by a second Max)
}

// Check records (s, seq) if fresh and reports ErrReplay otherwise.
func (r *Replay) Check(s Session, seq uint64) error {
	r.mu.Lock()
	defer r.mu.Unlock()
	if r.last == nil {
		r.last = map[Session]window{}
		r.gone = map[Session]struct{}{}
	}
	if _, ok := r.gone[s]; ok {
		return ErrReplay
	}
	w, seen := r.last[s]
	if !w.accept(seq) {
		return ErrReplay
	}
	if !seen {
		max := r.Max
		if max <= 0 {
			max = 4096
		}
		if len(r.order) >= max {
			old := r.order[0]
			r.order = r.order[1:]
			delete(r.last, old)
			r.bury(old, max)
		}
		r.order = append(r.order, s)
	}
	r.last[s] = w
	return nil
}

// ReplayWindow is how far below the highest sequence number seen a late one is still taken.
const ReplayWindow = 64

// window is one session's highest seq and a bitmap of the ReplayWindow below it (bit i: top-i
// was seen).
type window struct {
	top  uint64
	seen uint64
}

// accept records seq if it is new and within the window.
func (w *window) accept(seq uint64) bool {
	switch {
	case seq == 0:
		return false
	case seq > w.top:
		if d := seq - w.top; d < ReplayWindow {
			w.seen = w.seen<<d | 1
		} else {
			w.seen = 1
		}
		w.top = seq
		return true
	case w.top-seq >= ReplayWindow:
		return false
	default:
		bit := uint64(1) << (w.top - seq)
		if w.seen&bit != 0 {
			return false
		}
		w.seen |= bit
		return true
	}
}

// Forget drops a finished session's counter but keeps refusing it.
func (r *Replay) Forget(s Session) {
	r.mu.Lock()
	defer r.mu.Unlock()
	if _, ok := r.last[s]; !ok {
		return
	}
	delete(r.last, s)
	for i, o := range r.order {
		if o == s {
			r.order = append(r.order[:i], r.order[i+1:]...)
			break
		}
	}
	r.bury(s, r.Max)
}

// bury remembers s as finished; the list of buried sessions is bounded too (when it fills it
// starts afresh, which only re-opens sessions whose counters are long gone).
func (r *Replay) bury(s Session, max int) {
	if max <= 0 {
		max = 4096
	}
	if len(r.gone) >= max {
		clear(r.gone)
	}
	r.gone[s] = struct{}{}
}
