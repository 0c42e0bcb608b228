package mask

// Pairwise end-to-end encryption of tokens (and escrow shares): static X25519 keys, each
// announced under its seat's identity (Ed25519) signature for the table, then HKDF-SHA-256 into
// an XChaCha20-Poly1305 key per direction. The host relays envelopes it cannot open, and one
// built for one seat, deal, card or purpose opens for no other (all of them are the AEAD's
// associated data).

import (
	"crypto"
	"crypto/ecdh"
	"crypto/ed25519"
	"crypto/hkdf"
	"crypto/sha256"
	"errors"
	"fmt"
	"io"
	"sync"

	"golang.org/x/crypto/chacha20poly1305"

	"miskatonic/engine"
	"miskatonic/internal/sigcheck"
)

// BoxKey is a page's X25519 key for one table. It remembers the key of each direction it has
// derived (an X25519 costs about half a millisecond in wasm, and a private opening at 7 players
// opens 6 envelopes). That memory has its own lock, so one key may seal and open on several
// goroutines at once: a page handed to a new link while the old link's reader still runs, or
// two of a test's pages given one key, wrote the map at once ("concurrent map writes" killed a
// CI run), and an uncontended lock costs nothing beside an AEAD.
type BoxKey struct {
	priv  *ecdh.PrivateKey
	mu    sync.Mutex
	aeads map[[64]byte]cipherAEAD
}

// BoxPublic is a seat's announced X25519 key, signed by the seat's identity key for the table.
type BoxPublic struct {
	Seat engine.Seat `json:"seat"`
	Key  Hash        `json:"key"`
	Sig  []byte      `json:"sig"`
}

// Envelope is one sealed message from one seat to another.
type Envelope struct {
	From  engine.Seat `json:"from"`
	To    engine.Seat `json:"to"`
	Label string      `json:"label"` // what it carries ("token/3/draw", "escrow")
	Nonce []byte      `json:"nonce"`
	Box   []byte      `json:"box"`
}

// NewBoxKey draws an X25519 key from rand (32 bytes: ecdh's own GenerateKey would ignore rand
// under Go 1.26, and the engine takes no randomness but what it is given).
func NewBoxKey(rand io.Reader) (*BoxKey, error) {
	var b Hash
	if _, err := io.ReadFull(rand, b[:]); err != nil {
		return nil, fmt.Errorf("%w: %v", ErrBadKey, err)
	}
	return BoxKeyFromSecret(b)
}

// BoxKeyFromSecret restores a key saved with Secret.
func BoxKeyFromSecret(secret Hash) (*BoxKey, error) {
	k, err := ecdh.X25519().NewPrivateKey(secret[:])
	if err != nil {
		return nil, fmt.Errorf("%w: %v", ErrBadKey, err)
	}
	return &BoxKey{priv: k, aeads: map[[64]byte]cipherAEAD{}}, nil
}

// Secret is the key's 32 bytes, for the page's own storage.
func (b *BoxKey) Secret() Hash { return Hash(b.priv.Bytes()) }

func boxKeyMessage(table []byte, seat engine.Seat, key Hash) []byte {
	d := newTranscript("box-key").bytes(table).seat(seat).bytes(key[:]).sum64()
	return d[:]
}

// Announce signs the public key for seat at table with the seat's identity key.
func (b *BoxKey) Announce(id crypto.Signer, table []byte, seat engine.Seat) (BoxPublic, error) {
	pub := Hash(b.priv.PublicKey().Bytes())
	sig, err := id.Sign(nil, boxKeyMessage(table, seat, pub), crypto.Hash(0))
	if err != nil {
		return BoxPublic{}, fmt.Errorf("%w: %v", ErrBadSignature, err)
	}
	return BoxPublic{Seat: seat, Key: pub, Sig: sig}, nil
}

// Verify checks the announcement against the seat's identity key.
func (bp BoxPublic) Verify(identity ed25519.PublicKey, table []byte) error {
	if len(identity) != ed25519.PublicKeySize || len(bp.Sig) != ed25519.SignatureSize ||
		!sigcheck.Verify(identity, boxKeyMessage(table, bp.Seat, bp.Key), bp.Sig) {
		return fmt.Errorf("%w: seat %d's box key", ErrBadSignature, bp.Seat)
	}
	return nil
}

// aead derives the key for messages from → to.
func (b *BoxKey) aead(peer Hash, table []byte, from, to engine.Seat, fromKey, toKey Hash) (cipherAEAD, error) {
	info := newTranscript("box").bytes(table).seat(from).bytes(fromKey[:]).seat(to).bytes(toKey[:]).sum64()
	if b.priv == nil || b.aeads == nil {
		return nil, errors.New("box key not made by NewBoxKey")
	}
	b.mu.Lock()
	defer b.mu.Unlock()
	if a, ok := b.aeads[info]; ok {
		return a, nil
	}
	pk, err := ecdh.X25519().NewPublicKey(peer[:])
	if err != nil {
		return nil, err
	}
	shared, err := b.priv.ECDH(pk) // refuses a low-order peer key (all-zero secret)
	if err != nil {
		return nil, err
	}
	key, err := hkdf.Key(sha256.New, shared, nil, string(info[:]), chacha20poly1305.KeySize)
	if err != nil {
		return nil, err
	}
	a, err := chacha20poly1305.NewX(key)
	if err != nil {
		return nil, err
	}
	b.aeads[info] = a
	return a, nil
}

type cipherAEAD interface {
	Seal(dst, nonce, plaintext, additionalData []byte) []byte
	Open(dst, nonce, ciphertext, additionalData []byte) ([]byte, error)
}

func envelopeAD(sc Scope, from, to engine.Seat, label string) []byte {
	d := newTranscript("envelope").scope(sc).seat(from).seat(to).str(label).sum64()
	return d[:]
}

// Seal encrypts msg from seat from to the announced key to.
func (b *BoxKey) Seal(rand io.Reader, sc Scope, from engine.Seat, to BoxPublic, label string, msg []byte) (Envelope, error) {
	mine := Hash(b.priv.PublicKey().Bytes())
	a, err := b.aead(to.Key, sc.Table, from, to.Seat, mine, to.Key)
	if err != nil {
		return Envelope{}, fmt.Errorf("%w: seat %d's key: %v", ErrBadKey, to.Seat, err)
	}
	nonce := make([]byte, chacha20poly1305.NonceSizeX)
	if _, err := io.ReadFull(rand, nonce); err != nil {
		return Envelope{}, fmt.Errorf("envelope nonce: %w", err)
	}
	return Envelope{From: from, To: to.Seat, Label: label, Nonce: nonce,
		Box: a.Seal(nil, nonce, msg, envelopeAD(sc, from, to.Seat, label))}, nil
}

// Open decrypts an envelope addressed to me (whose key this is) from the announced key from.
func (b *BoxKey) Open(sc Scope, me engine.Seat, from BoxPublic, env Envelope) ([]byte, error) {
	if env.To != me || env.From != from.Seat || len(env.Nonce) != chacha20poly1305.NonceSizeX {
		return nil, fmt.Errorf("%w: from %d to %d", ErrBadEnvelope, env.From, env.To)
	}
	mine := Hash(b.priv.PublicKey().Bytes())
	a, err := b.aead(from.Key, sc.Table, from.Seat, me, from.Key, mine)
	if err != nil {
		return nil, fmt.Errorf("%w: seat %d's key: %v", ErrBadEnvelope, from.Seat, err)
	}
	msg, err := a.Open(nil, env.Nonce, env.Box, envelopeAD(sc, env.From, me, env.Label))
	if err != nil {
		return nil, fmt.Errorf("%w: from seat %d", ErrBadEnvelope, env.From)
	}
	return msg, nil
}
