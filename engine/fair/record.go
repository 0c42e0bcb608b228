package fair

// The host's seal on a finished game's record (issue 23, item 5). The players' signatures prove
// who made each move, but only under the keys the record says the seats had; before the seal
// nothing signed those keys, so anyone could put their own keys at every seat, rewrite the
// game and sign it again, or swap two names. The seal is the host's identity-key signature over
// everything a reader takes on trust otherwise: game, rules version, setup, table id, every
// seat's name and identity key, which moves a stand-in played, and the head of the game's hash
// chain (head.go) after its last move, which in turn covers every move and every deal's
// commitment, and through the commitment that deal's roster. A forger without the host's key
// can change none of it; one who seals with its own key shows another host's fingerprint, and
// another table code, than the players saw.

import (
	"bytes"
	"crypto/ed25519"
	"crypto/sha256"
	"encoding/base32"
	"encoding/binary"
	"sort"

	"miskatonic/engine"
	"miskatonic/internal/sigcheck"
)

const (
	tagRecordSeal   = "miskatonic/v3/record-seal"
	tagFingerprint  = "miskatonic/v3/key-fingerprint"
	fingerprintSize = 10 // base32 characters: 50 bits, shown as two groups of five
)

// RecordSeal is what the host signs at a game's end.
type RecordSeal struct {
	Game     string
	Version  int // rules version (Record.Version, 0 read as 1)
	Config   engine.Config
	Table    []byte
	Names    []string
	Keys     [][]byte // identity key per seat; empty for a bot
	StandIns []int    // game seqs of moves stand-ins played, ascending
	Seq      int      // moves the head covers: all of the record's
	Head     [32]byte // the chain head (HeadStart with the host's key, then HeadNext) after Seq
}

func (s RecordSeal) message(host []byte) []byte {
	var b bytes.Buffer
	u64 := func(n int) { field(&b, binary.BigEndian.AppendUint64(nil, uint64(n))) }
	field(&b, []byte(tagRecordSeal))
	field(&b, host)
	field(&b, []byte(s.Game))
	u64(max(s.Version, 1))
	field(&b, s.Table)
	// The setup: seats, then the options sorted by key, so a map's order does not matter.
	u64(s.Config.Seats)
	keys := make([]string, 0, len(s.Config.Options))
	for k := range s.Config.Options {
		keys = append(keys, k)
	}
	sort.Strings(keys)
	u64(len(keys))
	for _, k := range keys {
		field(&b, []byte(k))
		field(&b, []byte(s.Config.Options[k]))
	}
	u64(len(s.Names))
	for _, n := range s.Names {
		field(&b, []byte(n))
	}
	u64(len(s.Keys))
	for _, k := range s.Keys {
		field(&b, k)
	}
	u64(len(s.StandIns))
	for _, q := range s.StandIns {
		u64(q)
	}
	u64(s.Seq)
	field(&b, s.Head[:])
	return b.Bytes()
}

// SignRecord seals s with the host's identity key.
func (id Identity) SignRecord(s RecordSeal) []byte {
	return ed25519.Sign(id.priv, s.message(id.Public()))
}

// VerifyRecord reports whether sig is host's seal on s.
func VerifyRecord(host []byte, s RecordSeal, sig []byte) bool {
	if len(host) != ed25519.PublicKeySize || len(sig) != ed25519.SignatureSize {
		return false
	}
	return sigcheck.Verify(host, s.message(host), sig)
}

// Fingerprint is a short, human-comparable name for an identity key (e.g. "K7Q2M-XW4BD"): what a
// replay shows for each seat and the host, for players to compare with their own.
func Fingerprint(key []byte) string {
	if len(key) == 0 {
		return ""
	}
	var b bytes.Buffer
	field(&b, []byte(tagFingerprint))
	field(&b, key)
	sum := sha256.Sum256(b.Bytes())
	c := base32.StdEncoding.EncodeToString(sum[:10])[:fingerprintSize]
	return c[:5] + "-" + c[5:]
}
