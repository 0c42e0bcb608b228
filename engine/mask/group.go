package mask

// Hashing into the group and its scalars, with domain separation. Every hash input is a
// sequence of length-prefixed fields after a tag "miskatonic/v1/mask/...", so no two different
// inputs (of any two uses) can collide by shifting bytes between fields.

import (
	"crypto/sha512"
	"encoding/binary"
	"hash"
	"io"

	"filippo.io/edwards25519"

	"miskatonic/engine"
)

const tagPrefix = "miskatonic/v1/mask/"

// Scope is one deal of one table: every proof, commitment and envelope is bound to it, so
// nothing made for one deal is accepted in another.
type Scope struct {
	Table []byte `json:"table"` // the table's id
	Deal  uint64 `json:"deal"`  // the deal's number within the table
}

type transcript struct{ h hash.Hash }

func newTranscript(tag string) *transcript {
	t := &transcript{h: sha512.New()}
	t.bytes([]byte(tagPrefix + tag))
	return t
}

func (t *transcript) bytes(b []byte) *transcript {
	var n [4]byte
	binary.BigEndian.PutUint32(n[:], uint32(len(b)))
	t.h.Write(n[:])
	t.h.Write(b)
	return t
}

func (t *transcript) str(s string) *transcript { return t.bytes([]byte(s)) }

func (t *transcript) u64(v uint64) *transcript {
	return t.bytes(binary.BigEndian.AppendUint64(nil, v))
}

func (t *transcript) seat(s engine.Seat) *transcript { return t.u64(uint64(int64(s))) }

func (t *transcript) scope(sc Scope) *transcript { return t.bytes(sc.Table).u64(sc.Deal) }

func (t *transcript) point(p Point) *transcript { return t.bytes(p[:]) }

func (t *transcript) sum64() [64]byte {
	var out [64]byte
	t.h.Sum(out[:0])
	return out
}

// scalar reduces the transcript's 64-byte digest modulo the group order (uniform).
func (t *transcript) scalar() *edwards25519.Scalar {
	d := t.sum64()
	s, _ := edwards25519.NewScalar().SetUniformBytes(d[:]) // 64 bytes: cannot fail
	return s
}

// randomScalar draws a uniform non-zero scalar from r. Hedged: the draw is hashed with the
// caller's secret context, so a weak reader alone does not repeat a nonce across messages.
func randomScalar(r io.Reader, hedge *transcript) (*edwards25519.Scalar, error) {
	var buf [64]byte
	if _, err := io.ReadFull(r, buf[:]); err != nil {
		return nil, err
	}
	s := hedge.bytes(buf[:]).scalar()
	if s.Equal(edwards25519.NewScalar()) == 1 {
		return nil, io.ErrUnexpectedEOF // probability 2^-252: a broken reader
	}
	return s, nil
}

func basePoint() *edwards25519.Point { return edwards25519.NewGeneratorPoint() }

func identityPoint() *edwards25519.Point { return edwards25519.NewIdentityPoint() }
