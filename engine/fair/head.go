package fair

// The signed log head (issue 10, finding 3). The table code players compare is a hash chain over
// the public record of a game: the table id and the host's key, then every move in order (a
// deal's seed left out) and each deal's commitment with its deal. Whenever it commits to a deal
// (the previous one's moves all in) and at the game's end the host signs the head of the chain,
// with the pending deal's commitment, with its identity key, and each guest
// checks the signature and that the head is the chain of the record it was shown. Equal codes
// mean everyone was shown the same story; two heads the host signed for the same table and seq
// that differ are a proof, which anyone can check, that the host told two stories.

import (
	"bytes"
	"crypto/ed25519"
	"crypto/sha256"
	"encoding/base32"
	"encoding/binary"
	"encoding/json"

	"miskatonic/engine"
	"miskatonic/internal/sigcheck"
)

const (
	tagHead    = "miskatonic/v3/log-head"
	tagHeadSig = "miskatonic/v3/log-head-signature"
)

// HeadStart is the chain before any move: the table id and the host's key, so a host that
// showed two guests different keys gives them different codes from the start.
func HeadStart(table, hostKey []byte) [32]byte {
	var b bytes.Buffer
	field(&b, []byte(tagHead))
	field(&b, table)
	field(&b, hostKey)
	return sha256.Sum256(b.Bytes())
}

// HeadNext extends the chain by the next move of the public record; commit is the commitment
// of the deal a deal move applies (nil for any other move).
func HeadNext(prev [32]byte, m engine.Move, commit *[32]byte) [32]byte {
	if m.Kind == engine.KindDeal {
		m.Seed = "" // public only once revealed: the chain must not change when it is
	}
	mb, _ := json.Marshal(m) // a Move always encodes
	var b bytes.Buffer
	b.Write(prev[:])
	field(&b, mb)
	if commit != nil {
		field(&b, commit[:])
	}
	return sha256.Sum256(b.Bytes())
}

// HeadPending extends a head by the commitment of the deal being made now (epoch), not yet
// applied: a signed head then also says which deal every guest was committed to.
func HeadPending(head [32]byte, epoch int, commit [32]byte) [32]byte {
	var b bytes.Buffer
	b.Write(head[:])
	field(&b, binary.BigEndian.AppendUint64(nil, uint64(epoch)))
	field(&b, commit[:])
	return sha256.Sum256(b.Bytes())
}

// SignedHead is the host's signature on the head of the chain after game seq Seq.
type SignedHead struct {
	Table []byte   `json:"table"`
	Seq   int      `json:"seq"`
	Head  [32]byte `json:"head"`
	// Round numbers the heads signed at Seq for one pending deal: a deal committed again (a
	// restart every guest was shown and counted) gets a new head at the same seq, one round
	// on. Heads of different rounds do not contradict each other; a story that differs shows
	// again at the next head, where the applied deal's commitment is in the chain.
	Round int    `json:"round,omitempty"`
	Key   []byte `json:"key"` // the host's identity key
	Sig   []byte `json:"sig"`
}

func headMessage(table []byte, seq int, head [32]byte, round int) []byte {
	var b bytes.Buffer
	field(&b, []byte(tagHeadSig))
	field(&b, table)
	field(&b, binary.BigEndian.AppendUint64(nil, uint64(seq)))
	field(&b, head[:])
	if round > 0 { // round 0 signs what heads signed before rounds
		field(&b, binary.BigEndian.AppendUint64(nil, uint64(round)))
	}
	return b.Bytes()
}

// SignHead signs the head of a table's chain after seq.
func (id Identity) SignHead(table []byte, seq int, head [32]byte) SignedHead {
	return id.SignHeadRound(table, seq, head, 0)
}

// SignHeadRound signs the head of round round at seq (see SignedHead.Round).
// The host's page checks its own heads again in its player's guest: the signature is
// remembered as good (sigcheck.Signed), so that check is not a second Ed25519 verify (issue 26).
func (id Identity) SignHeadRound(table []byte, seq int, head [32]byte, round int) SignedHead {
	msg := headMessage(table, seq, head, round)
	sig := ed25519.Sign(id.priv, msg)
	sigcheck.Signed(id.Public(), msg, sig)
	return SignedHead{Table: append([]byte(nil), table...), Seq: seq, Head: head, Round: round, Key: id.Public(), Sig: sig}
}

// Valid reports whether s carries its key's signature.
func (s SignedHead) Valid() bool {
	if len(s.Key) != ed25519.PublicKeySize || len(s.Sig) != ed25519.SignatureSize || s.Seq < 0 || s.Round < 0 {
		return false
	}
	return sigcheck.Verify(s.Key, headMessage(s.Table, s.Seq, s.Head, s.Round), s.Sig)
}

// Equivocation reports whether a and b prove that one key signed two different heads for the
// same table, seq and round: what two players holding different codes can show anyone. (Two
// rounds at one seq are an honest restart, which every guest was shown and counted.)
func Equivocation(a, b SignedHead) bool {
	return a.Valid() && b.Valid() && bytes.Equal(a.Key, b.Key) && bytes.Equal(a.Table, b.Table) &&
		a.Seq == b.Seq && a.Round == b.Round && a.Head != b.Head
}

// Code is the short table code of a signed head, shown for players to compare (e.g. G5DQ-R77X).
func (s SignedHead) Code() string {
	c := base32.StdEncoding.EncodeToString(s.Head[:5])
	return c[:4] + "-" + c[4:]
}
