package sigcheck

import (
	"crypto/sha256"
	"sync"
)

// seen remembers signatures this process has found good, so that a page checks each one once.
// The host's page runs the table and its own player's guest: the host checks a guest's move,
// share or seal before taking it, and the page's guest then checked the same bytes again in
// its audit (issue 26: about 70 % of the host page's engine time per move was these second
// checks). Only good answers are kept, keyed by a SHA-256 of the exact key, signature and
// message, so any other bytes are checked in full; a bad signature is never remembered, so
// nothing can be planted here. A good answer for the same bytes is the same answer again
// (Verify decides exactly as crypto/ed25519 does), so every check a guest relies on stands.
var (
	seenMu sync.Mutex
	seen   = map[[32]byte]struct{}{}
)

// seenCap bounds the memory (32 bytes a signature): a game's record holds a few hundred.
const seenCap = 4096

// seenKey digests a signature with its key and message: pub and sig have fixed lengths
// (checked before), so pub‖sig‖msg is unambiguous.
func seenKey(pub, msg, sig []byte) [32]byte {
	h := sha256.New()
	h.Write(pub)
	h.Write(sig)
	h.Write(msg)
	return [32]byte(h.Sum(nil))
}

// once answers from what was seen, or by check (remembering a good answer).
func once(pub, msg, sig []byte, check func() bool) bool {
	k := seenKey(pub, msg, sig)
	seenMu.Lock()
	_, ok := seen[k]
	seenMu.Unlock()
	if ok {
		return true
	}
	if !check() {
		return false
	}
	seenMu.Lock()
	if len(seen) >= seenCap {
		clear(seen)
	}
	seen[k] = struct{}{}
	seenMu.Unlock()
	return true
}

// Signed remembers a signature this process has just made with crypto/ed25519.Sign under pub's
// private key: Go's Verify accepts every such signature, so Verify may answer it at once.
func Signed(pub, msg, sig []byte) {
	if len(pub) != 32 || len(sig) != 64 {
		return
	}
	once(pub, msg, sig, func() bool { return true })
}

// Forget drops every remembered signature: the next check of each is done in full. A page calls
// it when it closes a table (those signatures will not come again); a benchmark of first checks
// starts with it.
func Forget() {
	seenMu.Lock()
	clear(seen)
	seenMu.Unlock()
}
